import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/campaign-paid";
import { PaymentReturn, TryAgainForm } from "~/components/payments/payment-return";
import { findAdvertiserCampaign } from "~/domain/campaigns/campaigns.server";
import { campaignPaidPath, checkCampaignPayment, ownCampaignAttempt } from "~/domain/campaigns/pay-online.server";
import { paymentReturnState } from "~/domain/payments/payment-return";
import { formatKobo } from "~/domain/shared/money";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";
import { requireAdvertiser } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerPaymentCheck, paidPageOf } from "~/server/online-payments.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Online Payment");

const notFound = () => data({ message: "We could not find that payment." }, { status: 404 });
const ReferenceSchema = z.string().trim().min(1).max(60);

/**
 * GET /advertiser/campaigns/:campaignId/paid?reference=…: where Paystack's checkout sends the
 * advertiser back. Shows where the payment stands; changes nothing (the POST checks).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const search = new URL(request.url).searchParams;
  const reference = ReferenceSchema.safeParse(search.get("reference") ?? search.get("trxref"));
  if (!reference.success) throw notFound();
  const [attempt, campaign] = await Promise.all([
    ownCampaignAttempt(db, user.id, params.campaignId, reference.data),
    findAdvertiserCampaign(db, user.id, params.campaignId),
  ]);
  if (!attempt || !campaign) throw notFound();
  return {
    payment: {
      state: paymentReturnState(attempt.status, search.get("checked") === "1"),
      reference: attempt.reference,
      what: `Campaign "${campaign.title}", ${formatKobo(attempt.amountKobo)}`,
      heldReason: attempt.heldReason,
      checked: search.get("checked") === "1",
    },
    campaignId: campaign.id,
    awaitingPayment: campaign.status === "awaiting_payment",
  };
}

/** POST: "Check payment": asks Paystack about the advertiser's own payment and settles it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdvertiser(request, context);
  const { db, paymentProvider } = context.services;
  const reference = ReferenceSchema.safeParse((await readForm(request)).reference);
  if (!reference.success) throw notFound();
  const page = paidPageOf(campaignPaidPath(params.campaignId), reference.data, true);
  if (!paymentProvider) {
    return redirectWithToast(context, page, errorToast("Check Failed", "Paying online is not available just now."));
  }
  const result = await checkCampaignPayment(db, paymentProvider, {
    advertiserId: user.id,
    campaignId: params.campaignId,
    reference: reference.data,
  });
  return answerPaymentCheck(context, result, {
    page,
    booked: {
      to: `/advertiser/campaigns/${params.campaignId}`,
      toast: {
        type: "success",
        title: "Campaign Paid",
        description: "Your payment was received. An admin reviews the campaign next.",
      },
    },
  });
}

export default function CampaignPaid({ loaderData }: Route.ComponentProps) {
  const { payment, campaignId, awaitingPayment } = loaderData;
  const here = `/advertiser/campaigns/${campaignId}`;
  return (
    <PaymentReturn
      data={payment}
      back={{ to: here, label: "Back to the campaign" }}
      done={{ to: here, label: "Go to the campaign" }}
      paidText="The campaign's budget has been paid. An admin reviews the campaign next; you will see it go live on its page."
      notPaidHint={
        awaitingPayment
          ? "You can try again, or go back to the campaign and pay by bank transfer or from your balance."
          : "This campaign is no longer awaiting payment."
      }
      notPaidActions={awaitingPayment ? <TryAgainForm action={here} fields={{ intent: "pay-online" }} /> : null}
    />
  );
}
