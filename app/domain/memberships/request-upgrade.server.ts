import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers, upgradeRequests, users, type UpgradeRequest } from "~/db/schema";
import { InsufficientFundsError } from "~/domain/ledger/transfer.server";
import { queueEmail } from "~/domain/mail/outbox.server";
import { upgradeRequestedMail } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newDisplayId, newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import type { RefusalTexts } from "~/domain/shared/outcome";
import { withRollback } from "~/domain/shared/rollback.server";
import { receivingAccountOf } from "./receiving-account";
import { holdUpgradePrice, releaseUpgradePrice } from "./money.server";
import { type UpgradeMethod, type UpgradeStatus, upgradePriceKobo } from "./upgrades";

/** An upgrade request as its member and the admins are told about it. */
export type UpgradeRequestSummary = {
  id: string;
  /** "UPG-" + 8 characters: the narration of a bank transfer. */
  reference: string;
  tierId: string;
  priceKobo: Kobo;
  method: UpgradeMethod;
  status: UpgradeStatus;
};

export type RequestUpgradeResult =
  | { status: "ok"; request: UpgradeRequestSummary }
  /** Not a member (an admin, a super admin, an unknown id). */
  | { status: "not-allowed" }
  /** A member whose account is pending approval or restricted. */
  | { status: "not-approved" }
  | { status: "unknown-tier" }
  /** Online while the payment provider is off (no PAYSTACK_SECRET_KEY): nothing was stored. */
  | { status: "online-unavailable" }
  /** By bank transfer while no receiving account is set: there is nowhere to pay. */
  | { status: "no-receiving-account" }
  /** The tier is the member's own or a lower one. */
  | { status: "not-higher-tier" }
  /** The member already has a pending request (one at a time). */
  | { status: "pending-exists"; request: UpgradeRequestSummary }
  /** Paying from the balance, and the available balance does not cover the price. */
  | { status: "insufficient-funds"; availableKobo: Kobo; priceKobo: Kobo };

/** The toast for each refusal of an upgrade request (title, description). */
export const UPGRADE_REQUEST_REFUSALS: RefusalTexts<RequestUpgradeResult> = {
  "not-allowed": "Only members can upgrade their membership.",
  "not-approved": "Your account must be approved and not restricted to upgrade.",
  "unknown-tier": "That membership tier does not exist.",
  "no-receiving-account":
    "Payment by bank transfer is not available yet. Pay from your AdNaira balance or try again later.",
  "online-unavailable": "Paying online is not available. Pay from your AdNaira balance or by bank transfer.",
  "not-higher-tier": "You can only upgrade to a higher tier.",
  "pending-exists": "You already have a pending upgrade request.",
  "insufficient-funds": "Your available balance does not cover this upgrade.",
};
export const PENDING_UPGRADE_TITLE = "Request Pending";

export const summaryOf = (row: UpgradeRequest): UpgradeRequestSummary => ({
  id: row.id,
  reference: row.reference,
  tierId: row.tierId,
  priceKobo: row.priceKobo,
  method: row.method,
  status: row.status,
});

const REFERENCE_ATTEMPTS = 5;

async function pendingOf(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(upgradeRequests)
    .where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, "pending")));
  return row;
}

/**
 * "Confirm Upgrade": stores a pending request for a higher tier at the price of the day (new
 * tier's price − current tier's price) and, paid from the balance, moves that price from the
 * member's available to held balance (`upgrade_hold`, key `upgrade:<id>:hold`), in one
 * transaction. The member's row is locked first (FOR NO KEY UPDATE), so their upgrade requests
 * and withdrawals queue behind each other; should two ever get past it together, the unique
 * partial index (one pending request per member) decides. The member is emailed the amount (and,
 * by bank transfer, the receiving account and the reference) with the request. Refusals write
 * nothing.
 */
