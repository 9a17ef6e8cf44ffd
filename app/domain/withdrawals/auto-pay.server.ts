import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings, bankAccounts, referrals, users, withdrawals } from "~/db/schema";
import { withdrawalProcessingMail } from "~/domain/mail/templates";
import { newId } from "~/domain/shared/ids";
import { insertJob } from "./payout-queue.server";
import { mailWithdrawalMember } from "./process-withdrawal.server";

export type AutoPayResult =
  /** No automatic payouts: the setting is empty. */
  | { status: "off" }
  /** Left for an admin, with the first reason found. */
  | { status: "left-for-admin"; reason: AutoPayHold }
  /** Moved to processing and queued to be sent by the payout worker (an admin handles any refusal). */
  | { status: "queued" };

export type AutoPayHold =
  | "above-limit"
  /** Only a member's earnings are paid automatically, never an advertiser's balance. */
  | "not-a-member"
  | "not-approved"
  | "restricted"
  /** A referral of theirs (as referrer or referred) is held for an admin's review. */
  | "held-for-review"
  /** The account the withdrawal pays was not confirmed by Paystack's account lookup. */
  | "account-not-resolved"
  | "not-pending";

/**
 * "Pay withdrawals automatically up to" (app_settings.autoPayoutMaxKobo): right after a request
 * has committed, a withdrawal of at most that amount is moved to processing and queued to be paid
 * by transfer in the same transaction (the payout worker sends it, as any press's),
 * when its member is an approved, unrestricted member, not held for review, paying to the account
 * Paystack resolved for them. Anything else, and any refusal from Paystack, is left for an admin
 * as today. Only the caller decides that the provider is on.
 */
export async function autoPayWithdrawal(
  db: Database,
  withdrawalId: string,
  now: Date = new Date(),
): Promise<AutoPayResult> {
  return db.transaction(async (tx): Promise<AutoPayResult> => {
    const [settings] = await tx
      .select({ max: appSettings.autoPayoutMaxKobo })
      .from(appSettings)
      .where(eq(appSettings.id, 1));
    if (!settings?.max) return { status: "off" };
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    if (!w || w.status !== "pending") return hold("not-pending");
    if (w.amountKobo > settings.max) return hold("above-limit");
    // The member's row shared-locked: a restriction made meanwhile waits for this decision.
    const [member] = await tx
      .select({ role: users.role, isApproved: users.isApproved, isRestricted: users.isRestricted })
      .from(users)
      .where(eq(users.id, w.userId))
      .for("share");
    if (!member || member.role !== "user") return hold("not-a-member");
    if (!member.isApproved) return hold("not-approved");
    if (member.isRestricted) return hold("restricted");
    const [held] = await tx
      .select({ n: sql<number>`1` })
      .from(referrals)
      .where(
        and(eq(referrals.status, "held"), or(eq(referrals.referrerId, w.userId), eq(referrals.referredId, w.userId))),
      )
      .limit(1);
    if (held) return hold("held-for-review");
    const [account] = await tx
      .select({ n: sql<number>`1` })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.userId, w.userId),
          eq(bankAccounts.bankCode, w.bankCode),
          eq(bankAccounts.accountNumber, w.accountNumber),
          isNotNull(bankAccounts.nameResolvedAt),
        ),
      );
    if (!account) return hold("account-not-resolved");
    const [moved] = await tx
      .update(withdrawals)
      .set({ status: "processing", processingAt: now, updatedAt: now })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, "pending")))
      .returning();
    await mailWithdrawalMember(tx, moved!, withdrawalProcessingMail);
    await insertJob(tx, { batchId: newId(), withdrawalId, queuedById: null, at: now });
    return { status: "queued" };
  });
}

const hold = (reason: AutoPayHold): AutoPayResult => ({ status: "left-for-admin", reason });
