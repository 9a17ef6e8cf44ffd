import { Link } from "react-router";
import { Card, CardTitle } from "~/components/ui/card";
import { CopyText } from "~/components/ui/copy-text";
import { ShareActions } from "./share-actions";

export type ReferralLinkSummary = { link: string; totalReferrals: number; totalEarnings: string };

/** The dashboard's referral link card: the link with Copy and Share, total referrals and total referral earnings. */
export function ReferralLinkCard({ summary }: { summary: ReferralLinkSummary }) {
  return (
    <Card aria-labelledby="referral-link-title" data-testid="referral-link-card">
      <CardTitle id="referral-link-title">Your Referral Link</CardTitle>
      <p className="mt-1 text-sm text-gray-600">
        Share it: whoever registers with it is your referral.{" "}
        <Link to="/referrals" className="font-medium text-brand-700 underline underline-offset-2">
          My Referrals
        </Link>
      </p>
      <CopyText
        className="mt-3"
        value={summary.link}
        label="referral link"
        copiedTitle="Link Copied!"
        testId="dashboard-referral-link"
      />
      <ShareActions link={summary.link} className="mt-3" />
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-gray-600">Total Referrals</dt>
          <dd className="mt-0.5 text-lg font-bold tabular-nums text-gray-900" data-testid="dashboard-total-referrals">
            {summary.totalReferrals}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Total Referral Earnings</dt>
          <dd className="mt-0.5 text-lg font-bold tabular-nums text-gray-900" data-testid="dashboard-referral-earnings">
            {summary.totalEarnings}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
