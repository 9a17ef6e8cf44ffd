import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers, users } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import type { Kobo } from "~/domain/shared/money";
import type { ProviderPaymentStatus } from "~/domain/payments/payment-status";
import { pendingUpgradeOf, type UpgradeRequestView } from "./list-upgrades.server";
import { type ReceivingAccount, receivingAccountOf } from "./receiving-account";
import { upgradePriceKobo } from "./upgrades";

/** A tier the member may upgrade to, at what it costs them today. */
export type UpgradeOption = {
  tierId: string;
  name: string;
  /** The new tier's price − the member's current tier's price. */
  priceKobo: Kobo;
  dailyAdViews: number;
  benefits: string[];
};

/** What the member's money is and what they may upgrade to: the dashboard and the upgrade page. */
export type UpgradeOffer = {
  currentTier: { id: string; name: string; dailyAdViews: number };
  /** Only the tiers above the member's, cheapest first. */
  options: UpgradeOption[];
  availableKobo: Kobo;
  heldKobo: Kobo;
  /** Of the held amount: the pending upgrade's price when paid from the balance. */
  heldForUpgradeKobo: Kobo;
  /** Of the held amount: the rest, i.e. pending withdrawals (nothing else holds money). */
  heldForWithdrawalsKobo: Kobo;
  pending: (UpgradeRequestView & { payment: ProviderPaymentStatus | null }) | null;
  /** Null until an admin sets it: then bank transfer is not offered. */
  receivingAccount: ReceivingAccount | null;
};

/** The member's upgrade offer, read fresh (prices and the receiving account can change any time). */
export async function upgradeOffer(db: Database, userId: string): Promise<UpgradeOffer> {
  const [[member], tiers, money, pending, settings] = await Promise.all([
    db.select({ tierId: users.membershipTierId }).from(users).where(eq(users.id, userId)),
    db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank)),
    balances(db, userId),
    pendingUpgradeOf(db, userId),
    getAppSettings(db),
  ]);
  const current = tiers.find((t) => t.id === member?.tierId);
  if (!current) throw new Error(`upgradeOffer: member ${userId} or their tier is missing`);
  const heldForUpgradeKobo = pending?.method === "balance" ? pending.priceKobo : 0n;
  return {
    currentTier: { id: current.id, name: current.name, dailyAdViews: current.dailyAdViews },
    options: tiers
      .filter((t) => t.rank > current.rank)
      .map((t) => ({
        tierId: t.id,
        name: t.name,
        priceKobo: upgradePriceKobo(current.priceKobo, t.priceKobo),
        dailyAdViews: t.dailyAdViews,
        benefits: t.benefits,
      })),
    availableKobo: money.availableKobo,
    heldKobo: money.heldKobo,
    heldForUpgradeKobo,
    heldForWithdrawalsKobo: money.heldKobo - heldForUpgradeKobo,
    pending,
    receivingAccount: receivingAccountOf(settings),
  };
}
