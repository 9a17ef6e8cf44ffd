import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referrals } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { payReferralReward } from "~/domain/referrals/money.server";
import { newId } from "~/domain/shared/ids";
import { claimAnswering } from "~test/claims";
import { openTestDatabase } from "~test/database";
import { advertAdmin, creditUser, longAgo, member, postAdvert, recordReferral } from "~test/factories";
import { earnedTotals } from "./earned-totals.server";
import { earningsHistory } from "./earnings-history.server";
import { transfer } from "./transfer.server";

const { db } = await openTestDatabase();

const sum = (rows: { amountKobo: bigint }[]) => rows.reduce((total, row) => total + row.amountKobo, 0n);

describe("earningsHistory", () => {
  it("lists every advert and referral reward paid to the member, newest first: the rows of Total Earnings", async () => {
    const admin = await advertAdmin(db);
    const earner = await member(db, { name: "Ngozi Earner" });
    const other = await member(db);
    const bola = await member(db, { name: "Bola Referred" });
    const held = await member(db, { name: "Held Referral" });
    const jollof = await postAdvert(db, admin, { title: "Indomie Jollof", rewardKobo: 1_234n });
    const data = await postAdvert(db, admin, { title: "MTN Data Bonanza", rewardKobo: 50_00n });
    const opened = await postAdvert(db, admin, { title: "Opened, not claimed" });

    expect(await earningsHistory(db, earner.id)).toEqual([]);
    expect((await earnedTotals(db, earner.id)).totalKobo).toBe(0n);

    await startAdvertView(db, earner.id, jollof, longAgo());
    expect(await claimAnswering(db, earner.id, jollof)).toMatchObject({ status: "ok" });
    // A referral reward, paid when Bola's first upgrade was approved.
    const referralId = await recordReferral(db, earner, bola.id);
    await db.transaction((tx) => payReferralReward(tx, { id: referralId, referrerId: earner.id }, 400_00n));
    await startAdvertView(db, earner.id, data, longAgo());
    expect(await claimAnswering(db, earner.id, data)).toMatchObject({ status: "ok" });
    // Not earnings: an advert opened and not claimed, a reward held for review (no money moved),
    // money moved on to a withdrawal, and another member's reward.
    await startAdvertView(db, earner.id, opened);
    const heldId = await recordReferral(db, earner, held.id);
    await db.update(referrals).set({ status: "held", rewardKobo: 300_00n }).where(eq(referrals.id, heldId));
    await transfer(db, {
      from: { userId: earner.id, kind: "available" },
      to: { userId: earner.id, kind: "held" },
      amountKobo: 100_00n,
      kind: "withdrawal_hold",
      idempotencyKey: `test-hold:${newId()}`,
    });
    await startAdvertView(db, other.id, jollof, longAgo());
    await claimAnswering(db, other.id, jollof);

    const history = await earningsHistory(db, earner.id);
    expect(history).toEqual([
      {
        transferId: expect.any(String),
        kind: "advert_reward",
        earnedAt: expect.any(Date),
        amountKobo: 50_00n,
        advertTitle: "MTN Data Bonanza",
        referredName: null,
      },
      {
        transferId: expect.any(String),
        kind: "referral_reward",
        earnedAt: expect.any(Date),
        amountKobo: 400_00n,
        advertTitle: null,
        referredName: "Bola Referred",
      },
      {
        transferId: expect.any(String),
        kind: "advert_reward",
        earnedAt: expect.any(Date),
        amountKobo: 1_234n,
        advertTitle: "Indomie Jollof",
        referredName: null,
      },
    ]);
    expect(history[0]!.earnedAt.getTime()).toBeGreaterThanOrEqual(history[2]!.earnedAt.getTime());
    // What the profile's Total Earnings (and the dashboard's) adds up, row for row.
    expect(sum(history)).toBe((await earnedTotals(db, earner.id)).totalKobo);
    expect(sum(await earningsHistory(db, other.id))).toBe((await earnedTotals(db, other.id)).totalKobo);
    expect(await earningsHistory(db, earner.id, { limit: 1 })).toEqual([history[0]]);
  });

  it("lists a reward booked without an advert view too, so a non-zero total never has an empty history", async () => {
    const credited = await member(db);
    await creditUser(db, credited.id, 7_50n);
    const history = await earningsHistory(db, credited.id);
    expect(history).toMatchObject([
      { kind: "advert_reward", amountKobo: 7_50n, advertTitle: null, referredName: null },
    ]);
    expect(sum(history)).toBe((await earnedTotals(db, credited.id)).totalKobo);
  });
});
