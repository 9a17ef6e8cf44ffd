import type { Route } from "./+types/layout";
import { loadCurrentUser } from "~/server/auth.server";

/**
 * The member area (no path, no page of its own): the signed-in user is read once per request,
 * before the loaders and actions below, whose guards take it from the request's context.
 */
export const middleware: Route.MiddlewareFunction[] = [loadCurrentUser];
