import { count, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adverts, auditLog, campaigns, ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { claimAdvertReward, listAvailableAdverts, startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { newDisplayId, newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { updateCampaignFee } from "~/domain/settings/update-app-settings.server";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, longAgo, member, runningCampaign } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import {
  activateCampaign,
  cancelCampaign,
  cancelExpiredCampaigns,
  completeEndedCampaigns,
  confirmCampaignPayment,
  createCampaign,
  payCampaignFromBalance,
  rejectCampaign,
  submitCampaignForPayment,
} from "./lifecycle.server";
import { campaignTransferKey } from "./rules";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts"]);
});
afterEach(async () => expectLedgerReconciled(db));

const escrowOf = async (campaignId: string) =>
  (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.campaignId, campaignId)))[0]?.balanceKobo ?? null;
const statusOf = async (campaignId: string) =>
  (await db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)))[0]!.s;

async function viewAndClaim(userId: string, advertId: string) {
  const started = await startAdvertView(db, userId, advertId, longAgo());
  return started.status === "ok" ? claimAdvertReward(db, userId, advertId) : started;
}

describe("a campaign, paid up front", () => {
  it("is stored as a draft with its budget: reward × views + the fee (20% by default), per view", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 1_250n, viewsWanted: 8 }));
    expect(created.status).toBe("ok");
    if (created.status !== "ok") return;
    // 20% of ₦12.50 is ₦2.50 a view: 8 × ₦15.00 = ₦120.00.
    expect(created.campaign).toMatchObject({
      status: "draft",
      feeBps: 2000,
      feePerViewKobo: 250n,
      budgetKobo: 12_000n,
    });
    expect(created.campaign.reference).toMatch(/^CMP-[2-9A-HJ-NP-Z]{8}$/);
  });

  it("is refused to a business not approved, over the advert limits, or ending in the past", async () => {
    const pending = await approvedAdvertiser(db, { status: "pending" });
    expect((await createCampaign(db, pending.id, campaignInput())).status).toBe("not-approved");
    const owner = await approvedAdvertiser(db);
    const over = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 100_001n }));
    expect(over).toMatchObject({ status: "over-limits", errors: { rewardAmount: expect.any(String) } });
    const past = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(Date.now() - 1000) }));
    expect(past.status).toBe("ends-in-past");
  });

  it("is refused under ₦1.00 a view; from ₦1.00 it always pays a fee of at least 1 kobo while the setting is above 0%", async () => {
    const owner = await approvedAdvertiser(db);
    expect(await createCampaign(db, owner.id, campaignInput({ rewardKobo: 99n }))).toEqual({
      status: "reward-below-minimum",
      minKobo: 100n,
    });
    expect(await db.select().from(campaigns).where(eq(campaigns.advertiserId, owner.id))).toEqual([]);

    const settingsAdmin = await advertAdmin(db, ["manage_settings"]);
    try {
      // The fee setting (basis points) → the fee on a ₦1.00 view, rounded up to the kobo.
      for (const [feeBps, feePerViewKobo] of [
        [1, 1n], // 0.01%: 0.01 kobo
        [50, 1n], // 0.5%: 0.5 kobo
        [100, 1n],
        [2_000, 20n],
        [10_000, 100n],
        [0, 0n], // none: the admin chose a fee-free platform
      ] as const) {
        await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: feeBps });
        const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 100n, viewsWanted: 10 }));
        expect(created.status, `fee ${feeBps}`).toBe("ok");
        if (created.status !== "ok") return;
        expect(created.campaign, `fee ${feeBps}`).toMatchObject({
          rewardKobo: 100n,
          feeBps,
          feePerViewKobo,
          budgetKobo: 10n * (100n + feePerViewKobo),
        });
      }

      // And each verified view pays it: 0.5% of ₦1.00 takes 1 kobo to the platform.
      await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: 50 });
      const { campaign, advertId } = await runningCampaign(db, admin, { rewardKobo: 100n, viewsWanted: 3 });
      expect(campaign).toMatchObject({ feePerViewKobo: 1n, budgetKobo: 303n });
      const fees = await platformBalance(db, "campaign_fees");
      const viewer = await member(db);
      expect((await viewAndClaim(viewer.id, advertId)).status).toBe("ok");
      expect(await platformBalance(db, "campaign_fees")).toBe(fees + 1n);
      expect((await balances(db, viewer.id)).availableKobo).toBe(100n);
      expect(await escrowOf(campaign.id)).toBe(202n);
    } finally {
      await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: 2_000 });
    }
  });

  it("by bank transfer: the admin's confirmation books bank receipts → advertiser → escrow, once", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    expect((await submitCampaignForPayment(db, owner.id, id)).status).toBe("ok");
    const receiptsBefore = await platformBalance(db, "bank_receipts");

    expect((await confirmCampaignPayment(db, admin, reference)).status).toBe("ok");
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "in_review" });
    expect(await confirmCampaignPayment(db, admin, "CMP-NOTAREAL")).toEqual({ status: "not-found" });

    expect(await statusOf(id)).toBe("in_review");
    expect(await escrowOf(id)).toBe(budgetKobo);
    expect((await balances(db, owner.id)).availableKobo).toBe(0n);
    expect(await platformBalance(db, "bank_receipts")).toBe(receiptsBefore - budgetKobo);
  });

  it("a transfer confirmed after the campaign left awaiting payment goes to the balance, once; a draft has none", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "draft" });
    await submitCampaignForPayment(db, owner.id, id);
    expect((await cancelCampaign(db, owner.id, id)).status).toBe("ok");

    expect(await confirmCampaignPayment(db, admin, reference)).toMatchObject({ status: "ok", funded: false });
    expect(await statusOf(id)).toBe("cancelled");
    expect(await escrowOf(id)).toBeNull();
    expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "cancelled" });
    expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
  });

  it("from the balance: only when it covers the budget", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 5_000n });
    const created = await createCampaign(db, owner.id, campaignInput()); // ₦120.00
    if (created.status !== "ok") throw new Error(created.status);
    expect(await payCampaignFromBalance(db, owner.id, created.campaign.id)).toEqual({
      status: "insufficient-balance",
      balanceKobo: 5_000n,
    });
    expect(await statusOf(created.campaign.id)).toBe("draft");
    expect(await escrowOf(created.campaign.id)).toBeNull(); // all of it rolled back, the escrow too
    const ended = await createCampaign(
      db,
      owner.id,
      campaignInput({ viewsWanted: 1, endsAt: new Date(Date.now() + 60_000) }),
    );
    if (ended.status !== "ok") throw new Error(ended.status);
    const later = new Date(Date.now() + 120_000);
    expect(await payCampaignFromBalance(db, owner.id, ended.campaign.id, later)).toEqual({ status: "ended" });
    expect(await statusOf(ended.campaign.id)).toBe("draft");
    expect((await balances(db, owner.id)).availableKobo).toBe(5_000n);
  });

  it("runs as an advert paid from its escrow: each view pays the member and the fee, the last completes it", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { rewardKobo: 1_000n, viewsWanted: 2 });
    expect(await escrowOf(campaign.id)).toBe(2n * 1_200n);
    const [a, b, c] = await Promise.all([member(db), member(db), member(db)]);
    const fees = await platformBalance(db, "campaign_fees");
    const platformRewards = await platformBalance(db, "advert_rewards");

    expect((await viewAndClaim(a!.id, advertId)).status).toBe("ok");
    expect(await escrowOf(campaign.id)).toBe(1_200n);
    expect((await balances(db, a!.id)).availableKobo).toBe(1_000n);
    expect((await viewAndClaim(b!.id, advertId)).status).toBe("ok");
    expect(await escrowOf(campaign.id)).toBe(0n);
    expect(await statusOf(campaign.id)).toBe("completed");
    expect((await viewAndClaim(c!.id, advertId)).status).toBe("no-slots");

    expect(await platformBalance(db, "campaign_fees")).toBe(fees + 400n);
    expect(await platformBalance(db, "advert_rewards")).toBe(platformRewards); // the platform paid nothing
    // Nothing left to refund.
    expect((await cancelCampaign(db, advertiser.id, campaign.id)).status).toBe("conflict");
    expect((await balances(db, advertiser.id)).availableKobo).toBe(0n);
  });

  it("cancelled while running: it leaves the list and the unspent escrow returns to the balance once", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { viewsWanted: 5 });
    const viewer = await member(db);
    expect((await viewAndClaim(viewer.id, advertId)).status).toBe("ok");
    const other = await member(db);
    expect((await listAvailableAdverts(db, other.id)).map((x) => x.id)).toContain(advertId);

    const cancelled = await cancelCampaign(db, advertiser.id, campaign.id);
    expect(cancelled).toMatchObject({ status: "ok", refundedKobo: 4n * 1_200n });
    expect(await escrowOf(campaign.id)).toBe(0n);
    expect((await balances(db, advertiser.id)).availableKobo).toBe(4n * 1_200n);
    expect((await listAvailableAdverts(db, other.id)).map((x) => x.id)).not.toContain(advertId);
    expect((await viewAndClaim(other.id, advertId)).status).toBe("not-found");
    expect((await cancelCampaign(db, advertiser.id, campaign.id)).status).toBe("conflict");
    const refunds = await db
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.kind, ["campaign_refund"]));
    expect(refunds.filter((t) => t.referenceId === campaign.id)).toHaveLength(1);
  });

  it("rejected in review: the reason is kept and the escrow returns to the balance", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 12_000n });
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    await payCampaignFromBalance(db, owner.id, created.campaign.id);
    const rejected = await rejectCampaign(db, admin, created.campaign.id, "The image is not the product.");
    expect(rejected).toMatchObject({ status: "ok", refundedKobo: 12_000n });
    expect((await balances(db, owner.id)).availableKobo).toBe(12_000n);
    expect((await activateCampaign(db, admin, created.campaign.id)).status).toBe("conflict");
  });

  it("rejected while running: it stops at once and what is left returns to the balance", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { viewsWanted: 3 });
    const viewer = await member(db);
    expect((await viewAndClaim(viewer.id, advertId)).status).toBe("ok");
    const rejected = await rejectCampaign(db, admin, campaign.id, "The image shows another brand.");
    expect(rejected).toMatchObject({ status: "ok", refundedKobo: 2n * 1_200n, campaign: { status: "rejected" } });
    expect((await balances(db, advertiser.id)).availableKobo).toBe(2n * 1_200n);
    expect((await viewAndClaim((await member(db)).id, advertId)).status).toBe("not-found");
    expect(await rejectCampaign(db, admin, campaign.id, "Again.")).toEqual({ status: "conflict", current: "rejected" });
  });

  it("runs only between its dates, and completes with a refund once its end has passed", async () => {
    const now = Date.now();
    const future = await runningCampaign(db, admin, { startsAt: new Date(now + 86_400_000) });
    const viewer = await member(db);
    expect((await startAdvertView(db, viewer.id, future.advertId)).status).toBe("not-found");

    const ending = await runningCampaign(db, admin, { endsAt: new Date(now + 60_000) });
    expect((await viewAndClaim(viewer.id, ending.advertId)).status).toBe("ok");
    expect(await completeEndedCampaigns(db, new Date(now + 30_000))).toBe(0);
    expect(await completeEndedCampaigns(db, new Date(now + 61_000))).toBe(1);
    expect(await statusOf(ending.campaign.id)).toBe("completed");
    expect((await balances(db, ending.advertiser.id)).availableKobo).toBe(9n * 1_200n);
    expect((await db.select().from(adverts).where(eq(adverts.id, ending.advertId)))[0]!.isActive).toBe(false);
    expect(await completeEndedCampaigns(db, new Date(now + 120_000))).toBe(0);
  });

  it("never run and past its last day: cancelled by the clock, a paid one's escrow returned once", async () => {
    const now = Date.now();
    const owner = await approvedAdvertiser(db, { balanceKobo: 12_000n });
    const paid = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(now + 60_000) }));
    const unpaid = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(now + 60_000) }));
    if (paid.status !== "ok" || unpaid.status !== "ok") throw new Error("create");
    await payCampaignFromBalance(db, owner.id, paid.campaign.id);
    await submitCampaignForPayment(db, owner.id, unpaid.campaign.id);
    expect(await cancelExpiredCampaigns(db, new Date(now + 30_000))).toBe(0);
    expect(await cancelExpiredCampaigns(db, new Date(now + 61_000))).toBe(2);
    expect(await statusOf(paid.campaign.id)).toBe("cancelled");
    expect(await statusOf(unpaid.campaign.id)).toBe("cancelled");
    expect(await escrowOf(paid.campaign.id)).toBe(0n);
    expect((await balances(db, owner.id)).availableKobo).toBe(12_000n);
    expect(await cancelExpiredCampaigns(db, new Date(now + 120_000))).toBe(0);
  });
});

