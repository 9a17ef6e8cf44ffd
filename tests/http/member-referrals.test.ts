import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, membershipTiers } from "~/db/schema";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import { createUser } from "~test/factories";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInMember } from "~test/sign-in";
import { referredMember } from "~test/referrals";
import { PERIOD_QUERIES } from "~test/periods";
import { MY_REFERRALS_PAGE_SIZE } from "~/domain/referrals/my-referrals.server";
import { formatLagosDate, lagosMonth, lagosWeek, lagosYear } from "~/lib/lagos-time";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const EMPTY = "You haven't referred anyone yet. Share your referral code to get started!";

describe("/referrals", () => {
  it("sends a visitor who is not signed in to /login", async () => {
    const res = await app.client().get("/referrals");
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/login" });
  });

  it("shows the member's code and link as text, zero totals and the empty text", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    const res = await client.get("/referrals");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain(`Your Referral Code ${user.referralCode} Copy referral code`);
    expect(text).toContain(`Your Referral Link ${app.origin}/register?ref=${user.referralCode} Copy referral link`);
    expect(text).toContain("Total Referrals 0 Total Referral Earnings ₦0.00");
    expect(text).toContain(EMPTY);
    expect(res.body).not.toContain('data-testid="referral"');
  });

  it("lists only the member's referred people with date, status and reward, and totals the approved rewards", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    await referredMember(app.services.db, user, { name: "Ada Pending", createdAt: new Date("2026-03-01T09:00:00Z") });
    await referredMember(app.services.db, user, {
      name: "Bayo Approved",
      approvedRewardKobo: 40_000n,
      createdAt: new Date("2026-03-02T09:00:00Z"),
    });
    const stranger = await createUser(app.services.db);
    await referredMember(app.services.db, stranger, { name: "Someone Else's", approvedRewardKobo: 5_000n });

    const res = await client.get("/referrals");
    const text = pageText(res.body);
    expect(text).toContain("Total Referrals 2 Total Referral Earnings ₦400.00");
    expect(text).not.toContain(EMPTY);
    expect(text).not.toContain("Someone Else's");
    const table = pageText(res.body.slice(res.body.indexOf('data-testid="referral"')));
    expect(table).toContain("Name Date Joined Status Reward");
    expect(table).toMatch(/Bayo Approved \S.*? Approved ₦400\.00 Ada Pending \S.*? Pending ₦0\.00/);
  });

  it("pages a long list with Previous / Next links", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    const start = Date.parse("2026-03-05T09:00:00Z");
    for (let i = 0; i < MY_REFERRALS_PAGE_SIZE + 1; i++) {
      await referredMember(app.services.db, user, { name: `Guest ${i}`, createdAt: new Date(start + i * 60_000) });
    }
    const first = await client.get("/referrals");
    expect(pageText(first.body)).toContain(`Total Referrals ${MY_REFERRALS_PAGE_SIZE + 1}`);
    expect(pageText(first.body)).toContain("Previous Page 1 of 2 Next");
    expect(first.body).toMatch(/<a rel="next"[^>]*href="\/referrals\?page=2"/);
    expect(first.body).not.toContain("Guest 0<");
    const second = await client.get("/referrals?page=2");
    const table = pageText(second.body.slice(second.body.indexOf('data-testid="referral"')));
    expect(table).toMatch(
      /Name Date Joined Status Reward Guest 0 \S+ \S+ \S+ Pending ₦0\.00 Previous Page 2 of 2 Next/,
    );
  });

  it("reads an unusable ?page= as the first page", async () => {
    const { client } = await signInMember(app, { landed: true });
    const res = await client.get("/referrals?page=zzz");
    expect(res.status).toBe(200);
    expect(pageText(res.body)).toContain(EMPTY);
  });
});

/** The leaderboard section's text, from its title to the section's end. */
function leaderboardText(body: string): string {
  const start = body.indexOf('id="leaderboard"');
  expect(start).toBeGreaterThan(-1);
  return pageText(body.slice(body.lastIndexOf("<", start), body.indexOf("</section>", start)));
}

/** The period links: their text, href and whether they are marked current. */
function periodLinks(body: string) {
  const nav = body.slice(body.indexOf('aria-label="Leaderboard period"'));
  return [...nav.slice(0, nav.indexOf("</nav>")).matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attrs, text]) => ({
    text,
    href: /href="([^"]*)"/.exec(attrs!)?.[1]?.replaceAll("&amp;", "&"),
    current: attrs!.includes('aria-current="page"'),
  }));
}

