import { actorFrom, requireAdmin } from "~/server/auth.server";
import type { RequestContext } from "~/server/context.server";

/** Manage Adverts' routes (the modules beside this one): who may use them, and their shared words. */

export const ADVERTS_DENIED = "Access Denied. You do not have permission to manage adverts.";

export const ADVERT_GONE = "This advert no longer exists. It may have been deleted by another admin.";

/** An admin with manage_adverts, as the actor of the action; anyone else is sent away or refused. */
export async function requireAdvertsAdmin(request: Request, context: RequestContext) {
  return actorFrom(await requireAdmin(request, context, "manage_adverts", ADVERTS_DENIED), context);
}
