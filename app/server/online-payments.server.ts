import { submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import {
  campaignPaidPath,
  payCampaignOnline,
  PAY_CAMPAIGN_ONLINE_REFUSALS,
} from "~/domain/campaigns/pay-online.server";
import { FEE_RULE_REFUSALS } from "~/domain/campaigns/rules";
import { data, redirect } from "react-router";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/domain/payments/checkout.server";
import type { SettleOutcome } from "~/domain/payments/settlement.server";
import {
  payUpgradeOnline,
  PAY_UPGRADE_ONLINE_REFUSALS,
  UPGRADE_PAID_PATH,
} from "~/domain/memberships/pay-online.server";
import { UPGRADE_REQUEST_REFUSALS } from "~/domain/memberships/request-upgrade.server";
import { errorToast, type Toast } from "~/lib/toast";
import type { RequestContext } from "./context.server";
import { redirectWithToast } from "./toast.server";

/** Our address for a path, as the provider's checkout must send the payer back to it (APP_URL). */
export const returnUrl = (context: RequestContext, path: string) => new URL(path, context.services.config.appUrl).href;

/** The return page of an attempt. */
export const paidPageOf = (path: string, reference: string, checked = false) =>
  `${path}?reference=${encodeURIComponent(reference)}${checked ? "&checked=1" : ""}`;

const NOT_STARTED = "Payment Not Started";

/**
 * "Pay online" right after the request is stored, and "Try again": a 302 to Paystack's checkout
 * (a plain form post, so it works without JavaScript; a fetcher follows it with a full page load),
 * or back to the dashboard with why not. The request stays pending whatever happens here.
 */
export async function upgradeCheckout(context: RequestContext, userId: string, requestId: string): Promise<Response> {
  const { db, paymentProvider } = context.services;
  const back = (message: string) => redirectWithToast(context, "/dashboard", errorToast(NOT_STARTED, message));
  if (!paymentProvider) return back(UPGRADE_REQUEST_REFUSALS["online-unavailable"]);
  const result = await payUpgradeOnline(db, paymentProvider, {
    userId,
    requestId,
    callbackUrl: returnUrl(context, UPGRADE_PAID_PATH),
  });
  switch (result.status) {
    case "redirect":
      return redirect(result.authorizationUrl);
    case "settled":
      // It was paid already (we had not heard): its return page says how it settled.
      void context.services.flushMail();
      return redirect(paidPageOf(UPGRADE_PAID_PATH, result.attempt.reference));
    case "conflict":
      return back(`This upgrade request can no longer be paid: it has been ${result.current}.`);
    case "too-many-attempts":
      return back(TOO_MANY_ATTEMPTS_MESSAGE);
    case "not-found":
    case "not-online":
    case "refused":
    case "unavailable":
      return back(PAY_UPGRADE_ONLINE_REFUSALS[result.status]);
  }
}

/**
 * "Pay online" on an advertiser's campaign (a draft is first moved to awaiting payment, as "Pay by
 * bank transfer" does, so its reference is the one it keeps): a 302 to Paystack's checkout, or
 * back to the campaign with why not.
 */
export async function campaignCheckout(
  context: RequestContext,
  advertiserId: string,
  campaignId: string,
): Promise<Response> {
  const { db, paymentProvider } = context.services;
  const here = `/advertiser/campaigns/${campaignId}`;
  const back = (message: string) => redirectWithToast(context, here, errorToast(NOT_STARTED, message));
  if (!paymentProvider) return back("Paying online is not available. Pay from your balance or by bank transfer.");
  // Only a draft moves; any other status is answered by payCampaignOnline below.
  const submitted = await submitCampaignForPayment(db, advertiserId, campaignId);
  if (submitted.status === "reward-below-minimum" || submitted.status === "fee-missing") {
    return back(FEE_RULE_REFUSALS[submitted.status]);
  }
  const result = await payCampaignOnline(db, paymentProvider, {
    advertiserId,
    campaignId,
    callbackUrl: returnUrl(context, campaignPaidPath(campaignId)),
  });
  switch (result.status) {
    case "redirect":
      return redirect(result.authorizationUrl);
    case "settled":
      return redirect(paidPageOf(campaignPaidPath(campaignId), result.attempt.reference));
    case "reward-below-minimum":
    case "fee-missing":
      return back(FEE_RULE_REFUSALS[result.status]);
    case "too-many-attempts":
      return back(TOO_MANY_ATTEMPTS_MESSAGE);
    case "not-found":
    case "conflict":
    case "ended":
    case "refused":
    case "unavailable":
      return back(PAY_CAMPAIGN_ONLINE_REFUSALS[result.status]);
  }
}

/**
 * The answer to "Check payment" on a return page: booked by this check → `booked` (where the
 * payer goes on, with its toast); Paystack unreachable → back to the page with an error toast;
 * anything else → back to the page, which shows where it stands. A reference that is not the
 * payer's is a 404.
 */
export async function answerPaymentCheck(
  context: RequestContext,
  result: SettleOutcome | { status: "unavailable" },
  pages: { page: string; booked: { to: string; toast: Toast } },
): Promise<Response> {
  switch (result.status) {
    case "unknown":
      throw data({ message: "We could not find that payment." }, { status: 404 });
    case "unavailable":
      return redirectWithToast(
        context,
        pages.page,
        errorToast("Check Failed", "We could not reach Paystack just now. Check again in a minute."),
      );
    case "booked":
      void context.services.flushMail();
      return redirectWithToast(context, pages.booked.to, pages.booked.toast);
    default:
      return redirect(pages.page);
  }
}
