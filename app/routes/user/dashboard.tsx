import { Clock } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import type { loader as rootLoader } from "~/root";
import { Achievements } from "~/components/dashboard/achievements";
import { AvailableAdverts, advertsPageFrom } from "~/components/dashboard/available-adverts";
import { DashboardContents } from "~/components/dashboard/dashboard-contents";
import { EarningsChart } from "~/components/dashboard/earnings-chart";
import { StatCards } from "~/components/dashboard/stat-cards";
import { PendingUpgrade } from "~/components/membership/pending-upgrade";
import { UpgradeButton } from "~/components/membership/upgrade-button";
import { MessagesCard } from "~/components/messages/messages-card";
import { LatestNoticeCard } from "~/components/notices/latest-notice-card";
import { ReferralLinkCard } from "~/components/referrals/referral-link-card";
import { WithdrawalHistory } from "~/components/dashboard/withdrawal-history";
import { listAvailableAdverts } from "~/domain/adverts/advert-views.server";
import { userEarningsSummary } from "~/domain/adverts/earnings.server";
import { advertImageRules } from "~/domain/adverts/validation";
import { dailyEarnings } from "~/domain/ledger/daily-earnings.server";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { listUnreadSenders } from "~/domain/messages/list-messages.server";
import { upgradeOffer } from "~/domain/memberships/upgrade-offer.server";
import { noticeExcerpt } from "~/domain/notices/excerpt";
import { latestBoardNotice } from "~/domain/notices/notices.server";
import { toUpgradeView } from "~/domain/memberships/upgrade-view";
import { referralAchievements } from "~/domain/referrals/achievements";
import { referralSummary } from "~/domain/referrals/my-referrals.server";
import { approvedReferralCount, weeklyReferralRank } from "~/domain/referrals/weekly-rank.server";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo } from "~/domain/shared/money";
import { listMemberWithdrawals } from "~/domain/withdrawals/list-withdrawals.server";
import { toWithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";
import { requireMember } from "~/server/auth.server";
import { formatLagosDate, lagosDayLabel, lagosDayStart } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const db = context.services.db;
  const now = new Date();
  const advertsPage = advertsPageFrom(request);
  const [earned, daily, summary, rank, referralCount, adverts, withdrawals, referral, offer, notice, unreadFrom] =
    await Promise.all([
      earnedTotals(db, user.id),
      dailyEarnings(db, user.id, 14, now),
      userEarningsSummary(db, user.id, now),
      weeklyReferralRank(db, user.id, now),
      approvedReferralCount(db, user.id),
      listAvailableAdverts(db, user.id, { limit: advertsPage.read }),
      listMemberWithdrawals(db, user.id, { limit: 10 }),
      referralSummary(db, user.id, context.services.config.appUrl),
      upgradeOffer(db, user.id),
      latestBoardNotice(db, user.role),
      listUnreadSenders(db, user.id, 3),
    ]);
  const upgrade = toUpgradeView(offer, user.isApproved, Boolean(context.services.paymentProvider));
  // What an upgrade does to the daily limit (said once today's views reach it): the pending
  // request's tier, else the first tier above with a higher limit; live from the tiers.
  const raise = upgrade.pending
    ? upgrade.options.find((o) => o.name === upgrade.pending?.tierName)
    : upgrade.options.find((o) => o.dailyAdViews > upgrade.currentTier.dailyAdViews);
  const recentKobo = daily.reduce((sum, d) => sum + d.totalKobo, 0n);
  return {
    name: user.name,
    membershipName: user.membershipName || "Basic Member",
    isApproved: user.isApproved,
    upgrade,
    stats: {
      totalEarnings: formatKobo(earned.totalKobo),
      availableBalance: upgrade.available,
      heldReasons: upgrade.heldReasons,
      advertClicks: summary.advertViews,
      todayViews: summary.todayViews,
      dailyLimit: summary.dailyLimit,
      referralEarnings: formatKobo(earned.referralKobo),
      weeklyRank: rank.rank,
      weeklyReferrals: rank.referrals,
    },
    earningsChart: {
      days: daily.map((d) => ({
        key: d.day,
        label: lagosDayLabel(d.day),
        description: formatLagosDate(lagosDayStart(d.day)),
        value: d.totalKobo,
        formatted: formatKobo(d.totalKobo),
      })),
      total: formatKobo(recentKobo),
      zero: formatKobo(0n),
      earned: recentKobo > 0n,
    },
    adverts: adverts.slice(0, advertsPage.shown).map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      reward: formatKobo(a.rewardKobo),
      // A stored address the form would refuse now (one of the app's own, …) is not loaded.
      imageUrl: displayImageUrl(a.imageUrl, advertImageRules(context.services.config.appUrl), null),
      businessName: a.businessName,
    })),
    advertsPage: advertsPage.page,
    limitRaise:
      raise && raise.dailyAdViews > upgrade.currentTier.dailyAdViews && (upgrade.pending || upgrade.canRequest)
        ? { tierName: raise.name, dailyLimit: raise.dailyAdViews, pending: upgrade.pending !== null }
        : null,
    moreAdverts: adverts.length > advertsPage.shown,
    achievements: [...summary.achievements, ...referralAchievements(referralCount)],
    withdrawals: withdrawals.map(toWithdrawalHistoryItem),
    latestNotice: notice && {
      title: notice.title,
      createdAt: notice.createdAt.toISOString(),
      excerpt: noticeExcerpt(notice.content),
    },
    unreadFrom: unreadFrom.map(({ name, displayId, staff, unread }) => ({ name, displayId, staff, unread })),
    referral: referral && {
      link: referral.link,
      totalReferrals: referral.totalReferrals,
      totalEarnings: formatKobo(referral.totalEarningsKobo),
    },
  };
}