/** The "What a Referral Earns" card's text. */
function ruleText(body: string): string {
  const start = body.indexOf(">", body.indexOf('aria-labelledby="referral-rule-title"')) + 1;
  return pageText(body.slice(start, body.indexOf("</section>", start)));
}

describe("what a referral earns, on /referrals", () => {
  const setSettings = (values: Partial<typeof appSettings.$inferInsert>) =>
    app.services.db.update(appSettings).set(values).where(eq(appSettings.id, 1));

  it("quotes the live rule for each paid tier, and follows a change of the rule or a price at once", async () => {
    const { client } = await signInMember(app, { landed: true });
    try {
      expect(ruleText((await client.get("/referrals")).body)).toBe(
        "What a Referral Earns When the person you referred pays for their first upgrade and it is approved, you earn 40% of what they paid. " +
          "It is paid once per person, into your balance. " +
          "They upgrade to Advert Bronze (₦500.00): you earn ₦200.00. They upgrade to Advert Silver (₦1,000.00): you earn ₦400.00. " +
          "They upgrade to Advert Gold (₦1,500.00): you earn ₦600.00. They upgrade to Advert VIP (₦2,000.00): you earn ₦800.00. " +
          "A reward can be held while an admin checks that a referral is not a second account of your own. How referral rewards work",
      );

      await setSettings({ referralRewardType: "fixed", referralFixedKobo: 60_000n });
      await app.services.db.update(membershipTiers).set({ priceKobo: 55_000n }).where(eq(membershipTiers.id, "bronze"));
      const fixed = ruleText((await client.get("/referrals")).body);
      expect(fixed).toContain("you earn ₦600.00 (never more than they paid).");
      // Never more than what was paid: all of Bronze's ₦550.00.
      expect(fixed).toContain("They upgrade to Advert Bronze (₦550.00): you earn ₦550.00.");
      expect(fixed).toContain("They upgrade to Advert VIP (₦2,000.00): you earn ₦600.00.");

      await setSettings({ referralActive: false });
      const off = ruleText((await client.get("/referrals")).body);
      expect(off).toContain("Referral rewards are switched off at the moment: no reward is paid for now.");
      expect(off).not.toContain("They upgrade to");
    } finally {
      const { referralActive, referralRewardType, referralFixedKobo, referralPercentBps } = DEFAULT_APP_SETTINGS;
      await setSettings({ referralActive, referralRewardType, referralFixedKobo, referralPercentBps });
      await app.services.db.update(membershipTiers).set({ priceKobo: 50_000n }).where(eq(membershipTiers.id, "bronze"));
    }
  });
});

async function approvedReferrals(referrer: { id: string; referralCode: string }, n: number, approvedAt?: Date) {
  for (let i = 0; i < n; i++) await referredMember(app.services.db, referrer, { approvedRewardKobo: 100n, approvedAt });
}

