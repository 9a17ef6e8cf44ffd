import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerAccounts, ledgerTransfers, type Campaign } from "~/db/schema";
import { expectPosted, transfer } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";

// Every ledger movement of a campaign made in TypeScript (docs/money.md): its payment, its
// escrow's funding and refund, each at most once by its key. A verified view's reward and fee
// leave the escrow inside the database, in claim_advert_reward (app/domain/adverts/money.server.ts).

/** The ledger keys of a campaign's money: each movement happens at most once. */
export const campaignTransferKey = (campaignId: string, step: "deposit" | "funding" | "refund") =>
  `campaign:${campaignId}:${step}`;

const reference = (campaign: Pick<Campaign, "id">) => ({ type: "campaign", id: campaign.id });

/**
 * A campaign's payment, `from` (bank receipts: a bank transfer an admin confirmed; provider
 * clearing: paid online) → the advertiser's balance, once per campaign.
 */
export async function depositCampaignPayment(
  tx: Database,
  campaign: Campaign,
  from: "bank_receipts" | "provider_clearing",
): Promise<void> {
  const key = campaignTransferKey(campaign.id, "deposit");
  const deposit = await transfer(tx, {
    from: { platform: from },
    to: { userId: campaign.advertiserId, kind: "available" },
    amountKobo: campaign.budgetKobo,
    kind: "advertiser_deposit",
    idempotencyKey: key,
    reference: reference(campaign),
  });
  expectPosted(deposit, key);
}

/** Whether the campaign's payment was booked already (its deposit is on the ledger). */
export async function paymentBooked(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, campaignTransferKey(campaignId, "deposit")));
  return Boolean(row);
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

/** The whole budget, advertiser balance → the campaign's escrow (InsufficientFundsError when the balance is short). */
export async function fundEscrow(tx: Database, campaign: Campaign): Promise<void> {
  const key = campaignTransferKey(campaign.id, "funding");
  const funding = await transfer(tx, {
    from: { userId: campaign.advertiserId, kind: "available" },
    to: { accountId: await escrowAccountId(tx, campaign.id) },
    amountKobo: campaign.budgetKobo,
    kind: "campaign_funding",
    idempotencyKey: key,
    reference: reference(campaign),
  });
  expectPosted(funding, key);
}

/**
 * What the escrow still holds, back to the advertiser's balance (read under the escrow's row lock,
 * after any claim that took a slot has committed). Once per campaign (its key); 0 when nothing is
 * left or it was never funded.
 */
export async function refundEscrow(tx: Database, campaign: Campaign): Promise<Kobo> {
  const [escrow] = await tx
    .select({ id: ledgerAccounts.id, balanceKobo: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.campaignId, campaign.id))
    .for("update");
  const left = escrow?.balanceKobo ?? 0n;
  if (!escrow || left === 0n) return 0n;
  const key = campaignTransferKey(campaign.id, "refund");
  const refund = await transfer(tx, {
    from: { accountId: escrow.id },
    to: { userId: campaign.advertiserId, kind: "available" },
    amountKobo: left,
    kind: "campaign_refund",
    idempotencyKey: key,
    reference: reference(campaign),
  });
  expectPosted(refund, key);
  return left;
}
