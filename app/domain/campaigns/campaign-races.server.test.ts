import { and, eq, like, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, advertViews, campaigns, ledgerTransfers, type Campaign } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import type { TransferKind } from "~/domain/ledger/transfer.server";
import { auditRowsFor } from "~test/audit";
import { escrowOf, viewAndClaim } from "~test/campaigns";
import { openTestDatabase, usingPostgres } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, longAgo, member, runningCampaign } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { cancelCampaign } from "./cancel-campaign.server";
import { confirmCampaignPayment } from "./confirm-payment.server";
import { createCampaign } from "./create-campaign.server";
import { completeEndedCampaigns } from "./expire-campaigns.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";
import { activateCampaign } from "./review-campaign.server";
import { claimAnswering } from "~test/claims";

// Races between a campaign's claims, its advertiser and the admins. With DATABASE_URL set, every
// Promise.all below puts up to 40 transactions on the server at once; on PGlite (one transaction
// at a time) the same calls run queued and must still leave the same books.
const { db } = await openTestDatabase({ poolSize: 40 });
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts"]);
});
afterEach(async () => expectLedgerReconciled(db));

// ₦10.00 a view + the default 20% fee: ₦12.00 a view out of the escrow.
const REWARD = 1_000n;
const FEE = 200n;
const PER_VIEW = REWARD + FEE;

const statusOf = async (campaignId: string) =>
  (await db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)))[0]!.s;
const transfersOf = (campaignId: string, kind: TransferKind) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.referenceId, campaignId), eq(ledgerTransfers.kind, kind)));
/** The reward transfers of an advert's views (key advert-view:<advert>:<user>) and their fees (…:fee). */
const viewTransfers = (advertId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `advert-view:${advertId}:%`));
const claimedViews = (advertId: string) =>
  db.$count(advertViews, sql`${advertViews.advertId} = ${advertId} and ${advertViews.claimedAt} is not null`);
const advertOf = async (advertId: string) => (await db.select().from(adverts).where(eq(adverts.id, advertId)))[0]!;

const countBy = (results: { status: string }[]) =>
  results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

/** `n` members who opened the advert long ago (their claims are due). */
async function viewers(n: number, advertId: string) {
  const members = await Promise.all(Array.from({ length: n }, () => member(db)));
  for (const started of await Promise.all(members.map((m) => startAdvertView(db, m.id, advertId, longAgo())))) {
    expect(started.status).toBe("ok");
  }
  return members;
}

/**
 * After the dust settles: every view paid exactly reward + fee out of the escrow, whatever the
 * escrow still held went back to the advertiser at most once, and nothing else moved.
 */
async function expectCampaignBooks(campaign: Campaign, advertId: string, advertiserId: string) {
  const paid = await claimedViews(advertId);
  const rewards = (await viewTransfers(advertId)).filter((t) => t.kind === "advert_reward");
  const fees = (await viewTransfers(advertId)).filter((t) => t.kind === "campaign_fee");
  const refunds = await transfersOf(campaign.id, "campaign_refund");
  const refund = refunds.reduce((s, t) => s + t.amountKobo, 0n);
  expect(paid).toBeLessThanOrEqual(campaign.viewsWanted);
  expect((await advertOf(advertId)).currentClicks).toBe(paid);
  expect(rewards).toHaveLength(paid);
  expect(fees).toHaveLength(paid);
  expect(rewards.every((t) => t.amountKobo === campaign.rewardKobo)).toBe(true);
  expect(fees.every((t) => t.amountKobo === campaign.feePerViewKobo)).toBe(true);
  expect(new Set(rewards.map((t) => t.creditAccountId)).size).toBe(paid); // nobody paid twice
  expect(refunds.length).toBeLessThanOrEqual(1);
  expect(BigInt(paid) * (campaign.rewardKobo + campaign.feePerViewKobo) + refund).toBe(campaign.budgetKobo);
  expect((await balances(db, advertiserId)).availableKobo).toBe(refund);
  return { paid, refund, refunds: refunds.length };
}

