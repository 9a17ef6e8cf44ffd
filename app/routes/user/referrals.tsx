import { data, Link } from "react-router";
import type { Route } from "./+types/referrals";
import { textLinkClass } from "~/components/help/info-page";
import { CopyText } from "~/components/ui/copy-text";
import { ReferralLeaderboard } from "~/components/referrals/referral-leaderboard";
import { ReferralList } from "~/components/referrals/referral-list";
import { ReferralRewardRule } from "~/components/referrals/referral-reward-rule";
import { ShareActions } from "~/components/referrals/share-actions";
import { Card, CardTitle } from "~/components/ui/card";
import { readReferralTerms } from "~/domain/help/help-pages.server";
import { leaderboardPeriod, referralLeaderboard } from "~/domain/referrals/leaderboard.server";
import { myReferrals } from "~/domain/referrals/my-referrals.server";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { requireMember } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "My Referrals");

/** GET /referrals: members only (only members refer); staff are sent to their own home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const search = new URL(request.url).searchParams;
  const page = pageParam.parse(search.get("page") ?? undefined);
  const period = leaderboardPeriod(search.get("period"));
  const { db } = context.services;
  const [mine, board, terms] = await Promise.all([
    myReferrals(db, user.id, { appUrl: context.services.config.appUrl, page }),
    referralLeaderboard(db, period, user.id),
    readReferralTerms(db),
  ]);
  if (!mine) throw data({ message: "Not found" }, { status: 404 });
  return {
    code: mine.code,
    link: mine.link,
    terms,
    totalReferrals: mine.totalReferrals,
    totalEarnings: formatKobo(mine.totalEarningsKobo),
    rows: mine.referrals.map((r) => ({
      id: r.id,
      name: r.name,
      joined: formatLagosDate(r.joinedAt),
      status: r.status,
      reward: formatKobo(r.rewardKobo ?? 0n),
    })),
    page: mine.page.page,
    pageCount: mine.page.pageCount,
    leaderboard: {
      period: board.period,
      // The last day of the period is the day before the next period starts.
      range: `${formatLagosDate(board.start)} – ${formatLagosDate(new Date(board.end.getTime() - 1))}`,
      rows: board.rows,
      me: board.me,
    },
  };
}

export default function Referrals({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">My Referrals</h1>
        <p className="mt-1 text-gray-600">Share your code or link: whoever registers with it is your referral.</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card aria-labelledby="referral-code-title">
          <CardTitle id="referral-code-title">Your Referral Code</CardTitle>
          <CopyText
            className="mt-3"
            valueClassName="text-lg font-semibold tracking-wider"
            value={loaderData.code}
            label="referral code"
            copiedTitle="Referral Code Copied"
            testId="referral-code"
          />
        </Card>
        <Card aria-labelledby="referral-link-title">
          <CardTitle id="referral-link-title">Your Referral Link</CardTitle>
          <CopyText
            className="mt-3"
            value={loaderData.link}
            label="referral link"
            copiedTitle="Link Copied!"
            testId="referral-link"
          />
          <ShareActions link={loaderData.link} className="mt-3" />
        </Card>
      </div>
      <Card aria-labelledby="referral-rule-title">
        <CardTitle id="referral-rule-title">What a Referral Earns</CardTitle>
        <div className="mt-2 grid gap-2 text-sm text-gray-700">
          <ReferralRewardRule terms={loaderData.terms} testId="referral-rule" />
          <p>
            A reward can be held while an admin checks that a referral is not a second account of your own.{" "}
            <Link to="/help#referrals" className={textLinkClass}>
              How referral rewards work
            </Link>
          </p>
        </div>
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Card className="p-3 sm:p-5" aria-labelledby="total-referrals-label">
          <h2 id="total-referrals-label" className="text-sm font-medium text-gray-600">
            Total Referrals
          </h2>
          <p className="mt-1 text-xl font-bold tabular-nums text-gray-900 sm:text-2xl" data-testid="total-referrals">
            {loaderData.totalReferrals}
          </p>
        </Card>
        <Card className="p-3 sm:p-5" aria-labelledby="total-referral-earnings-label">
          <h2 id="total-referral-earnings-label" className="text-sm font-medium text-gray-600">
            Total Referral Earnings
          </h2>
          <p
            className="mt-1 break-words text-xl font-bold tabular-nums text-gray-900 sm:text-2xl"
            data-testid="total-referral-earnings"
          >
            {loaderData.totalEarnings}
          </p>
        </Card>
      </div>
      <ReferralLeaderboard
        board={loaderData.leaderboard}
        hrefFor={(period) => `${listHref({ period, page: loaderData.page })}#leaderboard`}
      />
      <ReferralList
        rows={loaderData.rows}
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        // The week is the default: the paging links name another period only.
        linkParams={{ period: loaderData.leaderboard.period === "week" ? undefined : loaderData.leaderboard.period }}
      />
    </div>
  );
}
