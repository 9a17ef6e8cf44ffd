import { Link, useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { Card, CardTitle } from "~/components/ui/card";
import type { WithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";
import { BankDetailsCard, type SavedBankDetails } from "./bank-details-card";
import { EarningsHistory, type EarningsHistoryItem } from "./earnings-history";
import { NameCard } from "./name-card";
import { PasswordCard } from "./password-card";
import type { RenderedFailure } from "./profile-form";
import { WithdrawCard, type WithdrawTerms } from "./withdraw-card";
import { WithdrawalList } from "./withdrawal-list";
import { formatLagosDate } from "~/lib/lagos-time";

/** The profile loader's data (app/routes/user/profile/layout.tsx). */
export type ProfileData = {
  name: string;
  email: string;
  displayId: string;
  /** ISO date-time. */
  joined: string;
  /** Members only (null for staff, who earn nothing). */
  totalEarnings: string | null;
  approved: boolean;
  /** Members only: every advert and referral reward, the latest `earningsShownAtMost`. */
  earnings: EarningsHistoryItem[] | null;
  earningsShownAtMost: number;
  /** Bank details and withdrawals: members only. */
  member: {
    bankDetails: SavedBankDetails | null;
    terms: WithdrawTerms;
    withdrawKey: string;
    withdrawals: WithdrawalHistoryItem[];
    /** The payment provider resolves account names: the bank details form checks, then confirms. */
    resolveNames: boolean;
  } | null;
};

const PROFILE_ROUTE_ID = "routes/user/profile/layout";

/**
 * The profile page, rendered by /profile and by each form's route (/profile/name, …), which
 * passes the refusal it rendered (`rendered`) when a form was posted without JavaScript.
 */
export function ProfilePage({ rendered }: { rendered?: RenderedFailure }) {
  const data = useRouteLoaderData(PROFILE_ROUTE_ID) as ProfileData;
  useToastFrom(rendered?.failure.toast);
  const { member } = data;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <h1 className="text-2xl font-bold lg:col-span-2">Profile</h1>
      <div className="grid gap-6">
        <Card>
          <CardTitle>Account information</CardTitle>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-600">Name</dt>
            <dd className="break-words font-medium">{data.name}</dd>
            <dt className="text-gray-600">Email</dt>
            <dd className="break-all font-medium">{data.email}</dd>
            <dt className="text-gray-600">User ID</dt>
            <dd className="font-mono font-medium">{data.displayId}</dd>
            <dt className="text-gray-600">Joined</dt>
            <dd className="font-medium">{formatLagosDate(data.joined)}</dd>
            {data.totalEarnings !== null ? (
              <>
                <dt className="text-gray-600">Total earnings</dt>
                <dd className="font-medium tabular-nums">{data.totalEarnings}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        {member ? (
          <>
            <WithdrawCard
              terms={member.terms}
              idempotencyKey={member.withdrawKey}
              hasBankDetails={member.bankDetails != null}
              approved={data.approved}
              rendered={rendered}
            />
            <BankDetailsCard saved={member.bankDetails} rendered={rendered} resolveNames={member.resolveNames} />
          </>
        ) : null}
      </div>
      <div className="grid gap-6">
        {member ? <WithdrawalList rows={member.withdrawals} statementLink /> : null}
        <NameCard name={data.name} rendered={rendered} />
        <PasswordCard rendered={rendered} />
        <Card aria-labelledby="profile-security-heading">
          <CardTitle id="profile-security-heading">Two-step verification</CardTitle>
          <p className="mt-2 text-sm text-gray-700">
            A code from an authenticator app on your phone, asked at login and before money leaves your account.
          </p>
          <Link to="/security" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            Security settings
          </Link>
        </Card>
      </div>
      {data.earnings ? (
        <div className="lg:col-span-2">
          <EarningsHistory rows={data.earnings} shownAtMost={data.earningsShownAtMost} />
        </div>
      ) : null}
    </div>
  );
}
