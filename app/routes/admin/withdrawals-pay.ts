import { data } from "react-router";
import type { Route } from "./+types/withdrawals-pay";
import type { Toast } from "~/lib/toast";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import { PAY_REFUSALS, type PayResult, payWithdrawalsByTransfer } from "~/domain/withdrawals/pay-by-transfer.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { readFormWithLists } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";
const NOT_ON = "Paying withdrawals through Paystack is not turned on.";
const POST_ONLY =
  "Withdrawals are paid with the buttons on Withdrawal Requests (a form post): opening this address changes nothing.";
/** At most this many in one press: each is a call to Paystack, one after another. */
const MAX_SELECTED = 50;

/**
 * POST /admin/withdrawals/pay, withdrawalId (one or more): pays the processing withdrawals through
 * Paystack ("Pay via Paystack" on a row, or the ticked ones with "Pay selected via Paystack"),
 * then back to the list (`returnTo`) with a toast saying what happened to each. A plain form post,
 * so it works before JavaScript has loaded. Without the provider there is no such route (404).
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
  const provider = context.services.paymentProvider;
  if (!provider) throw data({ message: NOT_ON }, { status: 404 });
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
  if (ids.length > MAX_SELECTED) {
    return redirectWithToast(context, back, {
      type: "error",
      title: "Nothing Paid",
      description: `Pay at most ${MAX_SELECTED} withdrawals at a time.`,
    });
  }
  const result = await payWithdrawalsByTransfer(context.services.db, provider, actorFrom(admin, context), ids);
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.results.some((r) => r.result.status === "completed")) void context.services.flushMail();
  return redirectWithToast(context, back, payToast(result.results.map((r) => r.result)));
}

/** One line per withdrawal that was not sent: its reference and why. */
function refusalLine(r: PayResult): string | null {
  switch (r.status) {
    case "sent":
    case "completed":
      return null;
    case "refused":
      return `${r.withdrawal.reference}: ${PAY_REFUSALS.refused} Paystack said: “${r.message}”`;
    case "unknown":
      return `${r.withdrawal.reference}: ${PAY_REFUSALS.unknown}`;
    case "not-processing":
      return `${PAY_REFUSALS["not-processing"]} This one is ${WITHDRAWAL_STATUS_BADGES[r.current].label}.`;
    case "forbidden":
      return DENIED;
    default:
      return PAY_REFUSALS[r.status];
  }
}

/** The toast after paying: what was sent, and each refusal with its reason. */
function payToast(results: PayResult[]): Toast {
  const sent = results.filter((r) => r.status === "sent" || r.status === "completed");
  const refusals = results.map(refusalLine).filter((line): line is string => line !== null);
  const codes = sent.map((r) =>
    r.status === "sent" || r.status === "completed"
      ? `${r.withdrawal.reference} (${r.withdrawal.transferCode ?? r.withdrawal.transferReference})`
      : "",
  );
  if (sent.length === 0) {
    return {
      type: "error",
      title: results.length === 1 ? "Transfer Not Sent" : "No Transfers Sent",
      description: refusals.join(" "),
    };
  }
  const sentText =
    sent.length === 1
      ? `Sent through Paystack: ${codes[0]}. It shows as Sent until Paystack confirms the payment.`
      : `${sent.length} transfers sent through Paystack: ${codes.join(", ")}. They show as Sent until Paystack confirms each payment.`;
  return {
    type: refusals.length > 0 ? "info" : "success",
    title: sent.length === 1 ? "Transfer Sent" : "Transfers Sent",
    description: refusals.length > 0 ? `${sentText} Not sent: ${refusals.join(" ")}` : sentText,
  };
}