describe("claims on a campaign's escrow", () => {
  it("the last views: 60 members claim a 10-view campaign at once → exactly 10 paid, the escrow exactly empty", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, {
      rewardKobo: REWARD,
      viewsWanted: 10,
    });
    expect(campaign.feePerViewKobo).toBe(FEE);
    expect(await escrowOf(db, campaign.id)).toBe(10n * PER_VIEW);
    const members = await viewers(60, advertId);
    const feesBefore = await platformBalance(db, "campaign_fees");
    const rewardsBefore = await platformBalance(db, "advert_rewards");

    const started = Date.now();
    const results = await Promise.all(members.map((m) => claimAnswering(db, m.id, advertId)));
    const elapsed = Date.now() - started;

    expect(countBy(results)).toEqual({ ok: 10, "no-slots": 50 });
    expect(await escrowOf(db, campaign.id)).toBe(0n);
    expect(await statusOf(campaign.id)).toBe("completed");
    expect(await claimedViews(advertId)).toBe(10);
    expect(await platformBalance(db, "campaign_fees")).toBe(feesBefore + 10n * FEE);
    expect(await platformBalance(db, "advert_rewards")).toBe(rewardsBefore); // the platform paid nothing
    for (const [i, m] of members.entries()) {
      expect((await balances(db, m.id)).availableKobo).toBe(results[i]!.status === "ok" ? REWARD : 0n);
    }
    expect(await expectCampaignBooks(campaign, advertId, advertiser.id)).toEqual({ paid: 10, refund: 0n, refunds: 0 });
    // Completed by its last view: nothing left to cancel or refund.
    expect(await cancelCampaign(db, advertiser.id, campaign.id)).toEqual({ status: "conflict", current: "completed" });
    expect(elapsed).toBeLessThan(20_000);
  });

  it("cancelled while the last views are claimed: the refund is exactly what the winning claims left", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const { campaign, advertId, advertiser } = await runningCampaign(db, admin, {
        rewardKobo: REWARD,
        viewsWanted: 10,
      });
      for (const m of await Promise.all(Array.from({ length: 6 }, () => member(db)))) {
        expect((await viewAndClaim(db, m.id, advertId)).status).toBe("ok");
      }
      const members = await viewers(20, advertId);
      // The cancel goes in among the claims, at a different place and a little later each round
      // (on PostgreSQL, so the claims sometimes win some or all of the last slots first).
      const claims = members.map((m) => () => claimAnswering(db, m.id, advertId));
      const at = (round * 5) % (claims.length + 1);
      const delay = [0, 1, 2, 3, 4, 6, 8, 12][round % 8]!;
      const calls: (() => Promise<{ status: string }>)[] = [
        ...claims.slice(0, at),
        async () => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          return cancelCampaign(db, advertiser.id, campaign.id);
        },
        ...claims.slice(at),
      ];
      const results = await Promise.all(calls.map((call) => call()));
      const cancelled = results[at] as Awaited<ReturnType<typeof cancelCampaign>>;
      const claimed = results.filter((_, i) => i !== at);
      for (const r of claimed) expect(["ok", "no-slots", "not-found"]).toContain(r.status);
      const won = claimed.filter((r) => r.status === "ok").length;
      expect(won).toBeLessThanOrEqual(4);

      const books = await expectCampaignBooks(campaign, advertId, advertiser.id);
      expect(books.paid).toBe(6 + won);
      expect(await escrowOf(db, campaign.id)).toBe(0n);
      if (cancelled.status === "ok") {
        expect(cancelled.refundedKobo).toBe(BigInt(4 - won) * PER_VIEW);
        expect(books.refund).toBe(cancelled.refundedKobo);
        expect(books.refunds).toBe(won < 4 ? 1 : 0);
        expect(await statusOf(campaign.id)).toBe("cancelled");
        expect((await advertOf(advertId)).isActive).toBe(false);
        outcomes.push(`cancelled after ${won}`);
      } else {
        // The claims took every slot first: the last one completed it, with nothing left.
        expect(cancelled).toEqual({ status: "conflict", current: "completed" });
        expect(won).toBe(4);
        expect(books).toMatchObject({ refund: 0n, refunds: 0 });
        outcomes.push("completed first");
      }
      // Too late for anyone else now.
      const late = await member(db);
      expect(["not-found", "no-slots"]).toContain((await viewAndClaim(db, late.id, advertId)).status);
    }
    console.info(`cancel vs the last claims: ${outcomes.join(", ")}`);
  });

  it("a cancel refused after the last view changes nothing: the full advert stays as it was", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { rewardKobo: REWARD, viewsWanted: 1 });
    expect((await viewAndClaim(db, (await member(db)).id, advertId)).status).toBe("ok");
    const before = await advertOf(advertId);
    expect(await cancelCampaign(db, advertiser.id, campaign.id)).toEqual({ status: "conflict", current: "completed" });
    expect(await advertOf(advertId)).toEqual(before);
    expect((await viewAndClaim(db, (await member(db)).id, advertId)).status).toBe("no-slots");
  });

  it("cancelled five times at once: one refund", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, {
      rewardKobo: REWARD,
      viewsWanted: 10,
    });
    const viewer = await member(db);
    expect((await viewAndClaim(db, viewer.id, advertId)).status).toBe("ok");
    const results = await Promise.all(Array.from({ length: 5 }, () => cancelCampaign(db, advertiser.id, campaign.id)));
    expect(countBy(results)).toEqual({ ok: 1, conflict: 4 });
    for (const r of results) if (r.status === "conflict") expect(r.current).toBe("cancelled");
    expect(results.find((r) => r.status === "ok")).toMatchObject({ refundedKobo: 9n * PER_VIEW });
    expect(await expectCampaignBooks(campaign, advertId, advertiser.id)).toEqual({
      paid: 1,
      refund: 9n * PER_VIEW,
      refunds: 1,
    });
  });

  it("cancelled in review five times at once (funded from the balance, no advert yet): one refund", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 10n * PER_VIEW });
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
    if (created.status !== "ok") throw new Error(created.status);
    expect((await payCampaignFromBalance(db, owner.id, created.campaign.id)).status).toBe("ok");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cancelCampaign(db, owner.id, created.campaign.id)),
    );
    expect(countBy(results)).toEqual({ ok: 1, conflict: 4 });
    expect(await transfersOf(created.campaign.id, "campaign_refund")).toHaveLength(1);
    expect(await escrowOf(db, created.campaign.id)).toBe(0n);
    expect((await balances(db, owner.id)).availableKobo).toBe(10n * PER_VIEW);
  });
});

