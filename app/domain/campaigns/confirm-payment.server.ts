import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, campaigns, users, type Campaign } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { mailAdvertiser } from "./campaign-mail.server";
import type { ProviderPaymentReport } from "~/domain/payments/provider";
import { judgeReport, recordBooking, type SettleOutcome } from "~/domain/payments/settlement.server";
import type { Role } from "~/domain/permissions/permissions";
import type { Conflict, NotFound } from "./campaigns.server";
import { depositCampaignPayment, fundEscrow, paymentBooked } from "./money.server";
import { paymentConfirmationOutcome, type PaymentConfirmationOutcome } from "./rules";

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
async function bookCampaignPayment(
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
  await depositCampaignPayment(tx, campaign, input.from);
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

/** Why a campaign's payment that matched its attempt is held. */
export const CAMPAIGN_HELD_REASON =
  "This campaign's payment had already been confirmed when this payment arrived: it was paid twice.";

/**
 * Settles one report of a campaign's online payment (webhook, return or minute job), once, in one
 * transaction: the payment judged and recorded by payments/settlement; paid as asked → booked as
 * an admin's confirmation books a bank transfer (bookCampaignPayment, from provider clearing: the
 * advertiser's balance, then the escrow and review while it awaits payment; a late payment stays
 * on the balance), plus the provider's fee. Already booked (paid twice) → held.
 */
export async function settleCampaignPayment(
  db: Database,
  report: ProviderPaymentReport,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    const judged = await judgeReport(tx, "campaign", report, now);
    if (judged.status !== "to-book") return judged;
    const { attempt } = judged;
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, attempt.campaignId!)).for("update");
    const actor = { id: attempt.userId, role: "advertiser" as Role, permissions: [] };
    const booked =
      campaign &&
      (await bookCampaignPayment(tx, campaign, {
        from: "provider_clearing",
        actor,
        confirmedById: null,
        now,
        audit: { paidVia: "Paystack", paymentReference: attempt.reference },
      }));
    const answer = booked ? { status: "booked" as const } : { status: "hold" as const, reason: CAMPAIGN_HELD_REASON };
    return recordBooking(tx, attempt, report, answer, now);
  });
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
