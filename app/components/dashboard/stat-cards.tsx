import { Banknote, MousePointerClick, Trophy, Users, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

export type DashboardStats = {
  totalEarnings: string;
  /** What the member can withdraw or spend now. */
  availableBalance: string;
  /** The held amount explained ("₦500.00 for your pending upgrade"); empty when nothing is held. */
  heldReasons: string[];
  advertClicks: number;
  todayViews: number;
  dailyLimit: number;
  referralEarnings: string;
  weeklyRank: number | null;
  weeklyReferrals: number;
};

function StatCard({
  label,
  value,
  note,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  note: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card
      className="flex items-start justify-between gap-2 p-3 sm:gap-3 sm:p-5"
      data-testid={testId}
      aria-label={label}
    >
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-gray-600">{label}</h2>
        <p className="mt-1 break-words text-xl font-bold tabular-nums text-gray-900 sm:text-2xl">{value}</p>
        <p className="mt-1 text-xs text-gray-600">{note}</p>
      </div>
      <span
        // Five cards in a row on wide screens leave no room for the icon beside the figure.
        className="hidden h-10 w-10 shrink-0 sm:flex lg:hidden items-center justify-center rounded-full bg-brand-50 text-brand-700"
        aria-hidden
      >
        {icon}
      </span>
    </Card>
  );
}

/**
 * The member dashboard's cards: Total Earnings, Available Balance (and what is held), Advert
 * Clicks, Referral Earnings and Weekly Rank.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      <StatCard
        testId="stat-total-earnings"
        label="Total Earnings"
        value={stats.totalEarnings}
        note="Advert and referral rewards"
        icon={<Wallet className="h-5 w-5" />}
      />
      <StatCard
        testId="stat-available-balance"
        label="Available Balance"
        value={stats.availableBalance}
        note={
          stats.heldReasons.length > 0
            ? `Held: ${stats.heldReasons.join(" and ")}, until an admin decides`
            : "What you can withdraw or spend now"
        }
        icon={<Banknote className="h-5 w-5" />}
      />
      <StatCard
        testId="stat-advert-clicks"
        label="Advert Clicks"
        value={stats.advertClicks}
        note={`Today: ${stats.todayViews} of ${stats.dailyLimit} views used`}
        icon={<MousePointerClick className="h-5 w-5" />}
      />
      <StatCard
        testId="stat-referral-earnings"
        label="Referral Earnings"
        value={stats.referralEarnings}
        note="Paid when a referral upgrades"
        icon={<Users className="h-5 w-5" />}
      />
      <StatCard
        testId="stat-weekly-rank"
        label="Weekly Rank"
        value={stats.weeklyRank === null ? "Unranked" : `#${stats.weeklyRank}`}
        note={
          <>
            {stats.weeklyRank === null
              ? "Refer a member this week to get ranked"
              : `${stats.weeklyReferrals} approved ${stats.weeklyReferrals === 1 ? "referral" : "referrals"} this week`}
            <Link
              to="/referrals?period=week#leaderboard"
              className="mt-1 block font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              View leaderboard
            </Link>
          </>
        }
        icon={<Trophy className="h-5 w-5" />}
      />
    </div>
  );
}
