import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings, autoPayoutDays, bankAccounts, referrals, users, withdrawals } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { staffHolding } from "~/domain/permissions/holders.server";
import { holderNameMatches } from "~/domain/banks/holder-name";
import { linkedUnderReview } from "~/domain/risk/clusters.server";
import { queueEmail, type OutgoingMail } from "~/domain/mail/outbox.server";
import { appLink, greeting, withdrawalProcessingMail } from "~/domain/mail/templates";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { formatLagosDate, lagosDay } from "~/lib/lagos-time";
import type { AutoPayHold } from "./auto-pay-holds";
import { insertJob, payoutAuditFields } from "./payout-queue.server";
import { mailWithdrawalMember } from "./process-withdrawal.server";

export type AutoPayResult =
  /** No automatic payouts: the setting is empty. */
  | { status: "off" }
  /** Left for an admin, with the first reason found. */
  | { status: "left-for-admin"; reason: Exclude<AutoPayHold, CoolingOff> | "not-pending" }
  /** Bank details or the name changed recently: withdrawals requested from `until` on may be paid automatically again. */
  | { status: "left-for-admin"; reason: CoolingOff; until: Date }
  /** Moved to processing and queued to be sent by the payout worker (an admin handles any refusal). */
  | { status: "queued" };

type CoolingOff = "bank-details-changed" | "name-changed";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * "Pay withdrawals automatically up to" (app_settings.autoPayoutMaxKobo): right after a request
 * has committed, a withdrawal of at most that amount is moved to processing and queued to be paid
 * by transfer in the same transaction (the payout worker sends it, as any press's), when all hold:
 * an approved, unrestricted member whose payouts are not frozen, whose account is older than the
 * setting's days, not in linked accounts under review, not held for review, paying to the account Paystack resolved for them, in a name
 * that is theirs, unchanged for the setting's hours; and the day's automatic payouts stay within
 * the daily total. Anything else is left for an admin with its reason kept on the withdrawal
 * (autoPayHold, shown on Withdrawal Requests). A queued one is audited (`withdrawal.auto_pay`, the
 * member as actor), as an admin's press is. Only the caller decides that the provider is on.
 */
export async function autoPayWithdrawal(
  db: Database,
  withdrawalId: string,
  clock: Clock = systemClock,
): Promise<AutoPayResult> {
  return db.transaction(async (tx): Promise<AutoPayResult> => {
    const now = clock();
    const [settings] = await tx.select().from(appSettings).where(eq(appSettings.id, 1));
    if (!settings?.autoPayoutMaxKobo) return { status: "off" };
    // The member's linked accounts first, shared-locked: a review deciding on them locks the
    // cluster, then the accounts, then their withdrawals; taking the cluster before the rows here
    // keeps the same order (no deadlock), and a decision in progress is waited for.
    const [owner] = await tx
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.id, withdrawalId));
    const underReview = owner ? await linkedUnderReview(tx, [owner.userId]) : false;
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    if (!w || w.status !== "pending") return { status: "left-for-admin", reason: "not-pending" };
    const keep = (reason: AutoPayHold) =>
      tx.update(withdrawals).set({ autoPayHold: reason }).where(eq(withdrawals.id, withdrawalId));
    const leave = async (reason: Exclude<AutoPayHold, CoolingOff>): Promise<AutoPayResult> => {
      await keep(reason);
      return { status: "left-for-admin", reason };
    };
    const coolOff = async (reason: CoolingOff, until: Date): Promise<AutoPayResult> => {
      await keep(reason);
      return { status: "left-for-admin", reason, until };
    };

    if (w.amountKobo > settings.autoPayoutMaxKobo) return leave("above-limit");
    // The member's row shared-locked: a restriction or a freeze made meanwhile waits for this decision.
    const [member] = await tx
      .select({
        role: users.role,
        name: users.name,
        isApproved: users.isApproved,
        isRestricted: users.isRestricted,
        payoutsFrozenAt: users.payoutsFrozenAt,
        nameChangedAt: users.nameChangedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, w.userId))
      .for("share");
    if (!member || member.role !== "user") return leave("not-a-member");
    if (!member.isApproved) return leave("not-approved");
    if (member.isRestricted) return leave("restricted");
    if (member.payoutsFrozenAt) return leave("payouts-frozen");
    if (now.getTime() - member.createdAt.getTime() < settings.autoPayoutMinAccountAgeDays * DAY_MS)
      return leave("new-account");
    if (underReview) return leave("under-review");
    const [held] = await tx
      .select({ n: sql<number>`1` })
      .from(referrals)
      .where(
        and(eq(referrals.status, "held"), or(eq(referrals.referrerId, w.userId), eq(referrals.referredId, w.userId))),
      )
      .limit(1);
    if (held) return leave("held-for-review");
    // Shared-locked: a change of bank details made meanwhile waits, then starts its own cool-off.
    const [account] = await tx
      .select({
        accountHolderName: bankAccounts.accountHolderName,
        nameResolvedAt: bankAccounts.nameResolvedAt,
        holderNameMatches: bankAccounts.holderNameMatches,
        changedAt: bankAccounts.updatedAt,
      })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.userId, w.userId),
          eq(bankAccounts.bankCode, w.bankCode),
          eq(bankAccounts.accountNumber, w.accountNumber),
        ),
      )
      .for("share");
    if (!account?.nameResolvedAt) return leave("account-not-resolved");
    const holdMs = settings.bankChangeHoldHours * HOUR_MS;
    const bankCoolOffEnds = new Date(account.changedAt.getTime() + holdMs);
    if (now < bankCoolOffEnds) return coolOff("bank-details-changed", bankCoolOffEnds);
    // The name the bank's is compared with, changed as recently: a thief's first step.
    const nameCoolOffEnds = member.nameChangedAt ? new Date(member.nameChangedAt.getTime() + holdMs) : null;
    if (nameCoolOffEnds && now < nameCoolOffEnds) return coolOff("name-changed", nameCoolOffEnds);
    // Resolved before names were compared (null): judged now, against the member's name.
    const nameIsTheirs = account.holderNameMatches ?? holderNameMatches(account.accountHolderName, [member.name]);
    if (!nameIsTheirs) return leave("name-mismatch");
    if (!(await addToDailyTotal(tx, lagosDay(now), w.amountKobo, settings.autoPayoutDailyMaxKobo, now)))
      return leave("daily-total-reached");

    const [moved] = await tx
      .update(withdrawals)
      .set({ status: "processing", processingAt: now, updatedAt: now, autoPayHold: null })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, "pending")))
      .returning();
    await mailWithdrawalMember(tx, moved!, withdrawalProcessingMail);
    const jobId = await insertJob(tx, { batchId: newId(), withdrawalId, queuedById: null, at: now });
    // In the audit log as an admin's press is, with the member whose request it paid as the actor.
    await recordAudit(tx, {
      actor: { id: w.userId, role: member.role, permissions: [] },
      action: "withdrawal.auto_pay",
      targetType: "withdrawal",
      targetId: w.id,
      before: { status: w.status },
      after: { status: moved!.status, ...(jobId ? payoutAuditFields(w, jobId) : {}) },
    });
    return { status: "queued" };
  });
}

