import { Link, useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { BankDetailsCard, type SavedBankDetails } from "~/components/profile/bank-details-card";
import type { RenderedFailure } from "~/components/profile/profile-form";
import { WithdrawCard, type WithdrawTerms } from "~/components/profile/withdraw-card";
import { WithdrawalList } from "~/components/profile/withdrawal-list";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";

/** The payouts loader's data (app/routes/advertiser/payouts/layout.tsx). */
export type PayoutsData = {
  /** The business was approved by an admin: only then may it ask for payouts. */
  approved: boolean;
  bankDetails: SavedBankDetails | null;
  terms: WithdrawTerms;
  withdrawKey: string;
  withdrawals: WithdrawalHistoryItem[];
  /** The payment provider resolves account names: the bank details form checks, then confirms. */
  resolveNames: boolean;
};

const PAYOUTS_ROUTE_ID = "routes/advertiser/payouts/layout";
export const PAYOUT_FORM_ACTIONS = {
  "bank-details": "/advertiser/payouts/bank-details",
  withdraw: "/advertiser/payouts/withdraw",
} as const;

/**
 * The advertiser's payouts: their balance (unspent campaign money returned from escrow, and any
 * payment not yet used) paid back to the business's bank account through the withdrawal desk.
 * Rendered by /advertiser/payouts and by each form's route, which passes the refusal it rendered
 * (`rendered`) when a form was posted without JavaScript.
 */
export function PayoutsPage({ rendered }: { rendered?: RenderedFailure }) {
  const data = useRouteLoaderData(PAYOUTS_ROUTE_ID) as PayoutsData;
  useToastFrom(rendered?.failure.toast);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <p className="text-sm">
          <Link to="/advertiser" className="text-brand-700 underline underline-offset-2">
            Back to your campaigns
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold">Payouts</h1>
        <p className="mt-1 text-sm text-gray-600">
          Money left on your balance (a campaign&apos;s unspent budget comes back here when it ends, is cancelled or
          rejected) can be paid out to your business bank account. An admin processes each request.
        </p>
      </div>
      <div className="grid gap-6">
        <WithdrawCard
          terms={data.terms}
          idempotencyKey={data.withdrawKey}
          hasBankDetails={data.bankDetails != null}
          approved={data.approved}
          rendered={rendered}
          action={PAYOUT_FORM_ACTIONS.withdraw}
          title="Request a payout"
          notApprovedText="Your business needs to be approved by an admin before you can request payouts."
        />
        <BankDetailsCard
          saved={data.bankDetails}
          rendered={rendered}
          action={PAYOUT_FORM_ACTIONS["bank-details"]}
          page="/advertiser/payouts"
          resolveNames={data.resolveNames}
        />
      </div>
      <div className="grid gap-6">
        <WithdrawalList rows={data.withdrawals} />
      </div>
    </div>
  );
}