describe("the referral leaderboard on /referrals", () => {
  // Counts above every other test's here (at most one approved referral each), so the order is known.
  // Members see each other by first name and last-name initial: the first name here is markup.
  const HOSTILE = "<script>alert(1)</script> Okafor";
  const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt; O.";

  it("lists this week's top five by first name and last-name initial, escaped, and the member's own position below them", async () => {
    const leader = await createUser(app.services.db, { name: HOSTILE, isApproved: true });
    await approvedReferrals(leader, 9);
    for (const [name, n] of [
      ["Board Eight", 8],
      ["Board Seven", 7],
      ["Board Six", 6],
      ["Board Five", 5],
    ] as const) {
      await approvedReferrals(await createUser(app.services.db, { name, isApproved: true }), n);
    }
    const { user, client } = await signInMember(app, { name: "Board Viewer", landed: true });
    await approvedReferrals(user, 2);

    const res = await client.get("/referrals");
    expect(res.status).toBe(200);
    const week = lagosWeek(new Date());
    expect(leaderboardText(res.body)).toMatch(
      new RegExp(
        `^Leaderboard Weekly Monthly Yearly Approved referrals, ${formatLagosDate(week.start)} – ${formatLagosDate(new Date(week.end.getTime() - 1))} ` +
          `#1 ${ESCAPED.replace(/[().]/g, "\\$&")} 9 approved referrals #2 Board E\\. 8 approved referrals ` +
          "#3 Board S\\. 7 approved referrals #4 Board S\\. 6 approved referrals #5 Board F\\. 5 approved referrals " +
          "Your position: #6 with 2 approved referrals$",
      ),
    );
    // The name is text, never markup; full names and emails are never shown.
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).toContain(ESCAPED);
    expect(res.body).not.toContain("Okafor");
    for (const full of ["Board Eight", "Board Seven", "Board Six", "Board Five"]) expect(res.body).not.toContain(full);
    expect(res.body).not.toContain(leader.email);
    expect(periodLinks(res.body)).toEqual([
      { text: "Weekly", href: "/referrals?period=week#leaderboard", current: true },
      { text: "Monthly", href: "/referrals?period=month#leaderboard", current: false },
      { text: "Yearly", href: "/referrals?period=year#leaderboard", current: false },
    ]);

    const fresh = await signInMember(app, { landed: true });
    expect(leaderboardText((await fresh.client.get("/referrals")).body)).toMatch(
      /#5 Board F\. 5 approved referrals You are not ranked yet this period\.$/,
    );
  });

  it("counts the week, month or year asked for; anything else reads as the week; paging keeps the period", async () => {
    const now = new Date();
    const periods = { week: lagosWeek(now).start, month: lagosMonth(now).start, year: lagosYear(now).start };
    const yearMover = await createUser(app.services.db, { name: "Year Mover", isApproved: true });
    await approvedReferrals(yearMover, 12, periods.year); // 1 January 00:00 Lagos
    const monthMover = await createUser(app.services.db, { name: "Month Mover", isApproved: true });
    await approvedReferrals(monthMover, 11, periods.month); // the 1st 00:00 Lagos
    const { user, client } = await signInMember(app, { name: "Period Viewer", landed: true });
    await approvedReferrals(user, 10);
    for (let i = 0; i < MY_REFERRALS_PAGE_SIZE; i++) await referredMember(app.services.db, user); // a second page

    const movers = [
      { name: "Year M.", n: 12, at: periods.year },
      { name: "Month M.", n: 11, at: periods.month },
      { name: "Period V. (You)", n: 10, at: now },
    ];
    for (const [query, period] of PERIOD_QUERIES) {
      const res = await client.get(`/referrals${query}`);
      expect(res.status, query).toBe(200);
      const expected = movers
        .filter((m) => m.at >= periods[period])
        .map((m, i) => `#${i + 1} ${m.name} ${m.n} approved referrals`)
        .join(" ");
      expect(leaderboardText(res.body), query).toContain(`Weekly Monthly Yearly Approved referrals, `);
      expect(leaderboardText(res.body), query).toContain(`${expected} #`);
      expect(periodLinks(res.body).find((l) => l.current)?.href, query).toBe(`/referrals?period=${period}#leaderboard`);
    }

    // The referral list's pages and the leaderboard's periods keep each other.
    const second = await client.get("/referrals?period=month&page=2");
    expect(pageText(second.body)).toContain("Page 2 of 2");
    expect(second.body).toMatch(/<a rel="prev"[^>]*href="\/referrals\?period=month"/);
    expect(periodLinks(second.body).map((l) => l.href)).toEqual([
      "/referrals?period=week&page=2#leaderboard",
      "/referrals?period=month&page=2#leaderboard",
      "/referrals?period=year&page=2#leaderboard",
    ]);
    const weekFirst = await client.get("/referrals?page=1");
    expect(weekFirst.body).toMatch(/<a rel="next"[^>]*href="\/referrals\?page=2"/);
  });

  it("the dashboard's Weekly Rank links to the week's leaderboard and agrees with it", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    await approvedReferrals(user, 3);
    const dashboard = await client.get("/dashboard");
    const card = dashboard.body.slice(dashboard.body.indexOf('data-testid="stat-weekly-rank"'));
    expect(card.slice(0, card.indexOf("</section>"))).toContain('href="/referrals?period=week#leaderboard"');
    const rank = /Weekly Rank (#\d+) 3 approved referrals this week View leaderboard/.exec(
      pageText(dashboard.body),
    )?.[1];
    expect(rank).toBeDefined();
    expect(leaderboardText((await client.get("/referrals?period=week")).body)).toMatch(
      new RegExp(`Your position: ${rank} with 3 approved referrals$`),
    );
  });
});

describe("the dashboard's referral link card", () => {
  it("shows the link with Copy and Share, total referrals and total referral earnings", async () => {
    const { user, client } = await signInMember(app, { landed: true });
    await referredMember(app.services.db, user, { approvedRewardKobo: 12_345n });
    await referredMember(app.services.db, user);
    const text = pageText((await client.get("/dashboard")).body);
    expect(text).toContain(
      `Your Referral Link Share it: whoever registers with it is your referral. My Referrals ${app.origin}/register?ref=${user.referralCode} Copy referral link Share: WhatsApp Telegram X Facebook Total Referrals 2 Total Referral Earnings ₦123.45`,
    );
  });
});
