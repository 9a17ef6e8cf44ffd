/** The referral leaderboard's periods and rows, shared by the server and the page. */

export const LEADERBOARD_PERIODS = ["week", "month", "year"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** How many members the leaderboard lists. */
export const LEADERBOARD_SIZE = 5;

/** `?period=`: week, month or year; anything else is the week. */
export function leaderboardPeriod(value: string | null | undefined): LeaderboardPeriod {
  return LEADERBOARD_PERIODS.find((p) => p === value) ?? "week";
}

/**
 * One listed member. Members see each other's names only: no email, no account ID.
 */
export type LeaderboardRow = {
  /** 1 = most approved referrals in the period; ties share a rank (1, 1, 3). */
  rank: number;
  name: string;
  approvedReferrals: number;
  /** The member looking at the board. */
  isMe: boolean;
};