/** The two kinds of campaign stored before the fee rules: 10 views each. */
const LEGACY = {
  // ₦0.50 a view (20% fee: 10 kobo): under the ₦1.00 minimum.
  "reward-below-minimum": { rewardKobo: 50n, feeBps: 2000, feePerViewKobo: 10n },
  // 0.5% of ₦1.00 rounded down to nothing: a fee setting above 0% and no fee.
  "fee-missing": { rewardKobo: 100n, feeBps: 50, feePerViewKobo: 0n },
} as const;
const LEGACY_VIEWS = 10;
const legacyBudget = (kind: keyof typeof LEGACY): Kobo =>
  BigInt(LEGACY_VIEWS) * (LEGACY[kind].rewardKobo + LEGACY[kind].feePerViewKobo);

/** A campaign row as the app stored it before the fee rules, written in SQL (createCampaign refuses it now). */
async function legacyCampaign(
  advertiserId: string,
  kind: keyof typeof LEGACY,
  status: "draft" | "awaiting_payment" | "in_review",
): Promise<string> {
  const id = newId();
  const { rewardKobo, feeBps, feePerViewKobo } = LEGACY[kind];
  const fundedAt = status === "in_review" ? new Date() : null;
  await db.execute(sql`
    INSERT INTO campaigns (id, reference, advertiser_id, title, description, reward_kobo, views_wanted,
                           fee_bps, fee_per_view_kobo, budget_kobo, status, funded_at)
    VALUES (${id}, ${newDisplayId("CMP-")}, ${advertiserId}, 'An old draft', 'Made before the fee rules.',
            ${rewardKobo}, ${LEGACY_VIEWS}, ${feeBps}, ${feePerViewKobo}, ${legacyBudget(kind)}, ${status}, ${fundedAt})`);
  if (status === "in_review") {
    // Paid from the balance as the app did then: the budget into the campaign's escrow.
    const escrowId = newId();
    await db.insert(ledgerAccounts).values({ id: escrowId, kind: "campaign_escrow", campaignId: id });
    await transfer(db, {
      from: { userId: advertiserId, kind: "available" },
      to: { accountId: escrowId },
      amountKobo: legacyBudget(kind),
      kind: "campaign_funding",
      idempotencyKey: campaignTransferKey(id, "funding"),
      reference: { type: "campaign", id },
    });
  }
  return id;
}