describe("paying from the balance at once", () => {
  it("the same campaign paid five times at once is funded once", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 50n * PER_VIEW });
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
    if (created.status !== "ok") throw new Error(created.status);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => payCampaignFromBalance(db, owner.id, created.campaign.id)),
    );
    expect(countBy(results)).toEqual({ ok: 1, conflict: 4 });
    expect(await transfersOf(created.campaign.id, "campaign_funding")).toHaveLength(1);
    expect(await escrowOf(db, created.campaign.id)).toBe(10n * PER_VIEW);
    expect((await balances(db, owner.id)).availableKobo).toBe(40n * PER_VIEW);
  });

  it("six campaigns paid at once from a balance that covers two: two funded, the rest refused", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 25n * PER_VIEW });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
      if (created.status !== "ok") throw new Error(created.status);
      ids.push(created.campaign.id);
    }
    const results = await Promise.all(ids.map((id) => payCampaignFromBalance(db, owner.id, id)));
    expect(countBy(results)).toEqual({ ok: 2, "insufficient-balance": 4 });
    for (const r of results) if (r.status === "insufficient-balance") expect(r.balanceKobo).toBe(5n * PER_VIEW);
    expect((await balances(db, owner.id)).availableKobo).toBe(5n * PER_VIEW);
    for (const [i, id] of ids.entries()) {
      const paid = results[i]!.status === "ok";
      expect(await statusOf(id)).toBe(paid ? "in_review" : "draft");
      expect(await escrowOf(db, id)).toBe(paid ? 10n * PER_VIEW : null);
    }
  });
});

