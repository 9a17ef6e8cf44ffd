import { Banknote, MousePointerClick, Trophy, Users, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

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
  noteOnPhone = false,
  link,
  icon,
  testId,
  className,
}: {
  label: string;
  value: ReactNode;
  note: ReactNode;
  /** The note says something the phone's condensed figures must keep (money held, today's views). */
  noteOnPhone?: boolean;
  /** After the note; on a phone, beside the figure. */
  link?: ReactNode;
  icon: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    // On a phone the figures sit together in one panel (StatCards), each without a frame of its own.
    <Card
      className={cn(
        "flex items-start justify-between gap-2 border-0 p-0 shadow-none sm:gap-3 sm:border sm:p-5 sm:shadow-sm",
        className,
      )}
      data-testid={testId}
      aria-label={label}
    >
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 sm:block">
        <h2 className="w-full text-xs font-medium text-gray-600 sm:text-sm">{label}</h2>
        <p className="break-words text-lg font-bold tabular-nums text-gray-900 sm:mt-1 sm:text-2xl">{value}</p>
        <p className={cn("w-full text-xs text-gray-600 sm:mt-1", !noteOnPhone && "hidden sm:block")}>{note}</p>
        {link}
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
 * Clicks, Referral Earnings and Weekly Rank. On a phone they are condensed into one panel (two
 * figures a row, only the notes that matter there: what is held, today's views), so the first
 * View Advert below them is on the first screen; from the small breakpoint up, a card each.
 */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const held = stats.heldReasons.length > 0;
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:grid-cols-3 sm:gap-4 sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none lg:grid-cols-5">
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
          held
            ? `Held: ${stats.heldReasons.join(" and ")}, until an admin decides`
            : "What you can withdraw or spend now"
        }
        noteOnPhone={held}
        icon={<Banknote className="h-5 w-5" />}
      />
      <StatCard
        testId="stat-advert-clicks"
        label="Advert Clicks"
        value={stats.advertClicks}
        note={`Today: ${stats.todayViews} of ${stats.dailyLimit} views used`}
        noteOnPhone
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
        // Alone on the phone panel's last row: the leaderboard link beside the rank.
        className="col-span-2 sm:col-span-1"
        value={stats.weeklyRank === null ? "Unranked" : `#${stats.weeklyRank}`}
        note={
          stats.weeklyRank === null
            ? "Refer a member this week to get ranked"
            : `${stats.weeklyReferrals} approved ${stats.weeklyReferrals === 1 ? "referral" : "referrals"} this week`
        }
        link={
          <Link
            to="/referrals?period=week#leaderboard"
            className="block text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:mt-1"
          >
            View leaderboard
          </Link>
        }
        icon={<Trophy className="h-5 w-5" />}
      />
    </div>
  );
}
