import type { Services } from "./services.server";
import type { SessionUser } from "~/domain/sessions/sessions.server";

/** What every loader and action receives from the HTTP server (getLoadContext). */
export type RequestContext = {
  services: Services;
  cspNonce: string;
  requestId: string;
  clientIp: string;
  /**
   * The client's network (see networkOf: the address for IPv4, its /64 for IPv6): what limits
   * per address count by, since a phone holds a whole /64 and may use a new address per request.
   */
  clientNetwork: string;
  /** The device id this browser sent (a signed first-party cookie, set on its first visit); "" when it sent none. */
  deviceId: string;
  /**
   * Per-request memo: the session's user is read from the database once per request (whether or
   * not the session has proved the second factor yet; getCurrentUser tells).
   */
  cache: { sessionUser?: Promise<SessionUser | null> };
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
