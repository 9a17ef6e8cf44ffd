import type { StatusBadges } from "~/domain/shared/status-badges";

/** An admin's advert as Manage Adverts lists it: running, or every click it pays for used. */
export type AdvertStatus = "Active" | "Completed";

/** Active while current clicks are below max clicks, otherwise Completed. */
export const advertStatus = (a: { currentClicks: number; maxClicks: number }): AdvertStatus =>
  a.currentClicks < a.maxClicks ? "Active" : "Completed";

export const ADVERT_STATUS_BADGES = {
  Active: { label: "Active", tone: "green" },
  Completed: { label: "Completed", tone: "blue" },
} as const satisfies StatusBadges<AdvertStatus>;
