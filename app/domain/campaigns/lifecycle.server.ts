import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, adverts, campaigns, ledgerAccounts, ledgerTransfers, type Campaign } from "~/db/schema";
import { advertMoneyLimitErrors, type AdvertMoneyLimitErrors } from "~/domain/adverts/money-limits";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { InsufficientFundsError, transfer } from "~/domain/ledger/transfer.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { newDisplayId, newId } from "~/domain/shared/ids";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import {
  CANCELLABLE_STATUSES,
  campaignBudget,
  campaignFeeRuleRefusal,
  campaignTransferKey,
  MIN_CAMPAIGN_REWARD_KOBO,
  type CampaignFeeRuleRefusal,
  type CampaignStatus,
} from "./rules";

/** What an advertiser types for a campaign (parsed by the route's form schema). */
export type CampaignInput = {
  title: string;
  description: string;
  imageUrl: string | null;
  rewardKobo: Kobo;
  viewsWanted: number;
  /** Africa/Lagos start of the first day, and start of the day after the last; null: open. */
  startsAt: Date | null;
  endsAt: Date | null;
};

export type CreateCampaignResult =
  | { status: "ok"; campaign: Campaign }
  /** The advertiser's business is not approved (yet): nothing was stored. */
  | { status: "not-approved" }
  /** Over the advert money limits (reward per view, or reward × views). */
  | { status: "over-limits"; errors: AdvertMoneyLimitErrors }
  /** The end date has already passed. */
  | { status: "ends-in-past" }
  /** Less than ₦1.00 a view (REWARD_BELOW_MINIMUM_MESSAGE): too little to take a fee from. */
  | { status: "reward-below-minimum"; minKobo: Kobo };

/** Refusals of a step the campaign's current status does not allow. */
type NotFound = { status: "not-found" };
type Conflict = { status: "conflict"; current: CampaignStatus };

export type CampaignStepResult = { status: "ok"; campaign: Campaign } | NotFound | Conflict;

/**
 * A new campaign, stored as a draft with its budget worked out from the fee setting of today
 * (later changes of the setting never change it). The reward is at least ₦1.00 a view, and the
 * advert money limits apply as to an admin's advert: reward per view and reward × views.
 */
export async function createCampaign(
  db: Database,
  advertiserId: string,
  input: CampaignInput,
  now: Date = new Date(),
): Promise<CreateCampaignResult> {
  if (input.rewardKobo < MIN_CAMPAIGN_REWARD_KOBO)
    return { status: "reward-below-minimum", minKobo: MIN_CAMPAIGN_REWARD_KOBO };
  if (input.endsAt && input.endsAt <= now) return { status: "ends-in-past" };
  return db.transaction(async (tx): Promise<CreateCampaignResult> => {
    if (!(await isApprovedAdvertiser(tx, advertiserId))) return { status: "not-approved" };
    // Share: a change of the fee or the limits waits for this campaign, or comes first.
    const settings = await lockAppSettings(tx, "share");
    const errors = advertMoneyLimitErrors(
      { rewardKobo: input.rewardKobo, maxClicks: input.viewsWanted },
      { maxRewardKobo: settings.maxAdvertRewardKobo, maxBudgetKobo: settings.maxAdvertBudgetKobo },
    );
    if (errors) return { status: "over-limits", errors };
    const budget = campaignBudget({ ...input, feeBps: settings.campaignFeeBps });
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        id: newId(),
        reference: newDisplayId("CMP-"),
        advertiserId,
        title: input.title,
        description: input.description,
        imageUrl: input.imageUrl,
        rewardKobo: input.rewardKobo,
        viewsWanted: input.viewsWanted,
        feeBps: settings.campaignFeeBps,
        feePerViewKobo: budget.feePerViewKobo,
        budgetKobo: budget.budgetKobo,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { status: "ok", campaign: campaign! };
  });
}

export async function isApprovedAdvertiser(db: Database, advertiserId: string): Promise<boolean> {
  const [profile] = await db
    .select({ status: advertiserProfiles.status })
    .from(advertiserProfiles)
    .where(eq(advertiserProfiles.userId, advertiserId));
  return profile?.status === "approved";
}

/** Thrown to roll back a payment's status change: the campaign's end date has passed. */
class CampaignEnded extends Error {}

