import { data } from "react-router";
import type { Route } from "./+types/withdrawals-pay";
import type { Toast } from "~/lib/toast";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import {
  MAX_PAYOUTS_PER_BATCH,
  QUEUE_REFUSALS,
  queuePayouts,
  type QueuedPayouts,
} from "~/domain/withdrawals/payout-queue.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { readFormWithLists } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { requireFreshFactor } from "~/server/second-factor.server";

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";
const NOT_ON = "Paying withdrawals through Paystack is not turned on.";
const POST_ONLY =
  "Withdrawals are paid with the buttons on Withdrawal Requests (a form post): opening this address changes nothing.";

/**
 * POST /admin/withdrawals/pay, withdrawalId (one or more): queues the processing withdrawals to be
 * paid through Paystack ("Pay via Paystack" on a row, or the ticked ones with "Pay selected via
 * Paystack") and answers at once, back to the list (`returnTo`), where the progress panel shows
 * each one sent, waiting or not paid as the payout worker goes. A plain form post, so it works
 * before JavaScript has loaded. Without the provider there is no such route (404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_withdrawals", DENIED);
  throw new Response(POST_ONLY, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_withdrawals", DENIED);
  if (!context.services.paymentProvider) throw data({ message: NOT_ON }, { status: 404 });
  await requireFreshFactor(request, context);
  const { fields, lists } = await readFormWithLists(request, ["withdrawalId"]);
  const back = fields.returnTo?.startsWith("/admin/withdrawals") ? fields.returnTo : "/admin/withdrawals";
  const ids = [...new Set(lists.withdrawalId.map((id) => id.trim()).filter((id) => id.length > 0 && id.length <= 64))];
  if (ids.length === 0) {
    return redirectWithToast(context, back, {
      type: "error",
      title: "Nothing Paid",
      description: "Tick the processing withdrawals to pay first.",
    });
  }
  if (ids.length > MAX_PAYOUTS_PER_BATCH) {
    return redirectWithToast(context, back, {
      type: "error",
      title: "Nothing Paid",
      description: `Pay at most ${MAX_PAYOUTS_PER_BATCH} withdrawals at a time.`,
    });
  }
  const result = await queuePayouts(context.services.db, actorFrom(admin, context), ids);
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.queued.length > 0) context.services.kickPayouts();
  return redirectWithToast(context, back, queuedToast(result));
}

/** One line per withdrawal that was not queued: its reference and why. */
function refusalLine({ reference, refusal }: Extract<QueuedPayouts, { status: "ok" }>["refused"][number]): string {
  const why =
    refusal.status === "not-processing"
      ? `${QUEUE_REFUSALS["not-processing"]} This one is ${WITHDRAWAL_STATUS_BADGES[refusal.current].label}.`
      : QUEUE_REFUSALS[refusal.status];
  return reference ? `${reference}: ${why}` : why;
}

/** The toast after the press: what was queued, and each refusal with its reason. */
function queuedToast(result: Extract<QueuedPayouts, { status: "ok" }>): Toast {
  const { queued, refused } = result;
  const refusals = refused.map(refusalLine).join(" ");
  if (queued.length === 0) {
    return {
      type: "error",
      title: refused.length === 1 ? "Transfer Not Sent" : "No Transfers Sent",
      description: refusals,
    };
  }
  const queuedText =
    queued.length === 1
      ? `${queued[0]!.reference} is queued to be paid through Paystack. Its progress shows above the list.`
      : `${queued.length} withdrawals are queued to be paid through Paystack, one transfer each. Their progress shows above the list.`;
  return {
    type: refused.length > 0 ? "info" : "success",
    title: queued.length === 1 ? "Payment Queued" : "Payments Queued",
    description: refused.length > 0 ? `${queuedText} Not queued: ${refusals}` : queuedText,
  };
}