/**
 * Adds `amount` to the Lagos day's automatic payouts when the total stays within `dailyMax` (null:
 * no total), in one conditional UPDATE: two requests at once never pass the total together. The
 * first refusal of the day mails the withdrawal admins (once: limitMailedAt).
 */
async function addToDailyTotal(
  tx: Database,
  day: string,
  amount: Kobo,
  dailyMax: Kobo | null,
  now: Date,
): Promise<boolean> {
  await tx.insert(autoPayoutDays).values({ lagosDay: day }).onConflictDoNothing();
  const [added] = await tx
    .update(autoPayoutDays)
    .set({ totalKobo: sql`${autoPayoutDays.totalKobo} + ${amount}` })
    .where(
      and(
        eq(autoPayoutDays.lagosDay, day),
        dailyMax === null ? undefined : sql`${autoPayoutDays.totalKobo} + ${amount} <= ${dailyMax}`,
      ),
    )
    .returning({ total: autoPayoutDays.totalKobo });
  if (added) return true;
  const [first] = await tx
    .update(autoPayoutDays)
    .set({ limitMailedAt: now })
    .where(and(eq(autoPayoutDays.lagosDay, day), isNull(autoPayoutDays.limitMailedAt)))
    .returning({ total: autoPayoutDays.totalKobo });
  if (first) {
    for (const admin of await staffHolding(tx, "manage_withdrawals")) {
      await queueEmail(tx, dailyTotalReachedMail(admin, first.total, dailyMax!, now));
    }
  }
  return false;
}

function dailyTotalReachedMail(
  to: { email: string; name: string },
  paidKobo: Kobo,
  dailyMaxKobo: Kobo,
  now: Date,
): OutgoingMail {
  return {
    to: to.email,
    subject: "Automatic payouts reached today's total",
    text:
      `${greeting(to.name)}\n\nAutomatic payouts have paid ${formatKobo(paidKobo)} today (${formatLagosDate(now)}), ` +
      `against a daily total of ${formatKobo(dailyMaxKobo)}. Until the day ends in Lagos, new withdrawals wait for an admin ` +
      `on Withdrawal Requests: ${appLink("/admin/withdrawals?status=pending")}\n\n` +
      `The daily total is set on Settings, under Automatic payouts.\n`,
  };
}
