import { count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, auditLog, campaigns, ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { startAdvertView, type ClaimResult } from "~/domain/adverts/advert-views.server";
import { campaignTransferKey } from "~/domain/campaigns/money.server";
import { balances } from "~/domain/ledger/accounts.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { newDisplayId, newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { afterEach } from "vitest";
import { openTestDatabase } from "./database";
import { advertAdmin, longAgo } from "./factories";
import { expectLedgerReconciled } from "./ledger";
import { claimAnswering } from "./claims";

/**
 * This test file's database (openTestDatabase) for campaign tests, with an admin who may manage
 * adverts, and the ledger checked balanced after every test.
 */
export async function openCampaignTestDatabase() {
  const { db } = await openTestDatabase();
  afterEach(async () => expectLedgerReconciled(db));
  const admin = await advertAdmin(db, ["manage_adverts"]);
  return { db, admin };
}

/** What the campaign's escrow holds; null before it was ever funded (no escrow account yet). */
export const escrowOf = async (db: Database, campaignId: string): Promise<Kobo | null> =>
  (await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.campaignId, campaignId)))[0]?.balanceKobo ?? null;

/** A member views the advert (opened long ago, so the claim is due) and claims its reward. */
export async function viewAndClaim(db: Database, userId: string, advertId: string): Promise<ClaimResult> {
  const started = await startAdvertView(db, userId, advertId, longAgo());
  return started.status === "ok" ? claimAnswering(db, userId, advertId) : started;
}

/** The two kinds of campaign stored before the fee rules: 10 views each. */
export const LEGACY = {
  // ₦0.50 a view (20% fee: 10 kobo): under the ₦1.00 minimum.
  "reward-below-minimum": { rewardKobo: 50n, feeBps: 2000, feePerViewKobo: 10n },
  // 0.5% of ₦1.00 rounded down to nothing: a fee setting above 0% and no fee.
  "fee-missing": { rewardKobo: 100n, feeBps: 50, feePerViewKobo: 0n },
} as const;
export type LegacyKind = keyof typeof LEGACY;
export const LEGACY_KINDS = Object.keys(LEGACY) as LegacyKind[];
const LEGACY_VIEWS = 10;
export const legacyBudget = (kind: LegacyKind): Kobo =>
  BigInt(LEGACY_VIEWS) * (LEGACY[kind].rewardKobo + LEGACY[kind].feePerViewKobo);

/** A campaign row as the app stored it before the fee rules, written in SQL (createCampaign refuses it now). */
export async function legacyCampaign(
  db: Database,
  advertiserId: string,
  kind: LegacyKind,
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
export async function footprint(db: Database, campaignId: string, advertiserId: string) {
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
    escrow: await escrowOf(db, campaignId),
  };
}
