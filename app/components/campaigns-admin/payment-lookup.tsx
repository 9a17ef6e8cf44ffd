import { useId } from "react";
import { Form } from "react-router";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { CAMPAIGN_STATUS_BADGES, type CampaignStatus } from "~/domain/campaigns/rules";
import { CAMPAIGN_FORM_ACTIONS, CAMPAIGNS_PATH } from "./campaigns-query";

/** The campaign a payment reference names, for the Confirm a payment card. */
export type PaymentLookupView = {
  reference: string;
  campaign: {
    reference: string;
    title: string;
    businessName: string;
    advertiserDisplayId: string;
    budget: string;
    status: CampaignStatus;
    /** What confirming would do: fund the campaign, credit the advertiser's balance, or nothing. */
    confirms: "campaign" | "balance" | null;
  } | null;
};

/**
 * Confirm a payment, in two steps: the reference is looked up with a GET (it changes nothing),
 * the campaign it names is shown, and only then does Confirm Payment post.
 */
export function PaymentLookup({ lookup, submitting }: { lookup: PaymentLookupView | null; submitting: boolean }) {
  const ids = useId();
  const campaign = lookup?.campaign;
  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardTitle id={`${ids}-title`}>Confirm a payment</CardTitle>
      <CardDescription>
        When a campaign&apos;s bank transfer arrives, type the payment reference from its narration (CMP-…) to find the
        campaign, check it, then confirm the payment. The campaign then goes to review.
      </CardDescription>
      <Form method="get" action={CAMPAIGNS_PATH} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1">
          <label htmlFor={`${ids}-reference`} className="text-sm font-medium text-gray-900">
            Payment reference
          </label>
          <Input
            id={`${ids}-reference`}
            name="reference"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="CMP-XXXXXXXX"
            maxLength={40}
            defaultValue={lookup?.reference}
          />
        </div>
        <Button type="submit" variant="outline">
          Find Campaign
        </Button>
      </Form>
      {lookup ? (
        <div className="mt-4" role="status">
          {campaign ? (
            <div className="grid gap-3 rounded-md border border-gray-200 p-4" data-testid="payment-campaign">
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-xs text-gray-500">Business</dt>
                  <dd className="break-words font-medium">
                    {campaign.businessName}{" "}
                    <span className="font-mono text-xs text-gray-500">{campaign.advertiserDisplayId}</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">Campaign</dt>
                  <dd className="break-words font-medium">{campaign.title}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">Budget to receive</dt>
                  <dd className="font-medium tabular-nums">{campaign.budget}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">Reference · Status</dt>
                  <dd>
                    <span className="font-mono">{campaign.reference}</span> ·{" "}
                    <StatusBadge status={campaign.status} badges={CAMPAIGN_STATUS_BADGES} />
                  </dd>
                </div>
              </dl>
              {campaign.confirms ? (
                <Form
                  method="post"
                  action={CAMPAIGN_FORM_ACTIONS.confirmPayment}
                  className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
                >
                  <input type="hidden" name="reference" value={campaign.reference} />
                  <p className="text-sm text-gray-700">
                    Confirm only once {campaign.budget} with this reference has reached the platform&apos;s account.
                    {campaign.confirms !== "balance"
                      ? ""
                      : campaign.status === "awaiting_payment"
                        ? " The campaign can no longer start as it is (its end date has passed or its terms break the current fee rules), so the money goes to the advertiser's balance."
                        : " The campaign no longer awaits payment, so the money goes to the advertiser's balance."}
                  </p>
                  <Button type="submit" disabled={submitting}>
                    {submitting ? "Confirming..." : "Confirm Payment"}
                  </Button>
                </Form>
              ) : (
                <p className="text-sm text-gray-700">
                  {campaign.status === "draft"
                    ? "This campaign is a draft: there is no payment to confirm yet."
                    : "This campaign's payment has already been confirmed."}
                </p>
              )}
            </div>
          ) : (
            <p className="text-sm text-red-700">No campaign has the reference {lookup.reference}.</p>
          )}
        </div>
      ) : null}
    </Card>
  );
}
