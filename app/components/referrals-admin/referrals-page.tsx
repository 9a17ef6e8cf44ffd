import { useRouteLoaderData } from "react-router";
import { AnswerNote } from "~/components/admin/answer-note";
import { useToastFrom } from "~/components/ui/toaster";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { AdminReferralList, referralListHref, type AdminReferralPage, type ReferralListQuery } from "./referral-list";
import { REVIEW_HELD_ACTION, ReviewHeldCard, type HeldReferralView, type ReviewDecision } from "./review-held";
import { REFERRAL_SETTINGS_ACTION, ReferralSettingsForm, type ReferralSettingsValues } from "./settings-form";

/** The referral admin page's data (app/routes/admin/referrals/layout.tsx). */
export type ReferralsAdminData = {
  query: ReferralListQuery;
  /** The held reward whose Release or Void the page asks about (the buttons' link without JavaScript). */
  reviewing: { decision: ReviewDecision; referral: HeldReferralView } | null;
  stats: { totalReferrals: number; totalRewardsPaid: string; activeReferrers: number };
  list: AdminReferralPage;
  settings: ReferralSettingsValues;
};

const REFERRALS_ROUTE_ID = "routes/admin/referrals/layout";

/**
 * /admin/referrals: the referral reward form, the statistics and the referrals. Also rendered by
 * the routes its forms post to: the settings form's (with its refusal, `failure`) and Release /
 * Void's (with the answer, `answer`, shown in words for the page posted without JavaScript).
 */
export function ReferralsAdminPage({ failure, answer }: { failure?: FormFailure; answer?: ActionAnswer }) {
  const data = useRouteLoaderData(REFERRALS_ROUTE_ID) as ReferralsAdminData;
  useToastFrom(failure?.toast ?? answer?.toast);
  const { query } = data;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold">Referral System Settings</h1>
      {answer ? <AnswerNote answer={answer} /> : null}
      {data.reviewing ? (
        <ReviewHeldCard
          row={data.reviewing.referral}
          decision={data.reviewing.decision}
          action={referralListHref(query, REVIEW_HELD_ACTION)}
          listHref={referralListHref(query, "/admin/referrals")}
        />
      ) : null}
      <Card>
        <CardTitle>Referral reward</CardTitle>
        <CardDescription>
          What a referrer earns when a member they referred has their first membership upgrade approved.
        </CardDescription>
        <ReferralSettingsForm
          saved={data.settings}
          failure={failure}
          action={referralListHref(query, REFERRAL_SETTINGS_ACTION)}
        />
      </Card>
      <Statistics stats={data.stats} />
      <AdminReferralList query={query} list={data.list} />
    </div>
  );
}

function Statistics({ stats }: { stats: ReferralsAdminData["stats"] }) {
  const figures = [
    ["Total Referrals", stats.totalReferrals.toLocaleString("en-NG")],
    ["Total Rewards Paid", stats.totalRewardsPaid],
    ["Active Referrers", stats.activeReferrers.toLocaleString("en-NG")],
  ] as const;
  return (
    <Card>
      <CardTitle>Referral Statistics</CardTitle>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-4">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-gray-900" data-testid={`stat-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
