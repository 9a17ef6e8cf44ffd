import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "~test/database";
import {
  createUser,
  member,
  membershipAdmin,
  recordReferral,
  setReferralRule,
  setReceivingAccount,
} from "~test/factories";
import { referrals } from "~/db/schema";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { referredMember } from "~test/referrals";
import { HOLD_REASONS } from "./referral-abuse";
import { MY_REFERRALS_PAGE_SIZE, myReferrals, referralLink, referralSummary } from "./my-referrals.server";

const { db } = await openTestDatabase();
const appUrl = new URL("https://adnaira.example.ng");

describe("referralLink", () => {
  it("is the app's register page with the code", () => {
    expect(referralLink(appUrl, "AB12CD34EF")).toBe("https://adnaira.example.ng/register?ref=AB12CD34EF");
    expect(referralLink(new URL("http://127.0.0.1:3000/"), "X")).toBe("http://127.0.0.1:3000/register?ref=X");
  });
});

describe("myReferrals", () => {
  it("lists the people the member referred, newest first, with status, reward and totals of approved rewards", async () => {
    const me = await createUser(db, { isApproved: true });
    const other = await createUser(db, { isApproved: true });
    const first = await referredMember(db, me, { name: "Ada Obi", createdAt: new Date("2026-01-01T10:00:00Z") });
    const second = await referredMember(db, me, {
      name: "Bola Ade",
      approvedRewardKobo: 40_000n,
      createdAt: new Date("2026-01-02T10:00:00Z"),
    });
    const third = await referredMember(db, me, {
      name: "Chi Eze",
      approvedRewardKobo: 10_050n,
      createdAt: new Date("2026-01-03T10:00:00Z"),
    });
    await referredMember(db, other, { approvedRewardKobo: 99_900n }); // someone else's
    // A held reward and a voided one were never paid: neither counts in the earnings.
    const held = await referredMember(db, me, { name: "Dayo Held", createdAt: new Date("2026-01-04T10:00:00Z") });
    const voided = await referredMember(db, me, { name: "Efe Voided", createdAt: new Date("2026-01-05T10:00:00Z") });
    await db
      .update(referrals)
      .set({ status: "held", rewardKobo: 7_000n, holdReason: HOLD_REASONS.linked })
      .where(eq(referrals.referredId, held.id));
    await db
      .update(referrals)
      .set({ status: "voided", rewardKobo: 8_000n, holdReason: "Same email address as the referrer" })
      .where(eq(referrals.referredId, voided.id));

    const mine = await myReferrals(db, me.id, { appUrl });
    expect(mine).toMatchObject({
      code: me.referralCode,
      link: `https://adnaira.example.ng/register?ref=${me.referralCode}`,
      totalReferrals: 5,
      totalEarningsKobo: 50_050n,
      page: { page: 1, pageCount: 1, total: 5 },
    });
    // Exactly these fields: why a reward is held never reaches the referrer.
    const row = (name: string, joinedAt: Date, status: string, rewardKobo: bigint | null) => ({
      id: expect.any(String),
      name,
      joinedAt,
      status,
      rewardKobo,
    });
    expect(mine!.referrals).toEqual([
      row("Efe Voided", voided.createdAt, "voided", null),
      row("Dayo Held", held.createdAt, "held", null),
      row("Chi Eze", third.createdAt, "approved", 10_050n),
      row("Bola Ade", second.createdAt, "approved", 40_000n),
      row("Ada Obi", first.createdAt, "pending", null),
    ]);
    expect(await referralSummary(db, me.id, appUrl)).toEqual({
      code: me.referralCode,
      link: mine!.link,
      totalReferrals: 5,
      totalEarningsKobo: 50_050n,
    });
  });

  it("is empty, with zero totals, for a member who referred nobody; null for an unknown member", async () => {
    const me = await createUser(db, { isApproved: true });
    expect(await myReferrals(db, me.id, { appUrl })).toEqual({
      code: me.referralCode,
      link: `https://adnaira.example.ng/register?ref=${me.referralCode}`,
      totalReferrals: 0,
      totalEarningsKobo: 0n,
      referrals: [],
      page: { page: 1, pageCount: 1, total: 0 },
    });
    expect(await myReferrals(db, "no-such-user", { appUrl })).toBeNull();
  });

  it("pages a long list and clamps a page past the end to the last one", async () => {
    const me = await createUser(db, { isApproved: true });
    const start = Date.parse("2026-02-01T00:00:00Z");
    for (let i = 0; i < MY_REFERRALS_PAGE_SIZE + 3; i++) {
      await referredMember(db, me, { name: `Referred ${i}`, createdAt: new Date(start + i * 60_000) });
    }
    const firstPage = await myReferrals(db, me.id, { appUrl });
    expect(firstPage!.page).toEqual({ page: 1, pageCount: 2, total: MY_REFERRALS_PAGE_SIZE + 3 });
    expect(firstPage!.referrals).toHaveLength(MY_REFERRALS_PAGE_SIZE);
    expect(firstPage!.referrals[0]!.name).toBe(`Referred ${MY_REFERRALS_PAGE_SIZE + 2}`);
    const last = await myReferrals(db, me.id, { appUrl, page: 9 });
    expect(last!.page.page).toBe(2);
    expect(last!.referrals.map((r) => r.name)).toEqual(["Referred 2", "Referred 1", "Referred 0"]);
  });
});

describe("referral earnings: the referrals page and the ledger agree", () => {
  it("after a referred member's first upgrade is approved, the page's total is the ledger's referral earnings", async () => {
    const referrer = await createUser(db, { isApproved: true });
    const referred = await member(db);
    await recordReferral(db, referrer, referred.id);
    await setReferralRule(db, { active: true, type: "fixed", fixedKobo: 10_000n });
    await setReceivingAccount(db); // bank transfer is offered only with one
    const request = await requestUpgrade(db, { userId: referred.id, tierId: "bronze", method: "bank_transfer" });
    if (request.status !== "ok") throw new Error(`requestUpgrade: ${request.status}`);
    const approved = await approveUpgrade(db, await membershipAdmin(db), request.request.id);
    expect(approved.status).toBe("ok");

    const summary = await referralSummary(db, referrer.id, appUrl);
    expect(summary?.totalEarningsKobo).toBe(10_000n);
    expect(summary?.totalEarningsKobo).toBe((await earnedTotals(db, referrer.id)).referralKobo);
  });
});
