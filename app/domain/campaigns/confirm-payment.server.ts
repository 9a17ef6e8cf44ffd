import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, campaigns, ledgerTransfers, users, type Campaign } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { mailAdvertiser } from "./campaign-mail.server";
import { fundEscrow, type Conflict, type NotFound } from "./campaigns.server";
import { campaignTransferKey, paymentConfirmationOutcome, type PaymentConfirmationOutcome } from "./rules";

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
 * does one made before the fee rules (it may not run). Which of the two: paymentConfirmationOutcome,
 * as the admin's preview (previewCampaignPayment) showed it.
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
    const booked = await bookCampaignPayment(tx, campaign, {
      from: "bank_receipts",
      actor,
      confirmedById: actor.id,
      now,
    });
    if (!booked) return { status: "conflict", current: campaign.status };
    return { status: "ok", ...booked };
  });
}

/**
 * The booking of a campaign's payment, inside the caller's transaction, the campaign's row locked
 * (FOR UPDATE) by the caller: the budget `from` → the advertiser's balance once (its one deposit
 * key, whoever confirms: an admin's bank transfer or the provider's online payment), then, while
 * it awaits payment, funded into escrow and sent to review; otherwise it stays on the balance.
 * The audit row: the admin's `campaign.confirm_payment`, or, paid online (`confirmedById` null),
 * `campaign.paid_online` with the advertiser as actor. Null when there is nothing to book (a
 * draft, or already booked): nothing written.
 */
export async function bookCampaignPayment(
  tx: Database,
  campaign: Campaign,
  input: {
    from: "bank_receipts" | "provider_clearing";
    actor: Actor;
    confirmedById: string | null;
    now: Date;
    audit?: Record<string, string>;
  },
): Promise<{ campaign: Campaign; funded: boolean } | null> {
  const { now } = input;
  const outcome = paymentConfirmationOutcome(campaign, await paymentBooked(tx, campaign.id), now);
  if (!outcome) return null;
  const deposit = await transfer(tx, {
    from: { platform: input.from },
    to: { userId: campaign.advertiserId, kind: "available" },
    amountKobo: campaign.budgetKobo,
    kind: "advertiser_deposit",
    idempotencyKey: campaignTransferKey(campaign.id, "deposit"),
    reference: { type: "campaign", id: campaign.id },
  });
  if (deposit.status !== "posted") throw new Error(`campaign ${campaign.id}: its payment was already booked`);
  const fund = outcome === "campaign";
  let confirmed = campaign;
  if (fund) {
    const [changed] = await tx
      .update(campaigns)
      .set({ status: "in_review", fundedAt: now, paymentConfirmedById: input.confirmedById, updatedAt: now })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    confirmed = changed!;
    await fundEscrow(tx, confirmed);
  }
  await recordAudit(tx, {
    actor: input.actor,
    action: input.confirmedById ? "campaign.confirm_payment" : "campaign.paid_online",
    targetType: "campaign",
    targetId: campaign.id,
    before: { status: campaign.status },
    after: {
      status: confirmed.status,
      reference: campaign.reference,
      amount: formatKobo(campaign.budgetKobo),
      bookedTo: fund ? "campaign escrow" : "advertiser balance",
      ...input.audit,
    },
  });
  const method = input.from === "bank_receipts" ? "bank_transfer" : "online";
  await mailAdvertiser(tx, confirmed, { kind: fund ? "paid" : "paid-to-balance", method });
  return { campaign: confirmed, funded: fund };
}

/** Whether the bank payment of this campaign was confirmed already (its deposit is on the ledger). */
export async function paymentBooked(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, campaignTransferKey(campaignId, "deposit")));
  return Boolean(row);
}

/**
 * What confirming the payment with this reference (CMP-…, any case) would do, for the admin to
 * read before confirming: the campaign with its business, and `confirms` as confirmCampaignPayment
 * decides it at `now` (fund the campaign, book to the advertiser's balance, or nothing); null when
 * no campaign has the reference.
 */
export async function previewCampaignPayment(db: Database, reference: string, now: Date = new Date()) {
  const [row] = await db
    .select({
      id: campaigns.id,
      reference: campaigns.reference,
      title: campaigns.title,
      budgetKobo: campaigns.budgetKobo,
      status: campaigns.status,
      endsAt: campaigns.endsAt,
      rewardKobo: campaigns.rewardKobo,
      feeBps: campaigns.feeBps,
      feePerViewKobo: campaigns.feePerViewKobo,
      businessName: advertiserProfiles.businessName,
      advertiserDisplayId: users.displayId,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.advertiserId))
    .leftJoin(advertiserProfiles, eq(advertiserProfiles.userId, campaigns.advertiserId))
    .where(eq(campaigns.reference, reference.trim().toUpperCase()));
  if (!row) return null;
  const confirms: PaymentConfirmationOutcome = paymentConfirmationOutcome(row, await paymentBooked(db, row.id), now);
  return { ...row, confirms };
}
