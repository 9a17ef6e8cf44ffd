import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/paid";
import { PaymentReturn, TryAgainForm } from "~/components/payments/payment-return";
import { Button } from "~/components/ui/button";
import { checkUpgradePayment, ownUpgradeAttempt, UPGRADE_PAID_PATH } from "~/domain/memberships/pay-online.server";
import { UPGRADE_CANCEL_PATH, UPGRADE_PAY_PATH } from "~/domain/memberships/upgrade-view";
import { paymentReturnState } from "~/domain/payments/payment-return";
import { formatKobo } from "~/domain/shared/money";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import { requireMember } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerPaymentCheck, paidPageOf } from "~/server/online-payments.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Online Payment");

const notFound = () => data({ message: "We could not find that payment." }, { status: 404 });
const ReferenceSchema = z.string().trim().min(1).max(60);

/**
 * GET /membership/upgrade/paid?reference=…: where Paystack's checkout sends the member back.
 * Shows where the payment stands; changes nothing (the POST checks).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const params = new URL(request.url).searchParams;
  const reference = ReferenceSchema.safeParse(params.get("reference") ?? params.get("trxref"));
  // No such payment of this member's: nothing to show here.
  if (!reference.success) throw redirect("/dashboard");
  const own = await ownUpgradeAttempt(context.services.db, user.id, reference.data);
  if (!own) throw redirect("/dashboard");
  const { attempt, request: upgrade } = own;
  return {
    payment: {
      state: paymentReturnState(attempt.status, params.get("checked") === "1"),
      reference: attempt.reference,
      what: `Upgrade to ${upgrade.tierName}, ${formatKobo(upgrade.priceKobo)}`,
      heldReason: attempt.heldReason,
      checked: params.get("checked") === "1",
    },
    tierName: upgrade.tierName,
    dailyAdViews: upgrade.dailyAdViews,
    requestId: upgrade.id,
    /** "Try again" and "Cancel" only while the request is still pending. */
    pending: upgrade.status === "pending",
  };
}

/** POST: "Check payment": asks Paystack about the member's own payment and settles it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const { db, paymentProvider } = context.services;
  const reference = ReferenceSchema.safeParse((await readForm(request)).reference);
  if (!reference.success) throw notFound();
  const page = paidPageOf(UPGRADE_PAID_PATH, reference.data, true);
  if (!paymentProvider) {
    return redirectWithToast(context, page, errorToast("Check Failed", "Paying online is not available just now."));
  }
  const result = await checkUpgradePayment(db, paymentProvider, { userId: user.id, reference: reference.data });
  return answerPaymentCheck(context, result, {
    page,
    booked: {
      to: "/dashboard",
      toast: {
        type: "success",
        title: "Upgrade Approved",
        description: "Your payment was received and your membership has been upgraded.",
      },
    },
  });
}

export default function UpgradePaid({ loaderData }: Route.ComponentProps) {
  const { payment, tierName, dailyAdViews, requestId, pending } = loaderData;
  return (
    <PaymentReturn
      data={payment}
      back={{ to: "/dashboard", label: "Back to dashboard" }}
      done={{ to: "/dashboard", label: "Go to dashboard" }}
      paidText={`Your membership is now ${tierName}. From today you can earn from up to ${dailyAdViews} adverts a day.`}
      notPaidHint={
        pending
          ? "You can try again, or cancel the request and choose another way to pay."
          : "This upgrade request is no longer pending."
      }
      notPaidActions={
        pending ? (
          <>
            <TryAgainForm action={UPGRADE_PAY_PATH} fields={{ requestId }} />
            <Form method="post" action={UPGRADE_CANCEL_PATH}>
              <input type="hidden" name="requestId" value={requestId} />
              <Button type="submit" variant="outline">
                Cancel request
              </Button>
            </Form>
          </>
        ) : null
      }
    />
  );
}
