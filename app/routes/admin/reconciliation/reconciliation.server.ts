import { actorFrom, requireAdmin } from "~/server/auth.server";
import type { RequestContext } from "~/server/context.server";

/**
 * The reconciliation page's routes (the modules beside this one): who may use them. Reconciliation
 * is part of paying withdrawals: manage_withdrawals.
 */
export const RECONCILIATION_DENIED = "Access Denied.";

/** An admin with manage_withdrawals, as the actor of the action; anyone else is sent away or refused. */
export async function requireReconciliationAdmin(request: Request, context: RequestContext) {
  return actorFrom(await requireAdmin(request, context, "manage_withdrawals", RECONCILIATION_DENIED), context);
}
