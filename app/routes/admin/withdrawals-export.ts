import type { Route } from "./+types/withdrawals-export";
import { lagosDay } from "~/domain/adverts/lagos-day";
import { processingPayoutsCsv } from "~/domain/withdrawals/payout-export.server";
import { actorFrom, requireAdmin } from "~/server/auth.server";

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";

/**
 * The processing withdrawals as a CSV for the bank's bulk-transfer upload (a resource route: no
 * page). Named after the Africa/Lagos day it was taken; never cached, it holds account numbers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "manage_withdrawals", DENIED);
  const csv = await processingPayoutsCsv(context.services.db, actorFrom(admin, context));
  return new Response(csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="adnaira-payouts-${lagosDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
