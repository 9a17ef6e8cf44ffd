import type { Route } from "./+types/withdrawals-export";
import { lagosDay } from "~/lib/lagos-time";
import { exportNewPayouts, type PayoutFile, reexportPayoutBatch } from "~/domain/withdrawals/payout-export.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";

const NOTHING_NEW =
  "There are no new withdrawals to export: every processing withdrawal is already in a payout file. " +
  "Reload Withdrawal Requests; an earlier file can be downloaded again from its withdrawals (never upload it to the bank twice).";

const POST_ONLY =
  "Payout files are downloaded with the buttons on Withdrawal Requests (a form post): opening this address changes nothing.";

/**
 * Payout files for the bank's bulk-transfer upload (a resource route: no page); never cached,
 * they hold account numbers. Both downloads are POSTs (through the origin check in
 * server/app.ts): a new batch takes withdrawals into a file and every download is audited, so
 * neither may happen on a GET that any page can trigger (a link, an image, a top-level
 * navigation from another site).
 *   POST /admin/withdrawals/export.csv               → a new batch: the processing withdrawals in no
 *                                                      file yet (409 with a message when there are none)
 *   POST /admin/withdrawals/export.csv  batch=PB…    → that earlier batch again, the same rows (404 if unknown)
 *   GET                                              → 405 (Allow: POST), nothing changes
 * Named after the Africa/Lagos day the batch was first taken, and the batch.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_withdrawals", DENIED);
  return text(405, POST_ONLY, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_withdrawals", DENIED);
  const actor = actorFrom(admin, context);
  const { db } = context.services;
  const { batch } = await readForm(request);
  if (batch !== undefined) {
    const name = batch.trim().toUpperCase();
    const result = await reexportPayoutBatch(db, actor, name);
    switch (result.status) {
      case "forbidden":
        throw forbidden(DENIED);
      case "not-found":
        return text(404, `There is no payout file ${name.slice(0, 20) || "(none named)"}.`);
      case "ok":
        return csvResponse(result.file);
    }
  }
  const result = await exportNewPayouts(db, actor);
  switch (result.status) {
    case "forbidden":
      throw forbidden(DENIED);
    case "nothing-new":
      return text(409, NOTHING_NEW);
    case "ok":
      return csvResponse(result.file);
  }
}

const PRIVATE = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

function csvResponse(file: PayoutFile) {
  return new Response(file.csv, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="adnaira-payouts-${lagosDay(file.exportedAt)}-${file.batch}.csv"`,
      "X-Payout-Batch": file.batch,
      ...PRIVATE,
    },
  });
}

function text(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE, ...headers },
  });
}