describe("admins at once", () => {
  it("ten admins confirm the same payment reference at once → credited once", async () => {
    const admins = await Promise.all(Array.from({ length: 10 }, () => advertAdmin(db, ["manage_adverts"])));
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    expect((await submitCampaignForPayment(db, owner.id, id)).status).toBe("ok");
    const receiptsBefore = await platformBalance(db, "bank_receipts");

    const results = await Promise.all(admins.map((a) => confirmCampaignPayment(db, a, reference)));
    expect(countBy(results)).toEqual({ ok: 1, conflict: 9 });
    for (const r of results) if (r.status === "conflict") expect(r.current).toBe("in_review");

    expect(await transfersOf(id, "advertiser_deposit")).toHaveLength(1);
    expect(await transfersOf(id, "campaign_funding")).toHaveLength(1);
    expect(await escrowOf(db, id)).toBe(budgetKobo);
    expect((await balances(db, owner.id)).availableKobo).toBe(0n);
    expect(await platformBalance(db, "bank_receipts")).toBe(receiptsBefore - budgetKobo);
    expect(await auditRowsFor(db, id, "campaign.confirm_payment")).toHaveLength(1);
    const winner = admins[results.findIndex((r) => r.status === "ok")]!;
    expect((await db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.paymentConfirmedById).toBe(winner.id);
  });
});

describe("payment confirmed while the advertiser cancels", () => {
  it("either the payment comes first and the cancel refunds all of it, or the cancel does and the payment goes to the balance", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const owner = await approvedAdvertiser(db);
      const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
      if (created.status !== "ok") throw new Error(created.status);
      const { id, reference, budgetKobo } = created.campaign;
      expect((await submitCampaignForPayment(db, owner.id, id)).status).toBe("ok");
      // Which one the server sees first: the cancel on odd rounds.
      const confirming = () => confirmCampaignPayment(db, admin, reference);
      const cancelling = () => cancelCampaign(db, owner.id, id);
      const [confirmed, cancelled] =
        round % 2 === 0
          ? await Promise.all([confirming(), cancelling()])
          : await Promise.all([cancelling(), confirming()]).then(([b, a]) => [a, b] as const);
      expect(cancelled.status).toBe("ok");
      expect(await statusOf(id)).toBe("cancelled");
      expect((await escrowOf(db, id)) ?? 0n).toBe(0n);
      expect(confirmed.status).toBe("ok");
      const funded = confirmed.status === "ok" && confirmed.funded;
      // Either way the money that arrived is the advertiser's, booked once.
      expect(await transfersOf(id, "advertiser_deposit")).toHaveLength(1);
      expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
      if (funded) {
        expect(cancelled).toMatchObject({ refundedKobo: budgetKobo });
        expect(await transfersOf(id, "campaign_refund")).toHaveLength(1);
      } else {
        expect(cancelled).toMatchObject({ refundedKobo: 0n });
        expect(await transfersOf(id, "campaign_funding")).toHaveLength(0);
      }
      outcomes.push(funded ? "confirmed first" : "cancelled first");
    }
    console.info(`confirm vs cancel: ${outcomes.join(", ")}`);
  });
});

describe("the end date", () => {
  async function endingCampaign() {
    const now = Date.now();
    const running = await runningCampaign(db, admin, {
      rewardKobo: REWARD,
      viewsWanted: 10,
      endsAt: new Date(now + 60_000),
    });
    const viewer = await member(db);
    expect((await viewAndClaim(db, viewer.id, running.advertId)).status).toBe("ok");
    return { ...running, after: new Date(now + 61_000) };
  }

  it("two completion runs at once complete it once, with one refund", async () => {
    for (let round = 0; round < 3; round++) {
      const { campaign, advertId, advertiser, after } = await endingCampaign();
      const counts = await Promise.all([completeEndedCampaigns(db, after), completeEndedCampaigns(db, after)]);
      expect(counts[0]! + counts[1]!).toBe(1);
      expect(await statusOf(campaign.id)).toBe("completed");
      expect((await advertOf(advertId)).isActive).toBe(false);
      expect(await escrowOf(db, campaign.id)).toBe(0n);
      expect(await expectCampaignBooks(campaign, advertId, advertiser.id)).toEqual({
        paid: 1,
        refund: 9n * PER_VIEW,
        refunds: 1,
      });
    }
  });

  it("claims made just before the end racing the completion: each is paid before it or refused after it", async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const now = Date.now();
      const endsAt = new Date(now + 60_000);
      const { campaign, advertId, advertiser } = await runningCampaign(db, admin, {
        rewardKobo: REWARD,
        viewsWanted: 10,
        endsAt,
      });
      const members = await viewers(15, advertId);
      const justBefore = new Date(endsAt.getTime() - 1_000);
      const claims = members.map((m) => claimAnswering(db, m.id, advertId, justBefore));
      const completion = new Promise((resolve) => setTimeout(resolve, [0, 4, 12][round])).then(() =>
        completeEndedCampaigns(db, new Date(endsAt.getTime() + 1_000)),
      );
      const results = await Promise.all(claims);
      for (const r of results) expect(["ok", "no-slots", "not-found"]).toContain(r.status);
      const won = results.filter((r) => r.status === "ok").length;
      // Unless the claims took every slot first (then the last view completed it, as on PGlite).
      expect(await completion).toBe(won === 10 ? 0 : 1);
      const books = await expectCampaignBooks(campaign, advertId, advertiser.id);
      expect(books.paid).toBe(won);
      expect(books.refund).toBe(BigInt(10 - won) * PER_VIEW);
      expect(await escrowOf(db, campaign.id)).toBe(0n);
      expect(await statusOf(campaign.id)).toBe("completed");
      outcomes.push(won);
    }
    console.info(`claims vs completion, views paid before it: ${outcomes.join(", ")}`);
  });

  it("completion racing the advertiser's cancel: one of them finishes it, one refund", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { campaign, advertId, advertiser, after } = await endingCampaign();
      const completion = completeEndedCampaigns(db, after);
      const cancel = cancelCampaign(db, advertiser.id, campaign.id);
      const [completed, cancelled] = await Promise.all([completion, cancel]);
      if (cancelled.status === "ok") {
        expect(completed).toBe(0);
        expect(cancelled.refundedKobo).toBe(9n * PER_VIEW);
        expect(await statusOf(campaign.id)).toBe("cancelled");
      } else {
        expect(cancelled).toEqual({ status: "conflict", current: "completed" });
        expect(completed).toBe(1);
        expect(await statusOf(campaign.id)).toBe("completed");
      }
      outcomes.push(cancelled.status === "ok" ? "cancelled" : "completed");
      expect(await escrowOf(db, campaign.id)).toBe(0n);
      expect((await advertOf(advertId)).isActive).toBe(false);
      expect(await expectCampaignBooks(campaign, advertId, advertiser.id)).toEqual({
        paid: 1,
        refund: 9n * PER_VIEW,
        refunds: 1,
      });
    }
    console.info(`completion vs cancel: ${outcomes.join(", ")}`);
  });
});