/** Everything a refused step could have written: the row, the ledger, adverts, the audit log. */
async function footprint(campaignId: string, advertiserId: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const [transfers] = await db.select({ n: count() }).from(ledgerTransfers);
  const [advertRows] = await db.select({ n: count() }).from(adverts);
  const [auditRows] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, campaignId));
  return {
    row,
    transfers: transfers!.n,
    adverts: advertRows!.n,
    audit: auditRows!.n,
    balance: await balances(db, advertiserId),
    escrow: await escrowOf(campaignId),
  };
}

describe("a campaign stored before the fee rules (under ₦1.00 a view, or no fee while the setting was above 0%)", () => {
  for (const kind of Object.keys(LEGACY) as (keyof typeof LEGACY)[]) {
    it(`${kind}: cannot be submitted for payment or paid from the balance; nothing is written`, async () => {
      const owner = await approvedAdvertiser(db, { balanceKobo: 50_000n });
      const draft = await legacyCampaign(owner.id, kind, "draft");
      const unpaid = await legacyCampaign(owner.id, kind, "awaiting_payment");
      const before = { draft: await footprint(draft, owner.id), unpaid: await footprint(unpaid, owner.id) };
      const refusal = kind === "reward-below-minimum" ? { status: kind, minKobo: 100n } : { status: kind };

      expect(await submitCampaignForPayment(db, owner.id, draft)).toEqual(refusal);
      expect(await payCampaignFromBalance(db, owner.id, draft)).toEqual(refusal);
      expect(await payCampaignFromBalance(db, owner.id, unpaid)).toEqual(refusal);
      expect({ draft: await footprint(draft, owner.id), unpaid: await footprint(unpaid, owner.id) }).toEqual(before);
      expect(before.draft.row!.status).toBe("draft");
    });

    it(`${kind}: paid before the rules, cannot be activated (nothing written); rejecting it refunds it`, async () => {
      const owner = await approvedAdvertiser(db, { balanceKobo: legacyBudget(kind) });
      const paid = await legacyCampaign(owner.id, kind, "in_review");
      const before = await footprint(paid, owner.id);
      expect(before.escrow).toBe(legacyBudget(kind));

      expect((await activateCampaign(db, admin, paid)).status).toBe(kind);
      expect(await footprint(paid, owner.id)).toEqual(before);

      const rejected = await rejectCampaign(db, admin, paid, "Priced before the fee rules.");
      expect(rejected).toMatchObject({ status: "ok", refundedKobo: legacyBudget(kind) });
      expect((await balances(db, owner.id)).availableKobo).toBe(legacyBudget(kind));
    });
  }

  it("its bank payment, confirmed, stays on the advertiser's balance instead of funding it", async () => {
    const owner = await approvedAdvertiser(db);
    const unpaid = await legacyCampaign(owner.id, "fee-missing", "awaiting_payment");
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, unpaid));
    const confirmed = await confirmCampaignPayment(db, admin, row!.reference);
    expect(confirmed).toMatchObject({ status: "ok", funded: false, campaign: { status: "awaiting_payment" } });
    expect(await escrowOf(unpaid)).toBeNull();
    expect((await balances(db, owner.id)).availableKobo).toBe(legacyBudget("fee-missing"));
  });
});
