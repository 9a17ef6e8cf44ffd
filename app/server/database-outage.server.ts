import { createContext, type MiddlewareFunction } from "react-router";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { SERVICE_UNAVAILABLE_RETRY_AFTER, serviceUnavailable } from "./auth.server";
import type { RequestContext } from "./context.server";

/** Set when a loader, action or middleware of this request met "the database cannot be reached". */
const databaseUnreachable = createContext(false);

/**
 * Called from handleError (app/entry.server.tsx), which React Router calls for every error a
 * loader, action or middleware lets escape, before the middleware chain unwinds. True when
 * the error is a database outage: the request will answer 503, so it is not logged as a bug.
 */
export function noteDatabaseOutage(error: unknown, context: RequestContext | undefined): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  context?.set(databaseUnreachable, true);
  return true;
}

/**
 * The root's middleware: whichever loader, action or middleware met a database outage, the
 * request answers the 503 page (with Retry-After) instead of a 500. A middleware never sees the
 * error itself (React Router renders it into the response first), so the inner one reads the
 * mark handleError left and throws the 503, which the root's error boundary renders; the outer
 * one restores Retry-After, which React Router drops from a middleware's thrown answer.
 */
export const databaseOutageAs503: MiddlewareFunction<Response>[] = [
  async ({ context }, next) => {
    const response = await next();
    if (context.get(databaseUnreachable) && response.status === 503) {
      response.headers.set("Retry-After", SERVICE_UNAVAILABLE_RETRY_AFTER);
    }
    return response;
  },
  async ({ context }, next) => {
    const response = await next();
    if (!context.get(databaseUnreachable)) return response;
    await response.body?.cancel(); // the 500 page rendered for the error is replaced
    throw serviceUnavailable();
  },
];
