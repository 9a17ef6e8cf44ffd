import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { claimAdvertReward, startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { lagosDay } from "~/lib/lagos-time";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, longAgo, member, runningCampaign } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { findAdvertiserCampaign } from "./campaigns.server";
import { cancelCampaign } from "./cancel-campaign.server";
import { createCampaign } from "./create-campaign.server";
import { campaignReport } from "./report.server";
import { claimAnswering, correctAnswer } from "~test/claims";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts"]);
});
afterEach(async () => expectLedgerReconciled(db));

const DAY_MS = 24 * 60 * 60 * 1000;

/** A verified view: started an hour before `at`, claimed at `at`. */
async function view(userId: string, advertId: string, at: Date = new Date()) {
  const started = await startAdvertView(db, userId, advertId, new Date(at.getTime() - 60 * 60 * 1000));
  expect(started.status).toBe("ok");
  const claimed = await claimAnswering(db, userId, advertId, at);
  expect(claimed.status).toBe("ok");
}

/** What the ledger says the escrow paid, by transfer kind (straight from ledger_transfers). */
async function escrowDebits(campaignId: string) {
  const [escrow] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.campaignId, campaignId));
  const rows = await db
    .select({ kind: ledgerTransfers.kind, amount: ledgerTransfers.amountKobo })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.debitAccountId, escrow!.id),
        inArray(ledgerTransfers.kind, ["advert_reward", "campaign_fee", "campaign_refund"]),
      ),
    );
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount, 0n);
  return {
    balance: escrow!.balanceKobo,
    rewards: sum("advert_reward"),
    fees: sum("campaign_fee"),
    refund: sum("campaign_refund"),
  };
}

const current = async (advertiserId: string, campaignId: string) =>
  (await findAdvertiserCampaign(db, advertiserId, campaignId))!;

describe("a campaign's report", () => {
  it("counts verified views by Lagos day and current tier, and its money from the escrow's ledger", async () => {
    const { advertiser, campaign, advertId } = await runningCampaign(db, admin, {
      rewardKobo: 1_000n,
      viewsWanted: 10,
    });
    const alice = await member(db, { name: "Alice Secretname" });
    const bayo = await member(db, { name: "Bayo Secretname", tier: "gold" });
    const chidi = await member(db, { name: "Chidi Secretname" });
    const idle = await member(db);
    const yesterday = new Date(Date.now() - DAY_MS);
    await view(alice.id, advertId, yesterday);
    await view(bayo.id, advertId);
    await view(chidi.id, advertId);
    // Started, never claimed: not a verified view.
    expect((await startAdvertView(db, idle.id, advertId, longAgo())).status).toBe("ok");
    // A wrong pick at the attention check: a failed check, never a view.
    const guesser = await member(db);
    expect((await startAdvertView(db, guesser.id, advertId, longAgo())).status).toBe("ok");
    expect((await claimAdvertReward(db, guesser.id, advertId)).status).toBe("check");
    const wrong = ((await correctAnswer(db, guesser.id, advertId)) + 1) % 4;
    expect((await claimAdvertReward(db, guesser.id, advertId, new Date(), { answer: wrong })).status).toBe(
      "check-failed",
    );

    const report = await campaignReport(db, await current(advertiser.id, campaign.id));
    const ledger = await escrowDebits(campaign.id);

    expect(report.verifiedViews).toBe(3);
    expect(report.uniqueViewers).toBe(3);
    // Each paid view passed the check; the guess failed it.
    expect(report.checkedViews).toBe(3);
    expect(report.failedChecks).toBe(1);
    // ₦10.00 a view and the 20% fee (₦2.00) a view, for 3 views; the budget was 10 × ₦12.00.
    expect(report).toMatchObject({
      fundedKobo: 12_000n,
      rewardsKobo: 3_000n,
      feesKobo: 600n,
      spendKobo: 3_600n,
      refundedKobo: 0n,
      remainingKobo: 8_400n,
    });
    expect(report.rewardsKobo).toBe(ledger.rewards);
    expect(report.feesKobo).toBe(ledger.fees);
    expect(report.remainingKobo).toBe(ledger.balance);
    expect(report.fundedKobo - report.spendKobo).toBe(ledger.balance);

    // Every day from the first view to today, zeros between; the days add up to the totals.
    const today = lagosDay(new Date());
    expect(report.days.at(-1)).toEqual({ day: today, views: 2, rewardsKobo: 2_000n, feesKobo: 400n });
    expect(report.days[0]).toEqual({ day: lagosDay(yesterday), views: 1, rewardsKobo: 1_000n, feesKobo: 200n });
    expect(report.days.reduce((s, d) => s + d.views, 0)).toBe(3);
    expect(report.days.reduce((s, d) => s + d.rewardsKobo + d.feesKobo, 0n)).toBe(report.spendKobo);

    expect(report.tiers).toEqual([
      { tier: "Basic Member", views: 2 },
      { tier: "Advert Gold", views: 1 },
    ]);

    // Nobody's name, email, ID or display ID is in it.
    const text = JSON.stringify(report, (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    for (const person of [alice, bayo, chidi, idle]) {
      for (const secret of [person.id, person.name, person.email, person.displayId]) expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("Secretname");
  });

  it("says what came back when the advertiser cancels: the escrow's balance, refunded once", async () => {
    const { advertiser, campaign, advertId } = await runningCampaign(db, admin, { rewardKobo: 500n, viewsWanted: 4 });
    const viewer = await member(db);
    await view(viewer.id, advertId);
    const cancelled = await cancelCampaign(db, advertiser.id, campaign.id);
    expect(cancelled.status).toBe("ok");

    const report = await campaignReport(db, await current(advertiser.id, campaign.id));
    const ledger = await escrowDebits(campaign.id);
    // Budget 4 × (₦5.00 + ₦1.00) = ₦24.00; one view spent ₦6.00; ₦18.00 came back.
    expect(report).toMatchObject({
      verifiedViews: 1,
      fundedKobo: 2_400n,
      spendKobo: 600n,
      refundedKobo: 1_800n,
      remainingKobo: 0n,
    });
    expect(report.refundedKobo).toBe(ledger.refund);
    expect(ledger.balance).toBe(0n);
  });

  it("is empty for a campaign never paid or run", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const report = await campaignReport(db, created.campaign);
    expect(report).toEqual({
      verifiedViews: 0,
      uniqueViewers: 0,
      checkedViews: 0,
      failedChecks: 0,
      fundedKobo: 0n,
      rewardsKobo: 0n,
      feesKobo: 0n,
      spendKobo: 0n,
      refundedKobo: 0n,
      remainingKobo: 0n,
      days: [],
      tiers: [],
    });
  });

  it("counts only its own advert's views, not another campaign's", async () => {
    const first = await runningCampaign(db, admin);
    const second = await runningCampaign(db, admin);
    const viewer = await member(db);
    await view(viewer.id, first.advertId);
    await view(viewer.id, second.advertId);
    const report = await campaignReport(db, await current(first.advertiser.id, first.campaign.id));
    expect(report.verifiedViews).toBe(1);
    expect(report.spendKobo).toBe((await escrowDebits(first.campaign.id)).rewards + 200n);
  });
});
