import type { Services } from "./services.server";
import type { CurrentUser } from "./auth.server";

/** What every loader and action receives from the HTTP server (getLoadContext). */
export type RequestContext = {
  services: Services;
  cspNonce: string;
  requestId: string;
  clientIp: string;
  /** Per-request memo: the signed-in user is read from the database once per request. */
  cache: { currentUser?: Promise<CurrentUser | null> };
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
