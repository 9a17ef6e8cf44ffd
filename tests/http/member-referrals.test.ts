import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~test/factories";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { referredMember } from "~test/referrals";
import { MY_REFERRALS_PAGE_SIZE } from "~/domain/referrals/my-referrals.server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const EMPTY = "You haven't referred anyone yet. Share your referral code to get started!";

async function signedIn(options: { name?: string } = {}) {
  const user = await createUser(app.services.db, { isApproved: true, ...options });
  const client = app.client();
  await client.login(user.email, user.password);
  await client.get("/dashboard"); // takes the Login Successful toast
  return { user, client };
}

describe("/referrals", () => {
  it("sends a visitor who is not signed in to /login", async () => {
    const res = await app.client().get("/referrals");
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/login" });
  });

  it("shows the member's code and link as text, zero totals and the empty text", async () => {
    const { user, client } = await signedIn();
    const res = await client.get("/referrals");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain(`Your Referral Code ${user.referralCode} Copy referral code`);
    expect(text).toContain(`Your Referral Link ${app.origin}/register?ref=${user.referralCode} Copy referral link`);
    expect(text).toContain("Total Referrals 0 Total Referral Earnings ₦0.00");
    expect(text).toContain(EMPTY);
    expect(res.body).not.toContain('data-testid="referral-table"');
  });

  it("lists only the member's referred people with date, status and reward, and totals the approved rewards", async () => {
    const { user, client } = await signedIn();
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
    const table = pageText(res.body.slice(res.body.indexOf('data-testid="referral-table"')));
    expect(table).toContain("Name Date Joined Status Reward");
    expect(table).toMatch(/Bayo Approved \S.*? Approved ₦400\.00 Ada Pending \S.*? Pending ₦0\.00/);
  });

  it("pages a long list with Previous / Next links", async () => {
    const { user, client } = await signedIn();
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
    const table = pageText(second.body.slice(second.body.indexOf('data-testid="referral-table"')));
    expect(table).toMatch(
      /Name Date Joined Status Reward Guest 0 \S+ \S+ \S+ Pending ₦0\.00 Previous Page 2 of 2 Next/,
    );
  });

  it("reads an unusable ?page= as the first page", async () => {
    const { client } = await signedIn();
    const res = await client.get("/referrals?page=zzz");
    expect(res.status).toBe(200);
    expect(pageText(res.body)).toContain(EMPTY);
  });
});

describe("the dashboard's referral link card", () => {
  it("shows the link with Copy, total referrals and total referral earnings", async () => {
    const { user, client } = await signedIn();
    await referredMember(app.services.db, user, { approvedRewardKobo: 12_345n });
    await referredMember(app.services.db, user);
    const text = pageText((await client.get("/dashboard")).body);
    expect(text).toContain(
      `Your Referral Link Share it: whoever registers with it is your referral. My Referrals ${app.origin}/register?ref=${user.referralCode} Copy referral link Total Referrals 2 Total Referral Earnings ₦123.45`,
    );
  });
});