/** Thrown to roll back a payment's status change: the campaign breaks the fee rules (a draft from before them). */
class BreaksFeeRules extends Error {
  constructor(readonly refusal: CampaignFeeRuleRefusal) {
    super(refusal.status);
  }
}

/** The campaign as moved, unless it breaks the fee rules: then the move is rolled back. */
function keepingFeeRules(campaign: Campaign): Campaign {
  const refusal = campaignFeeRuleRefusal(campaign);
  if (refusal) throw new BreaksFeeRules(refusal);
  return campaign;
}

/**
 * draft → awaiting payment: the advertiser will pay by bank transfer with the reference. Refused,
 * writing nothing, to a draft made before the fee rules (under ₦1.00 a view, or no fee).
 */
export async function submitCampaignForPayment(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<CampaignStepResult | CampaignFeeRuleRefusal> {
  try {
    return await db.transaction(async (tx) => {
      const changed = await move(tx, { campaignId, advertiserId }, ["draft"], { status: "awaiting_payment" }, now);
      if (!changed) return notMoved(tx, campaignId, advertiserId);
      return { status: "ok", campaign: keepingFeeRules(changed) };
    });
  } catch (err) {
    if (err instanceof BreaksFeeRules) return err.refusal;
    throw err;
  }
}

export type PayFromBalanceResult =
  | CampaignStepResult
  | CampaignFeeRuleRefusal
  | { status: "insufficient-balance"; balanceKobo: Kobo }
  /** Its end date has passed: paying now would only tie the money up until someone refunds it. */
  | { status: "ended" };

/**
 * Pays a draft or unpaid campaign from the advertiser's balance: the budget moves into the
 * campaign's escrow and it goes to review, in one transaction (all or nothing). Refused to one
 * made before the fee rules, as at submitCampaignForPayment.
 */
export async function payCampaignFromBalance(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<PayFromBalanceResult> {
  try {
    return await db.transaction(async (tx): Promise<PayFromBalanceResult> => {
      const changed = await move(
        tx,
        { campaignId, advertiserId },
        ["draft", "awaiting_payment"],
        { status: "in_review", fundedAt: now },
        now,
      );
      if (!changed) return notMoved(tx, campaignId, advertiserId);
      if (changed.endsAt && changed.endsAt <= now) throw new CampaignEnded();
      await fundEscrow(tx, keepingFeeRules(changed));
      return { status: "ok", campaign: changed };
    });
  } catch (err) {
    // Refused before anything was written; the transaction rolled back the status change.
    if (err instanceof InsufficientFundsError) return { status: "insufficient-balance", balanceKobo: err.balanceKobo };
    if (err instanceof CampaignEnded) return { status: "ended" };
    if (err instanceof BreaksFeeRules) return err.refusal;
    throw err;
  }
}

export type ConfirmPaymentResult =
  /** `funded`: the campaign was awaiting payment and went to review; otherwise the money went to the balance. */
  | { status: "ok"; campaign: Campaign; funded: boolean }
  | Forbidden
  | NotFound
  /** Its payment was already confirmed, or it is a draft (no reference was given out yet). */
  | Conflict;

/**
 * An admin confirms that the bank transfer with this reference arrived, in one transaction under
 * the campaign's row lock (two admins at once: the second finds it confirmed): the budget is
 * booked bank receipts → advertiser balance, once (its key), and the audit row written. A
 * campaign still awaiting payment is then funded (balance → escrow) and goes to review; one that
 * left awaiting payment meanwhile (paid from the balance, cancelled, rejected, or past its end)
 * keeps the money on the advertiser's balance, so a transfer that arrives late is never lost. So
 * does one made before the fee rules (it may not run).
 */
export async function confirmCampaignPayment(
  db: Database,
  actor: Actor,
  reference: string,
  now: Date = new Date(),
): Promise<ConfirmPaymentResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ConfirmPaymentResult> => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.reference, reference)).for("update");
    if (!campaign) return { status: "not-found" };
    if (campaign.status === "draft" || (await paymentBooked(tx, campaign.id))) {
      return { status: "conflict", current: campaign.status };
    }
    const deposit = await transfer(tx, {
      from: { platform: "bank_receipts" },
      to: { userId: campaign.advertiserId, kind: "available" },
      amountKobo: campaign.budgetKobo,
      kind: "advertiser_deposit",
      idempotencyKey: campaignTransferKey(campaign.id, "deposit"),
      reference: { type: "campaign", id: campaign.id },
    });
    if (deposit.status !== "posted") throw new Error(`campaign ${campaign.id}: its payment was already booked`);
    const fund =
      campaign.status === "awaiting_payment" &&
      !(campaign.endsAt && campaign.endsAt <= now) &&
      !campaignFeeRuleRefusal(campaign);
    let confirmed = campaign;
    if (fund) {
      const [changed] = await tx
        .update(campaigns)
        .set({ status: "in_review", fundedAt: now, paymentConfirmedById: actor.id, updatedAt: now })
        .where(eq(campaigns.id, campaign.id))
        .returning();
      confirmed = changed!;
      await fundEscrow(tx, confirmed);
    }
    await recordAudit(tx, {
      actor,
      action: "campaign.confirm_payment",
      targetType: "campaign",
      targetId: campaign.id,
      before: { status: campaign.status },
      after: {
        status: confirmed.status,
        reference: campaign.reference,
        amount: formatKobo(campaign.budgetKobo),
        bookedTo: fund ? "campaign escrow" : "advertiser balance",
      },
    });
    return { status: "ok", campaign: confirmed, funded: fund };
  });
}