export async function requestUpgrade(
  db: Database,
  input: {
    userId: string;
    tierId: string;
    method: UpgradeMethod;
    /** The payment provider is on: "online" may be chosen. */
    onlinePayments?: boolean;
    now?: Date;
  },
): Promise<RequestUpgradeResult> {
  const { userId, tierId, method } = input;
  if (method === "online" && !input.onlinePayments) return { status: "online-unavailable" };
  const now = input.now ?? new Date();
  return withRollback<RequestUpgradeResult>(db, async (tx, rollbackWith) => {
    const [member] = await tx
      .select({
        name: users.name,
        email: users.email,
        role: users.role,
        isApproved: users.isApproved,
        isRestricted: users.isRestricted,
        tierId: users.membershipTierId,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("no key update");
    if (!member || member.role !== "user") return { status: "not-allowed" };
    if (!member.isApproved || member.isRestricted) return { status: "not-approved" };

    const pending = await pendingOf(tx, userId);
    if (pending) return { status: "pending-exists", request: summaryOf(pending) };

    // The account the member is told to pay into (null for a balance payment).
    const account = method === "bank_transfer" ? receivingAccountOf(await getAppSettings(tx)) : null;
    if (method === "bank_transfer" && !account) return { status: "no-receiving-account" };

    const tiers = await tx.select().from(membershipTiers);
    const wanted = tiers.find((t) => t.id === tierId);
    const current = tiers.find((t) => t.id === member.tierId);
    if (!wanted) return { status: "unknown-tier" };
    if (!current) throw new Error(`requestUpgrade: member ${userId} is on a missing tier ${member.tierId}`);
    if (wanted.rank <= current.rank) return { status: "not-higher-tier" };
    const priceKobo = upgradePriceKobo(current.priceKobo, wanted.priceKobo);
    // Prices rise with the tier (the price editor refuses anything else).
    if (priceKobo <= 0n) throw new Error(`requestUpgrade: ${wanted.id} does not cost more than ${current.id}`);

    const id = newId();
    let stored: UpgradeRequest | undefined;
    for (let attempt = 0; !stored; attempt++) {
      // ON CONFLICT DO NOTHING covers both unique keys: one pending request per member (then
      // the winner is reported) and the reference (then another is drawn).
      const [row] = await tx
        .insert(upgradeRequests)
        .values({
          id,
          reference: newDisplayId("UPG-"),
          userId,
          fromTierId: current.id,
          tierId: wanted.id,
          priceKobo,
          method,
          status: "pending",
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        stored = row;
        break;
      }
      const winner = await pendingOf(tx, userId);
      if (winner) return { status: "pending-exists", request: summaryOf(winner) };
      if (attempt + 1 >= REFERENCE_ATTEMPTS) throw new Error("requestUpgrade: could not draw a free reference");
    }

    if (method === "balance") {
      try {
        await holdUpgradePrice(tx, { id, userId, priceKobo });
      } catch (err) {
        if (err instanceof InsufficientFundsError) {
          rollbackWith({ status: "insufficient-funds", availableKobo: err.balanceKobo, priceKobo });
        }
        throw err;
      }
    }
    // The member keeps in writing what they asked for and, by bank transfer, where to pay.
    await queueEmail(
      tx,
      upgradeRequestedMail(
        member.email,
        member.name,
        { reference: stored.reference, tierName: wanted.name, priceKobo, method, dailyAdViews: wanted.dailyAdViews },
        account,
      ),
      now,
    );
    return { status: "ok", request: summaryOf(stored) };
  });
}

export type CancelUpgradeResult =
  | { status: "ok"; request: UpgradeRequestSummary }
  /** No such request of this member's. */
  | { status: "not-found" }
  /** It is no longer pending (an admin decided it, or it was cancelled already). */
  | { status: "conflict"; current: UpgradeStatus };

/**
 * "Cancel" on the member's own pending request: pending → cancelled (stamps processedAt) with a
 * conditional update, and a held price returns to the available balance (`upgrade_release`).
 * Another member's request answers `not-found`, as if it did not exist.
 */
export async function cancelUpgrade(
  db: Database,
  input: { userId: string; requestId: string; now?: Date },
): Promise<CancelUpgradeResult> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx): Promise<CancelUpgradeResult> => {
    const own = and(eq(upgradeRequests.id, input.requestId), eq(upgradeRequests.userId, input.userId));
    const [changed] = await tx
      .update(upgradeRequests)
      .set({ status: "cancelled", processedAt: now })
      .where(and(own, eq(upgradeRequests.status, "pending")))
      .returning();
    if (!changed) {
      const [row] = await tx.select({ status: upgradeRequests.status }).from(upgradeRequests).where(own);
      return row ? { status: "conflict", current: row.status } : { status: "not-found" };
    }
    await releaseUpgradePrice(tx, changed);
    return { status: "ok", request: summaryOf(changed) };
  });
}
