import type { Route } from "./+types/refund";
import { ReconciliationPage } from "~/components/payments-admin/reconciliation-page";
import { RECONCILIATION_PATH } from "~/components/payments-admin/reconciliation-query";
import { RefundPaymentSchema } from "~/domain/payments/disagreements";
import { REFUND_REFUSALS, refundPayment } from "~/domain/payments/refunds.server";
import { formatKobo } from "~/domain/shared/money";
import { errorToast } from "~/lib/toast";
import { data } from "react-router";
import { forbidden } from "~/server/auth.server";
import { actionAnswer, echoValues, parseForm, readForm } from "~/server/forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";
import { redirectWithToast } from "~/server/toast.server";
import { RECONCILIATION_DENIED, requireReconciliationAdmin } from "./reconciliation.server";

const FAILED = "Refund Failed";

/**
 * POST /admin/reconciliation/refund: a held payment refunded through Paystack (audited), then back
 * to the page with a toast. A refused reason reopens the dialog with what was typed; a payment that
 * cannot be refunded (already on its way, approved an upgrade…) answers a toast on the page.
 * Served only with the provider on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireReconciliationAdmin(request, context);
  const provider = context.services.paymentProvider;
  if (!provider) throw data({ message: "Online payments are off: refund in the Paystack dashboard." }, { status: 404 });
  await requireFreshFactor(request, context);
  const form = await readForm(request);
  const values = echoValues(form, ["reason"]);
  const parsed = parseForm(RefundPaymentSchema, form, { toastTitle: FAILED, values });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await refundPayment(context.services.db, provider, actor, parsed.data);
  switch (result.status) {
    case "forbidden":
      throw forbidden(RECONCILIATION_DENIED);
    case "ok":
      return redirectWithToast(context, RECONCILIATION_PATH, {
        type: "success",
        title: "Refund Sent",
        description:
          result.outcome === "sent"
            ? `Paystack is refunding ${formatKobo(result.refund.amountKobo)} of ${parsed.data.reference}. It is booked when Paystack reports it processed.`
            : `Paystack did not answer about the refund of ${parsed.data.reference}. It is checked with Paystack before anything is sent again.`,
      });
    case "refused":
      return actionAnswer(errorToast(FAILED, `${REFUND_REFUSALS.refused} ${result.message}`), { status: 422 });
    case "not-found":
      return actionAnswer(errorToast(FAILED, REFUND_REFUSALS[result.status]), { status: 404 });
    case "unavailable":
      return actionAnswer(errorToast(FAILED, REFUND_REFUSALS[result.status]), { status: 503 });
    case "not-paid":
    case "upgrade-approved":
    case "campaign-running":
    case "not-held":
    case "not-naira":
    case "in-progress":
    case "refunded":
      return actionAnswer(errorToast(FAILED, REFUND_REFUSALS[result.status]), { status: 409 });
  }
}

/** The reconciliation page, with the dialog open again after a refused reason (or the refusal's toast). */
export default function RefundPayment({ actionData }: Route.ComponentProps) {
  return <ReconciliationPage answer={actionData} />;
}
