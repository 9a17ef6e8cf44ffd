import { and, eq, isNotNull, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users, withdrawals, type Withdrawal } from "~/db/schema";
import type { AuditAction } from "~/domain/audit/actions";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { queueEmail, type OutgoingMail } from "~/domain/mail/outbox.server";
import {
  type WithdrawalMailFacts,
  withdrawalCompletedMail,
  withdrawalProcessingMail,
  withdrawalRejectedMail,
} from "~/domain/mail/templates";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { WithdrawalStatus } from "./lifecycle";
import { liveTransferExists } from "./live-transfer.server";
import { payOutWithdrawal, releaseWithdrawal } from "./money.server";

export type ProcessResult =
  | { status: "ok"; withdrawal: { id: string; status: WithdrawalStatus; reference: string; amountKobo: Kobo } }
  /** The actor lacks manage_withdrawals: nothing was changed. */
  | Forbidden
  | { status: "not-found" }
  /** The withdrawal was not in the status this action starts from (another admin got there first). */
  | { status: "conflict"; current: WithdrawalStatus }
  /** A transfer through the payment provider may be paying it: its outcome settles it, not an admin. */
  | { status: "transfer-in-flight" };

type Transition = {
  /** The statuses (and conditions) this transition starts from, for the conditional update. */
  allowed: () => SQL | undefined;
  to: WithdrawalStatus;
  action: AuditAction;
  /** The timestamp column the transition sets (the database CHECKs tie processedAt/rejectedAt to the status). */
  stamp: (now: Date) => Partial<Pick<Withdrawal, "processingAt" | "processedAt" | "rejectedAt">>;
  /** Ledger movements, inside the transaction, after the status has changed. */
  money?: (tx: Database, w: Withdrawal) => Promise<void>;
  mail: (to: string, name: string, facts: WithdrawalMailFacts) => OutgoingMail;
};

/** Queues one mail to the withdrawal's member, in the caller's transaction. */
export async function mailWithdrawalMember(
  tx: Database,
  w: Withdrawal,
  mail: (to: string, name: string, facts: WithdrawalMailFacts) => OutgoingMail,
) {
  const [member] = await tx
    .select({ name: users.name, email: users.email, displayId: users.displayId })
    .from(users)
    .where(eq(users.id, w.userId));
  if (!member) throw new Error(`withdrawal ${w.id}: its member ${w.userId} is missing`);
  await queueEmail(
    tx,
    mail(member.email, member.name, {
      reference: w.reference,
      amountKobo: w.amountKobo,
      feeKobo: w.feeKobo,
      bankName: w.bankName,
      accountNumber: w.accountNumber,
    }),
  );
  return member;
}

const TRANSITIONS = {
  start: {
    allowed: () => eq(withdrawals.status, "pending"),
    to: "processing",
    action: "withdrawal.start_processing",
    stamp: (now) => ({ processingAt: now }),
    mail: withdrawalProcessingMail,
  },
  reject: {
    // Pending; or processing when its transfer through the provider failed (or was reversed) and
    // nothing is paying it now: never one in a payout file, which the bank may already have paid.
    allowed: () =>
      or(
        eq(withdrawals.status, "pending"),
        and(
          eq(withdrawals.status, "processing"),
          isNull(withdrawals.payoutBatch),
          isNotNull(withdrawals.transferFailureReason),
          not(liveTransferExists(withdrawals.id)),
        ),
      ),
    to: "rejected",
    action: "withdrawal.reject",
    stamp: (now) => ({ rejectedAt: now }),
    // The whole amount goes back to the member's available balance.
    money: releaseWithdrawal,
    mail: withdrawalRejectedMail,
  },
  complete: {
    // Never while a transfer through the provider may be paying it: its own settlement completes it.
    allowed: () => and(eq(withdrawals.status, "processing"), not(liveTransferExists(withdrawals.id))),
    to: "completed",
    action: "withdrawal.complete",
    stamp: (now) => ({ processedAt: now }),
    money: (tx, w) => payOutWithdrawal(tx, w, null),
    mail: withdrawalCompletedMail,
  },
} satisfies Record<string, Transition>;

