import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import { adminQuickActions } from "~/components/admin/admin-screens";
import { AdminQuickActions } from "~/components/admin/quick-actions";
import { PlatformCharts, type PlatformChartView } from "~/components/admin/platform-charts";
import { DailyReportForm } from "~/components/admin/daily-report-form";
import { TopPerformers, type TopPerformersView } from "~/components/admin/top-performers";
import { hasPermission } from "~/domain/permissions/permissions";
import { adminAdvertStats } from "~/domain/adverts/manage-adverts.server";
import { adminCampaignStats } from "~/domain/campaigns/admin-campaigns.server";
import { countUpgradesAwaitingAdmin } from "~/domain/memberships/list-upgrades.server";
import { countReferrals } from "~/domain/referrals/admin-referrals.server";
import { countAllMessages } from "~/domain/messages/message-stats.server";
import { countActiveNotices } from "~/domain/notices/notice-stats.server";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { type DailyPlatformFigure, dailyPlatformFigures } from "~/domain/stats/daily-platform-figures.server";
import {
  TOP_PERFORMER_PERIODS,
  topPerformers,
  type TopPerformers as TopPerformersResult,
} from "~/domain/stats/top-performers.server";
import { userStats } from "~/domain/users/list-users.server";
import { countPendingWithdrawals } from "~/domain/withdrawals/list-withdrawals.server";
import { requireAdmin } from "~/server/auth.server";
import { formatLagosDate, formatLagosMonthYear, lagosDay, lagosDayLabel, lagosDayStart } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Admin Dashboard");

const numberFormat = new Intl.NumberFormat("en-NG");

/** `?period=week|month|year`; anything else (or nothing) reads as the week. */
const QuerySchema = z.object({ period: z.enum(TOP_PERFORMER_PERIODS).catch("week") });

/** The period in words, in the Lagos calendar. */
function periodLabel({ period, start }: TopPerformersResult): string {
  if (period === "week") return `Week of ${formatLagosDate(start)}`;
  if (period === "month") return formatLagosMonthYear(start);
  return lagosDay(start).slice(0, 4);
}

function topPerformersView(result: TopPerformersResult): TopPerformersView {
  return {
    period: result.period,
    periodLabel: periodLabel(result),
    rows: result.rows.map((row) => ({
      rank: row.rank,
      name: row.name,
      displayId: row.displayId,
      amount: formatKobo(row.amountKobo),
    })),
  };
}

/** One chart of the last 30 days: its values per day, formatted here, and their total. */
function chartView<Value extends Kobo | number>(
  days: DailyPlatformFigure[],
  chart: { id: string; title: string; valueHeading: string },
  value: (d: DailyPlatformFigure) => Value,
  format: (v: Value) => string,
  add: (a: Value, b: Value) => Value,
  zero: Value,
): PlatformChartView {
  const values = days.map(value);
  return {
    ...chart,
    total: format(values.reduce(add, zero)),
    zero: format(zero),
    days: days.map((d, i) => ({
      key: d.day,
      label: lagosDayLabel(d.day),
      description: formatLagosDate(lagosDayStart(d.day)),
      value: values[i]!,
      formatted: format(values[i]!),
    })),
  };
}

