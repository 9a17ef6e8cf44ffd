import type { Clock } from "~/domain/shared/clock";

/** A clock `ms` ahead of the system's: what a rule does that much later, while time still runs. */
export const clockAhead =
  (ms: number): Clock =>
  () =>
    new Date(Date.now() + ms);
