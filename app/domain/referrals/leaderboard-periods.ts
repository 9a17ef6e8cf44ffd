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
 * How the members' leaderboard names a member: their first name and the initial of their last
 * ("Ada Obi" → "Ada O.", "Ada Chioma Obi" → "Ada O."; a one-word name as it is). Staff see full
 * names on their own pages.
 */
export function leaderboardName(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== "");
  if (words.length <= 1) return words[0] ?? "";
  const initial = Array.from(words.at(-1)!.replace(/^[^\p{L}\p{N}]+/u, ""))[0];
  return initial ? `${words[0]} ${initial.toLocaleUpperCase("en-NG")}.` : words[0]!;
}

/**
 * One listed member. Members see each other only by first name and last-name initial
 * (leaderboardName): no full name, no email, no account ID.
 */
export type LeaderboardRow = {
  /** 1 = most approved referrals in the period; ties share a rank (1, 1, 3). */
  rank: number;
  /** leaderboardName of the member's name. */
  name: string;
  approvedReferrals: number;
  /** The member looking at the board. */
  isMe: boolean;
};