/** Whether the bank payment of this campaign was confirmed already (its deposit is on the ledger). */
export async function paymentBooked(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, campaignTransferKey(campaignId, "deposit")));
  return Boolean(row);
}

export type ReviewCampaignResult =
  | { status: "ok"; campaign: Campaign; refundedKobo: Kobo }
  | Forbidden
  | NotFound
  | Conflict
  /** Its end date passed while it waited for review: reject it instead (the escrow returns). */
  | { status: "ended" };

export type ActivateCampaignResult = ReviewCampaignResult | CampaignFeeRuleRefusal;

/**
 * An admin activates a paid campaign after reviewing its content: it becomes an advert members
 * see (from its start date), paid from its escrow. Audited. Refused, writing nothing, to one made
 * before the fee rules (under ₦1.00 a view, or no fee): the admin rejects it, refunding it.
 */
export async function activateCampaign(
  db: Database,
  actor: Actor,
  campaignId: string,
  now: Date = new Date(),
): Promise<ActivateCampaignResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ActivateCampaignResult> => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!campaign) return { status: "not-found" };
    if (campaign.status !== "in_review") return { status: "conflict", current: campaign.status };
    if (campaign.endsAt && campaign.endsAt <= now) return { status: "ended" };
    const refusal = campaignFeeRuleRefusal(campaign);
    if (refusal) return refusal;
    const advertId = newId();
    await tx.insert(adverts).values({
      id: advertId,
      title: campaign.title,
      description: campaign.description,
      rewardKobo: campaign.rewardKobo,
      maxClicks: campaign.viewsWanted,
      imageUrl: campaign.imageUrl,
      postedByAdminId: actor.id,
      startsAt: campaign.startsAt,
      endsAt: campaign.endsAt,
      createdAt: now,
      updatedAt: now,
    });
    const [activated] = await tx
      .update(campaigns)
      .set({ status: "active", advertId, activatedAt: now, reviewedById: actor.id, updatedAt: now })
      .where(eq(campaigns.id, campaignId))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "campaign.activate",
      targetType: "campaign",
      targetId: campaignId,
      before: { status: "in_review" },
      after: { status: "active", reference: campaign.reference, advert: advertId },
    });
    return { status: "ok", campaign: activated!, refundedKobo: 0n };
  });
}

/**
 * An admin rejects a campaign awaiting payment, in review, or running (content found wrong after
 * it went live: it stops at once), with the reason the advertiser reads; whatever its escrow still
 * holds returns to the advertiser's balance. Audited.
 */
export async function rejectCampaign(
  db: Database,
  actor: Actor,
  campaignId: string,
  reason: string,
  now: Date = new Date(),
): Promise<ReviewCampaignResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ReviewCampaignResult> => {
    const stopped = await stop(
      tx,
      { campaignId },
      ["awaiting_payment", "in_review", "active"],
      { status: "rejected", rejectionReason: reason, reviewedById: actor.id },
      now,
    );
    if (stopped.status !== "ok") return stopped;
    const refundedKobo = await refundEscrow(tx, stopped.campaign);
    await recordAudit(tx, {
      actor,
      action: "campaign.reject",
      targetType: "campaign",
      targetId: campaignId,
      before: { status: stopped.was },
      after: { status: "rejected", reference: stopped.campaign.reference, reason, refunded: formatKobo(refundedKobo) },
    });
    return { status: "ok", campaign: stopped.campaign, refundedKobo };
  });
}

