import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { pageText } from "~test/app";
import { type LeaderboardView, ReferralLeaderboard } from "./referral-leaderboard";

function render(board: Omit<LeaderboardView, "range">) {
  const html = renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: ["/referrals"] },
      createElement(ReferralLeaderboard, {
        board: { range: "1 Nov 2026 – 30 Nov 2026", ...board },
        hrefFor: (period) => `?period=${period}#leaderboard`,
      }),
    ),
  );
  return { html, text: pageText(html) };
}

describe("ReferralLeaderboard", () => {
  it("says so when nobody is ranked in the period, and that the member is not ranked", () => {
    const { html, text } = render({
      period: "month",
      rows: [],
      me: { rank: null, approvedReferrals: 0, listed: false },
    });
    expect(text).toBe(
      "Leaderboard Weekly Monthly Yearly Approved referrals, 1 Nov 2026 – 30 Nov 2026 No data for this period. You are not ranked yet this period.",
    );
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/referrals\?period=month#leaderboard"[^>]*>Monthly<\/a>/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('id="leaderboard"');
  });

  it("marks the member's own row and then gives no separate position", () => {
    const { html, text } = render({
      period: "week",
      rows: [
        { rank: 1, name: "Ada", approvedReferrals: 2, isMe: false },
        { rank: 2, name: "Bayo", approvedReferrals: 1, isMe: true },
      ],
      me: { rank: 2, approvedReferrals: 1, listed: true },
    });
    expect(text).toMatch(/#1 Ada 2 approved referrals #2 Bayo \(You\) 1 approved referral$/);
    expect(html.match(/data-me/g)).toHaveLength(1);
  });

  it("gives the member's position below the list when they are not in it", () => {
    const { text } = render({
      period: "year",
      rows: [{ rank: 1, name: "Ada", approvedReferrals: 9, isMe: false }],
      me: { rank: 7, approvedReferrals: 1, listed: false },
    });
    expect(text).toMatch(/#1 Ada 9 approved referrals Your position: #7 with 1 approved referral$/);
  });
});