/** The four charts of the last 30 days: money as naira, members as a count. */
function platformChartsView(days: DailyPlatformFigure[]): PlatformChartView[] {
  const money = (id: string, title: string, valueHeading: string, value: (d: DailyPlatformFigure) => Kobo) =>
    chartView(days, { id, title, valueHeading }, value, formatKobo, (a, b) => a + b, 0n);
  return [
    money("advert-rewards", "Advert rewards paid", "Paid", (d) => d.advertRewardsKobo),
    money("referral-rewards", "Referral rewards paid", "Paid", (d) => d.referralRewardsKobo),
    money("withdrawals-completed", "Withdrawals completed", "Paid out", (d) => d.withdrawalsCompletedKobo),
    chartView(
      days,
      { id: "new-members", title: "New members", valueHeading: "Joined" },
      (d) => d.newMembers,
      (n) => numberFormat.format(n),
      (a, b) => a + b,
      0,
    ),
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  const { db } = context.services;
  const { period } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [
    stats,
    advertStats,
    campaignStats,
    totalReferrals,
    totalMessages,
    activeNotices,
    pendingWithdrawals,
    pendingUpgrades,
    performers,
    platformDays,
  ] = await Promise.all([
    hasPermission(user, "manage_users") ? userStats(db) : null,
    hasPermission(user, "manage_adverts") ? adminAdvertStats(db) : null,
    hasPermission(user, "manage_adverts") ? adminCampaignStats(db) : null,
    hasPermission(user, "manage_referrals") ? countReferrals(db) : null,
    hasPermission(user, "view_reports") ? countAllMessages(db) : null,
    hasPermission(user, "manage_notices") ? countActiveNotices(db) : null,
    hasPermission(user, "manage_withdrawals") ? countPendingWithdrawals(db) : null,
    hasPermission(user, "manage_memberships") ? countUpgradesAwaitingAdmin(db) : null,
    // A report: members' earnings, for admins who may view reports.
    hasPermission(user, "view_reports") ? topPerformers(db, period) : null,
    // A report too: the platform's money and sign-ups, day by day.
    hasPermission(user, "view_reports") ? dailyPlatformFigures(db, 30) : null,
  ]);
  // Each card only for admins who may open the page it links to; values formatted here.
  const cards: { label: string; value: string; to: string; detail?: string }[] = [];
  if (stats) {
    cards.push(
      { label: "Total Users", value: numberFormat.format(stats.totalUsers), to: "/admin/users" },
      {
        label: "Pending Approval",
        value: numberFormat.format(stats.pendingApproval),
        to: "/admin/users?filter=pending",
      },
    );
  }
  if (advertStats) {
    cards.push(
      { label: "Total Adverts", value: numberFormat.format(advertStats.totalAdverts), to: "/admin/adverts" },
      // From the ledger: what the advert-rewards account has paid members; referral rewards beside it.
      {
        label: "Earnings Distributed",
        value: formatKobo(advertStats.earningsDistributedKobo),
        to: "/admin/adverts",
        detail: `Advert rewards · Referral rewards: ${formatKobo(advertStats.referralRewardsKobo)}`,
      },
    );
  }
  if (campaignStats) {
    cards.push(
      {
        label: "Active Campaigns",
        value: numberFormat.format(campaignStats.activeCampaigns),
        to: "/admin/campaigns?status=active",
      },
      // What the platform holds for advertisers: their available balances, not yet spent or paid out.
      {
        label: "Advertiser Balances",
        value: formatKobo(campaignStats.advertiserBalancesKobo),
        to: "/admin/advertisers",
      },
    );
  }
  if (totalReferrals !== null) {
    cards.push({ label: "Total Referrals", value: numberFormat.format(totalReferrals), to: "/admin/referrals" });
  }
  if (totalMessages !== null) {
    // A count only: admins read their own conversations and support's inbox on /messages, never other people's.
    cards.push({ label: "Total Messages", value: numberFormat.format(totalMessages), to: "/messages" });
  }
  if (activeNotices !== null) {
    cards.push({ label: "Active Notices", value: numberFormat.format(activeNotices), to: "/admin/notices" });
  }
  if (pendingWithdrawals !== null) {
    cards.push({
      label: "Pending Withdrawals",
      value: numberFormat.format(pendingWithdrawals),
      to: "/admin/withdrawals?status=pending",
    });
  }
  if (pendingUpgrades !== null) {
    // Only those an admin decides: a request paid online waits for its member until Paystack takes the money.
    cards.push({
      label: "Pending Upgrades",
      value: numberFormat.format(pendingUpgrades),
      to: "/admin/memberships",
      detail: "Waiting for an admin",
    });
  }
  return {
    name: user.name,
    cards,
    topPerformers: performers ? topPerformersView(performers) : null,
    platformCharts: platformDays ? platformChartsView(platformDays) : null,
    // The daily report is an export of the same figures: view_reports, as the route checks.
    canDownloadReport: hasPermission(user, "view_reports"),
    // Each only for admins holding its screen's permission (the pages check it again).
    quickActions: adminQuickActions(user),
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-gray-600">Welcome, {loaderData.name}.</p>
      </header>
      {loaderData.cards.length > 0 ? (
        <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {loaderData.cards.map((card) => (
            <Link
              key={card.label}
              to={card.to}
              className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm transition hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <p className="text-sm text-gray-600">{card.label}</p>
              <p
                className="mt-1 text-xl font-bold text-gray-900 [overflow-wrap:anywhere] sm:text-2xl"
                data-testid={`stat-${card.label}`}
              >
                {card.value}
              </p>
              {card.detail ? (
                <p className="mt-1 text-xs text-gray-600" data-testid={`card-detail-${card.label}`}>
                  {card.detail}
                </p>
              ) : null}
            </Link>
          ))}
        </section>
      ) : null}
      {loaderData.topPerformers ? <TopPerformers view={loaderData.topPerformers} /> : null}
      {loaderData.platformCharts ? <PlatformCharts charts={loaderData.platformCharts} /> : null}
      {loaderData.canDownloadReport ? <DailyReportForm /> : null}
      <AdminQuickActions actions={loaderData.quickActions} />
    </div>
  );
}