export type CancelCampaignResult = { status: "ok"; campaign: Campaign; refundedKobo: Kobo } | NotFound | Conflict;

/**
 * The advertiser cancels a campaign that has not ended. A running one stops at once (its advert
 * is retired first, so a claim in flight either finished before or finds it gone); whatever its
 * escrow still holds returns to the advertiser's balance, once.
 */
export async function cancelCampaign(
  db: Database,
  advertiserId: string,
  campaignId: string,
  now: Date = new Date(),
): Promise<CancelCampaignResult> {
  return db.transaction(async (tx): Promise<CancelCampaignResult> => {
    const stopped = await stop(tx, { campaignId, advertiserId }, CANCELLABLE_STATUSES, { status: "cancelled" }, now);
    if (stopped.status !== "ok") return stopped;
    return { status: "ok", campaign: stopped.campaign, refundedKobo: await refundEscrow(tx, stopped.campaign) };
  });
}

/**
 * Moves a campaign in one of `from` to a final status. A running one's advert is retired first
 * (the claim's lock order), so a claim in flight either committed before or finds it gone.
 * Twice at most: an activation that commits between the read and the update gives it an advert
 * the first pass did not retire (the update then matches nothing and locks nothing); the second
 * pass reads it and retires it first. A campaign is activated only once. A refusal writes nothing.
 */
async function stop(
  tx: Database,
  target: { campaignId: string; advertiserId?: string },
  from: readonly CampaignStatus[],
  set: Partial<Campaign> & { status: CampaignStatus },
  now: Date,
): Promise<{ status: "ok"; campaign: Campaign; was: CampaignStatus } | NotFound | Conflict> {
  const { campaignId, advertiserId } = target;
  for (let pass = 0; pass < 2; pass++) {
    const [seen] = await tx
      .select({ advertId: campaigns.advertId, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), advertiserId ? eq(campaigns.advertiserId, advertiserId) : undefined));
    if (!seen) return { status: "not-found" };
    if (!from.includes(seen.status)) return { status: "conflict", current: seen.status };
    if (seen.advertId) await retireAdvert(tx, seen.advertId, now);
    const changed = await move(tx, { ...target, advertId: seen.advertId }, [...from], { ...set, finishedAt: now }, now);
    if (changed) return { status: "ok", campaign: changed, was: seen.status };
    if (seen.advertId) break;
  }
  return notMoved(tx, campaignId, advertiserId);
}

/**
 * Completes the running campaigns whose end date has passed, returning what their escrow still
 * holds to the advertiser (run every minute by the server, and safe to run from several at
 * once: each campaign completes in its own transaction, once). Returns how many it completed.
 */
export async function completeEndedCampaigns(db: Database, now: Date = new Date()): Promise<number> {
  const ended = await db
    .select({ id: campaigns.id, advertId: campaigns.advertId })
    .from(campaigns)
    .where(and(eq(campaigns.status, "active"), isNotNull(campaigns.endsAt), lte(campaigns.endsAt, now)))
    .limit(100);
  let completed = 0;
  for (const campaign of ended) {
    const done = await db.transaction(async (tx) => {
      await retireAdvert(tx, campaign.advertId!, now);
      const changed = await move(
        tx,
        { campaignId: campaign.id },
        ["active"],
        { status: "completed", finishedAt: now },
        now,
      );
      if (!changed) return false;
      await refundEscrow(tx, changed);
      return true;
    });
    if (done) completed += 1;
  }
  return completed;
}

/**
 * Cancels the campaigns whose last day passed before they ever ran (awaiting payment, or paid and
 * still in review), returning a paid one's escrow to the advertiser: they can no longer be
 * activated, and their money should not wait for someone to notice. Run with
 * completeEndedCampaigns; each in its own transaction, once. Returns how many it cancelled.
 */