/** A part of the page the contents link to: it stops a little below the top of the screen. */
const SECTION = "scroll-mt-4";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  // A refused View Advert or claim comes back here with an error toast; it is also shown inline,
  // so the reason is on the page even before JavaScript (which shows toasts) has loaded.
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const rootToast = rootData?.toast;
  const notice = rootToast?.type === "error" ? rootToast : null;
  const { upgrade } = loaderData;
  return (
    // A phone's first screen holds the figures and the first View Advert: tighter there.
    <div className="grid gap-4 sm:gap-6">
      <header>
        <h1 className="text-xl font-bold sm:text-3xl">Welcome, {loaderData.name}!</h1>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600 sm:text-base">
          <p>
            Membership: <span className="font-medium text-gray-900">{loaderData.membershipName}</span>
            {/* On a phone the figures below say it (today's views of the limit): one line here. */}
            <span className="hidden text-sm sm:inline"> · up to {loaderData.stats.dailyLimit} adverts a day</span>
          </p>
          {/* Approved members with a tier above theirs and no request pending. */}
          {upgrade.canRequest && upgrade.options.length > 0 && !upgrade.pending ? (
            <UpgradeButton view={upgrade} />
          ) : null}
        </div>
      </header>
      {loaderData.isApproved ? null : (
        <div
          role="status"
          className="flex items-start gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-yellow-900"
          data-testid="pending-approval"
        >
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-yellow-700" aria-hidden />
          <div>
            <p className="font-semibold">Your account is pending approval</p>
            <p className="mt-1 text-sm">
              An admin will review your account soon. Once it is approved you can view adverts and start earning.
            </p>
          </div>
        </div>
      )}
      {upgrade.pending ? <PendingUpgrade pending={upgrade.pending} account={upgrade.receivingAccount} /> : null}
      {/* Reading order: the figures and the adverts first (a phone's first screen), then the rest. */}
      <StatCards stats={loaderData.stats} />
      <DashboardContents
        sections={
          loaderData.referral
            ? ["earnings", "referrals", "messages", "history", "achievements"]
            : ["earnings", "messages", "history", "achievements"]
        }
      />
      <AvailableAdverts
        adverts={loaderData.adverts}
        page={loaderData.advertsPage}
        hasMore={loaderData.moreAdverts}
        todayViews={loaderData.stats.todayViews}
        dailyLimit={loaderData.stats.dailyLimit}
        limitRaise={loaderData.limitRaise}
        notice={notice}
      />
      <div id="earnings" className={SECTION}>
        <EarningsChart chart={loaderData.earningsChart} />
      </div>
      {/* Three small cards side by side on a wide screen. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        {loaderData.referral ? (
          <div id="referrals" className={SECTION}>
            <ReferralLinkCard summary={loaderData.referral} />
          </div>
        ) : null}
        <div id="messages" className={SECTION}>
          <MessagesCard unread={rootData?.user?.unreadMessages ?? 0} senders={loaderData.unreadFrom} />
        </div>
        <LatestNoticeCard notice={loaderData.latestNotice} />
      </div>
      <div id="history" className={SECTION}>
        <WithdrawalHistory rows={loaderData.withdrawals} />
      </div>
      <div id="achievements" className={SECTION}>
        <Achievements achievements={loaderData.achievements} />
      </div>
    </div>
  );
}
