import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import type { LeaderboardPeriod, LeaderboardRow } from "~/domain/referrals/leaderboard-periods";
import { cn } from "~/lib/cn";

export const NO_LEADERBOARD_TEXT = "No data for this period.";
export const NOT_RANKED_TEXT = "You are not ranked yet this period.";

const PERIOD_LINKS: { period: LeaderboardPeriod; label: string }[] = [
  { period: "week", label: "Weekly" },
  { period: "month", label: "Monthly" },
  { period: "year", label: "Yearly" },
];

const referralsText = (n: number) => `${n} approved ${n === 1 ? "referral" : "referrals"}`;

export type LeaderboardView = {
  period: LeaderboardPeriod;
  /** The period's days as the page shows them: "22 Nov 2026 – 28 Nov 2026". */
  range: string;
  rows: LeaderboardRow[];
  me: { rank: number | null; approvedReferrals: number; listed: boolean };
};

/**
 * The members' referral leaderboard: Weekly / Monthly / Yearly links (plain links, so they work
 * without JavaScript), the top five, and the member's own place when they are not among them.
 */
export function ReferralLeaderboard({
  board,
  hrefFor,
}: {
  board: LeaderboardView;
  /** The link to this page showing `period` (keeping the rest of the page's query). */
  hrefFor: (period: LeaderboardPeriod) => string;
}) {
  return (
    <Card id="leaderboard" aria-labelledby="leaderboard-title" className="scroll-mt-20">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id="leaderboard-title">Leaderboard</CardTitle>
        <nav aria-label="Leaderboard period" className="flex flex-wrap gap-2">
          {PERIOD_LINKS.map(({ period, label }) => (
            <Button key={period} asChild size="sm" variant={board.period === period ? "default" : "outline"}>
              <Link to={hrefFor(period)} aria-current={board.period === period ? "page" : undefined}>
                {label}
              </Link>
            </Button>
          ))}
        </nav>
      </div>
      <p className="mt-1 text-sm text-gray-600" data-testid="leaderboard-range">
        Approved referrals, <span className="whitespace-nowrap">{board.range}</span>
      </p>
      {board.rows.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600" data-testid="leaderboard-empty">
          {NO_LEADERBOARD_TEXT}
        </p>
      ) : (
        <ol className="mt-4 grid gap-2" data-testid="leaderboard-rows">
          {board.rows.map((row, i) => (
            <li
              key={i}
              className={cn(
                "flex items-start gap-3 rounded-md border px-3 py-2 text-sm sm:items-center",
                row.isMe ? "border-brand-600 bg-brand-50 font-semibold" : "border-gray-200",
              )}
              data-me={row.isMe || undefined}
            >
              <span className="w-8 shrink-0 font-bold tabular-nums text-gray-900">#{row.rank}</span>
              {/* On a phone the count goes under the name, leaving the name the whole width. */}
              <span className="flex min-w-0 flex-1 flex-col gap-x-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="break-words text-gray-900">
                  {row.name}
                  {row.isMe ? " (You)" : null}
                </span>
                <span className="shrink-0 tabular-nums text-gray-700">{referralsText(row.approvedReferrals)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {board.me.listed ? null : (
        <p className="mt-4 text-sm text-gray-700" data-testid="leaderboard-me">
          {board.me.rank === null
            ? NOT_RANKED_TEXT
            : `Your position: #${board.me.rank} with ${referralsText(board.me.approvedReferrals)}`}
        </p>
      )}
    </Card>
  );
}
