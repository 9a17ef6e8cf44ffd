import { RouterContextProvider } from "react-router";
import type { Services } from "./services.server";

/** What the HTTP server gives every request (server/app.ts, getLoadContext). */
export type RequestFields = {
  services: Services;
  cspNonce: string;
  requestId: string;
  clientIp: string;
};

/**
 * What every loader, action and middleware receives: React Router's context (typed entries set
 * by middleware, `context.get(…)`) carrying the server's fields as plain properties, so route
 * modules keep reading `context.services`.
 */
export type RequestContext = Readonly<RouterContextProvider>;

export function createRequestContext(fields: RequestFields): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), fields);
}

// Server-side only: clientLoader/clientAction get a context without these fields.
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends RequestFields {}
}