export async function cancelExpiredCampaigns(db: Database, now: Date = new Date()): Promise<number> {
  const expired = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.status, ["awaiting_payment", "in_review"]),
        isNotNull(campaigns.endsAt),
        lte(campaigns.endsAt, now),
      ),
    )
    .limit(100);
  let cancelled = 0;
  for (const campaign of expired) {
    const done = await db.transaction(async (tx) => {
      const stopped = await stop(
        tx,
        { campaignId: campaign.id },
        ["awaiting_payment", "in_review"],
        { status: "cancelled" },
        now,
      );
      if (stopped.status !== "ok") return false;
      await refundEscrow(tx, stopped.campaign);
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/** Locks a running campaign's advert first (the claim's order) and takes it off the list. */
async function retireAdvert(tx: Database, advertId: string, now: Date) {
  await tx.update(adverts).set({ isActive: false, updatedAt: now }).where(eq(adverts.id, advertId));
}

/** A conditional status change; null when the campaign is not (theirs and) in one of `from`. */
async function move(
  tx: Database,
  /** advertId: only while its advert is still this one (null: none yet). */
  target: { campaignId: string; advertiserId?: string; advertId?: string | null },
  from: CampaignStatus[],
  set: Partial<Campaign> & { status: CampaignStatus },
  now: Date,
): Promise<Campaign | null> {
  const [changed] = await tx
    .update(campaigns)
    .set({ ...set, updatedAt: now })
    .where(
      and(
        eq(campaigns.id, target.campaignId),
        target.advertiserId ? eq(campaigns.advertiserId, target.advertiserId) : undefined,
        target.advertId === undefined
          ? undefined
          : target.advertId === null
            ? isNull(campaigns.advertId)
            : eq(campaigns.advertId, target.advertId),
        inArray(campaigns.status, from),
      ),
    )
    .returning();
  return changed ?? null;
}

async function notMoved(tx: Database, campaignId: string, advertiserId?: string): Promise<NotFound | Conflict> {
  const [row] = await tx
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), advertiserId ? eq(campaigns.advertiserId, advertiserId) : undefined));
  return row ? { status: "conflict", current: row.status } : { status: "not-found" };
}

/** The campaign's escrow account, opened on first use (unique per campaign). */
async function escrowAccountId(tx: Database, campaignId: string): Promise<string> {
  await tx
    .insert(ledgerAccounts)
    .values({ id: newId(), kind: "campaign_escrow", campaignId })
    .onConflictDoNothing({ target: ledgerAccounts.campaignId });
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.campaignId, campaignId));
  return row!.id;
}

/** The whole budget, advertiser balance → the campaign's escrow (refused when the balance is short). */
async function fundEscrow(tx: Database, campaign: Campaign) {
  const funding = await transfer(tx, {
    from: { userId: campaign.advertiserId, kind: "available" },
    to: { accountId: await escrowAccountId(tx, campaign.id) },
    amountKobo: campaign.budgetKobo,
    kind: "campaign_funding",
    idempotencyKey: campaignTransferKey(campaign.id, "funding"),
    reference: { type: "campaign", id: campaign.id },
  });
  if (funding.status !== "posted") throw new Error(`campaign ${campaign.id}: its escrow was already funded`);
}

/**
 * What the escrow still holds, back to the advertiser's balance (read under the escrow's row lock,
 * after any claim that took a slot has committed). Once per campaign (its key); 0 when nothing is
 * left or it was never funded.
 */
async function refundEscrow(tx: Database, campaign: Campaign): Promise<Kobo> {
  const [escrow] = await tx
    .select({ id: ledgerAccounts.id, balanceKobo: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.campaignId, campaign.id))
    .for("update");
  const left = escrow?.balanceKobo ?? 0n;
  if (!escrow || left === 0n) return 0n;
  const refund = await transfer(tx, {
    from: { accountId: escrow.id },
    to: { userId: campaign.advertiserId, kind: "available" },
    amountKobo: left,
    kind: "campaign_refund",
    idempotencyKey: campaignTransferKey(campaign.id, "refund"),
    reference: { type: "campaign", id: campaign.id },
  });
  if (refund.status !== "posted") throw new Error(`campaign ${campaign.id}: its escrow was already refunded`);
  return left;
}

/** An advertiser's own campaign, or null. */
export async function findAdvertiserCampaign(db: Database, advertiserId: string, campaignId: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.advertiserId, advertiserId)));
  return row ?? null;
}