/** Resolves once some other session of this database waits for a row lock. */
async function someoneWaitsForALock() {
  for (let i = 0; i < 200; i++) {
    const result = await db.execute(sql`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`);
    if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("nobody waited for a lock");
}

describe.runIf(usingPostgres())("activation racing the advertiser's cancel (PostgreSQL)", () => {
  it("a cancel that read the campaign before its activation committed still takes the new advert off", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 10n * PER_VIEW });
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
    if (created.status !== "ok") throw new Error(created.status);
    const { id } = created.campaign;
    expect((await payCampaignFromBalance(db, owner.id, id)).status).toBe("ok");

    // The admin's activation holds the campaign's row while the advertiser's cancel comes in: the
    // cancel finds no advert yet and waits on the row; the activation then creates the advert.
    let cancel!: ReturnType<typeof cancelCampaign>;
    await db.transaction(async (tx) => {
      await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).for("update");
      cancel = cancelCampaign(db, owner.id, id);
      await someoneWaitsForALock();
      expect((await activateCampaign(tx, admin, id)).status).toBe("ok");
    });
    const cancelled = await cancel;
    expect(cancelled).toMatchObject({ status: "ok", refundedKobo: 10n * PER_VIEW });
    expect(await statusOf(id)).toBe("cancelled");
    expect(await escrowOf(db, id)).toBe(0n);
    expect((await balances(db, owner.id)).availableKobo).toBe(10n * PER_VIEW);

    // The advert of a cancelled campaign must not run: no member can open or claim it.
    const advertId = (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.advertId!;
    expect((await advertOf(advertId)).isActive).toBe(false);
    const viewer = await member(db);
    expect((await viewAndClaim(db, viewer.id, advertId)).status).toBe("not-found");
  });

  it("activation and cancel at once, a few rounds: a cancelled campaign never leaves a live advert", async () => {
    for (let round = 0; round < 6; round++) {
      const owner = await approvedAdvertiser(db, { balanceKobo: 10n * PER_VIEW });
      const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: REWARD, viewsWanted: 10 }));
      if (created.status !== "ok") throw new Error(created.status);
      const { id } = created.campaign;
      expect((await payCampaignFromBalance(db, owner.id, id)).status).toBe("ok");
      const [activated, cancelled] = await Promise.all([
        activateCampaign(db, admin, id),
        cancelCampaign(db, owner.id, id),
      ]);
      expect(cancelled.status).toBe("ok"); // from in review or from active: either way it stops
      expect(["ok", "conflict"]).toContain(activated.status);
      expect(await statusOf(id)).toBe("cancelled");
      expect(await escrowOf(db, id)).toBe(0n);
      expect(await transfersOf(id, "campaign_refund")).toHaveLength(1);
      const advertId = (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.advertId;
      if (advertId) expect((await advertOf(advertId)).isActive).toBe(false);
    }
  });
});