/**
 * One status change, in one transaction: a conditional `UPDATE … WHERE id = $1 AND status =
 * <from>` (two admins clicking at once: the second waits for the first's row lock, re-reads the
 * status and updates nothing), then the ledger movements, an audit row (before/after status)
 * and one mail to the member, queued in the outbox with the change. Any failure rolls all of it
 * back. The amounts are the ones stored with the request (the fee is not recomputed).
 */
async function transition(
  db: Database,
  actor: Actor,
  withdrawalId: string,
  t: Transition,
  now: Date,
): Promise<ProcessResult> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  return db.transaction((tx) => applyTransition(tx, actor, withdrawalId, t, now));
}

/** The change itself, in the caller's transaction; whoever calls it has checked the actor may make it. */
async function applyTransition(
  tx: Database,
  actor: Actor,
  withdrawalId: string,
  t: Transition,
  now: Date,
  auditNote: { reason?: string } = {},
): Promise<ProcessResult> {
  const [before] = await tx
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId))
    .for("update");
  if (!before) return { status: "not-found" };
  const [changed] = await tx
    .update(withdrawals)
    .set({ status: t.to, ...t.stamp(now), updatedAt: now })
    .where(and(eq(withdrawals.id, withdrawalId), t.allowed()))
    .returning();
  if (!changed) {
    if (before.status === "processing") {
      const [live] = await tx
        .select({ n: sql<number>`1` })
        .from(withdrawals)
        .where(and(eq(withdrawals.id, withdrawalId), liveTransferExists(withdrawals.id)));
      if (live) return { status: "transfer-in-flight" };
    }
    return { status: "conflict", current: before.status };
  }
  await t.money?.(tx, changed);

  const member = await mailWithdrawalMember(tx, changed, t.mail);
  await recordAudit(tx, {
    actor,
    action: t.action,
    targetType: "withdrawal",
    targetId: changed.id,
    before: { status: before.status },
    after: {
      status: t.to,
      reference: changed.reference,
      member: member.displayId,
      amount: formatKobo(changed.amountKobo),
      fee: formatKobo(changed.feeKobo),
      ...auditNote,
    },
  });
  return {
    status: "ok",
    withdrawal: {
      id: changed.id,
      status: changed.status,
      reference: changed.reference,
      amountKobo: changed.amountKobo,
    },
  };
}

/** "Start Processing": pending → processing (stamps processingAt). No money moves; the member is told. */
export function startProcessing(db: Database, actor: Actor, withdrawalId: string, now: Date = new Date()) {
  return transition(db, actor, withdrawalId, TRANSITIONS.start, now);
}

/**
 * "Reject": pending → rejected (stamps rejectedAt); the amount moves back held → available
 * (`withdrawal_release`, key `withdrawal:<id>:release`). A processing withdrawal cannot be
 * rejected (the payment may already be on its way): that is a conflict; except one whose transfer
 * through the payment provider failed or was reversed, in no payout file and with no transfer
 * live: no money left for it, so it can be refunded.
 */
export function rejectWithdrawal(db: Database, actor: Actor, withdrawalId: string, now: Date = new Date()) {
  return transition(db, actor, withdrawalId, TRANSITIONS.reject, now);
}

/**
 * The linked-accounts review's "Reject pending withdrawals" (app/domain/risk-review): Reject,
 * inside the review's transaction, with the reviewer's reason in the audit row (not in the
 * member's mail: it would name the review). The review checked review_risk.
 */
export function rejectWithdrawalInReview(
  tx: Database,
  actor: Actor,
  withdrawalId: string,
  reason: string,
  now: Date = new Date(),
) {
  return applyTransition(tx, actor, withdrawalId, TRANSITIONS.reject, now, { reason });
}

/**
 * "Mark as Completed": processing → completed (stamps processedAt). The held amount leaves the
 * member: amount − fee to bank payouts (`withdrawal_payout`), the fee to withdrawal fees
 * (`withdrawal_fee`, skipped when the fee is 0). The mail names the net amount, the bank and the
 * account's last 4 digits.
 */
export function completeWithdrawal(db: Database, actor: Actor, withdrawalId: string, now: Date = new Date()) {
  return transition(db, actor, withdrawalId, TRANSITIONS.complete, now);
}
