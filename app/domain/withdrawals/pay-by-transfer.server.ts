import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  providerTransfers,
  type ProviderTransfer,
  transferRecipients,
  withdrawals,
  type Withdrawal,
} from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { hasPermission } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { WithdrawalStatus } from "./lifecycle";
import { LIVE_TRANSFER_STATUSES } from "./live-transfer.server";
import { applyTransferReport, reportOf, verifyTransferAttempt } from "./settle-transfer.server";
import { transferReference } from "./transfer-reference";

export type PayResult =
  /** Paystack took the transfer: the withdrawal is Sent, completed when Paystack reports success. */
  | { status: "sent"; withdrawal: PaidWithdrawal }
  /** Paystack answered success at once: the withdrawal is Completed. */
  | { status: "completed"; withdrawal: PaidWithdrawal }
  | Forbidden
  | { status: "not-found" }
  | { status: "not-processing"; current: WithdrawalStatus }
  /** It is in a payout file: the bank may pay it from that file, so never by transfer too. */
  | { status: "in-payout-file"; payoutBatch: string }
  /** Another press (or the automatic payout) is sending it right now. */
  | { status: "in-progress" }
  /** An earlier transfer's outcome is not known and Paystack did not answer the check: nothing was sent. */
  | { status: "unverified" }
  /** Paystack said no (its message): the withdrawal stays Processing with the reason. */
  | { status: "refused"; withdrawal: PaidWithdrawal; message: string }
  /** Paystack did not answer: the transfer may exist, and is checked by its reference before anything else is sent. */
  | { status: "unknown"; withdrawal: PaidWithdrawal };

export type PaidWithdrawal = { id: string; reference: string; transferReference: string; transferCode: string | null };

/** What an admin reads for each refusal, keyed by status (the route adds the withdrawal's reference). */
export const PAY_REFUSALS = {
  "not-found": "This withdrawal request no longer exists.",
  "not-processing": "Only a withdrawal in Processing can be paid through Paystack.",
  "in-payout-file":
    "This withdrawal is in a payout file for your bank's bulk upload, so it is not paid through Paystack: the bank could pay it twice. Mark it as completed once the bank has paid it.",
  "in-progress": "A transfer for this withdrawal is being sent right now. Wait for it to finish.",
  unverified:
    "Paystack has not confirmed what became of the last transfer for this withdrawal, so no new one was sent. Try again in a few minutes.",
  refused:
    "Paystack refused the transfer. The withdrawal stays in Processing: check the bank details, then retry or reject it.",
  unknown:
    "Paystack did not answer in time. The transfer may have gone through: it will be checked with Paystack before anything is sent again.",
} as const;

/** An attempt claimed but not answered for this long is treated as unknown (the sender may have died). */
const STALE_INITIATING_MS = 2 * 60_000;

type Claim =
  | { kind: "claimed"; attempt: ProviderTransfer; withdrawal: Withdrawal }
  | { kind: "verify"; attempt: ProviderTransfer }
  | { kind: "refused"; result: PayResult };

/**
 * Claims the next attempt of a withdrawal, in one transaction holding the withdrawal's row lock:
 * it must be Processing, in no payout file, with no live attempt (provider_transfers_one_live_idx
 * refuses a second one even if the lock were missed). Of many presses at once, one inserts the
 * attempt; the others find it and send nothing.
 */
async function claimAttempt(db: Database, actor: Actor | null, withdrawalId: string, now: Date): Promise<Claim> {
  return db.transaction(async (tx): Promise<Claim> => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update");
    if (!w) return { kind: "refused", result: { status: "not-found" } };
    if (w.payoutBatch) return { kind: "refused", result: { status: "in-payout-file", payoutBatch: w.payoutBatch } };
    if (w.status !== "processing") return { kind: "refused", result: { status: "not-processing", current: w.status } };
    const attempts = await tx
      .select()
      .from(providerTransfers)
      .where(eq(providerTransfers.withdrawalId, withdrawalId))
      .orderBy(desc(providerTransfers.attempt));
    const live = attempts.find((a) => (LIVE_TRANSFER_STATUSES as readonly string[]).includes(a.status));
    if (live) {
      const stale = live.status === "initiating" && now.getTime() - live.updatedAt.getTime() > STALE_INITIATING_MS;
      if (live.status === "unknown" || stale) return { kind: "verify", attempt: live };
      return { kind: "refused", result: { status: "in-progress" } };
    }
    const attempt = (attempts[0]?.attempt ?? 0) + 1;
    const [recipient] = await tx
      .select({ recipientCode: transferRecipients.recipientCode })
      .from(transferRecipients)
      .where(and(eq(transferRecipients.bankCode, w.bankCode), eq(transferRecipients.accountNumber, w.accountNumber)));
    const [claimed] = await tx
      .insert(providerTransfers)
      .values({
        id: newId(),
        withdrawalId,
        attempt,
        reference: transferReference(w.reference, attempt),
        amountKobo: w.amountKobo - w.feeKobo,
        // "" until the bank account is registered with the provider (by this attempt's sender).
        recipientCode: recipient?.recipientCode ?? "",
        status: "initiating",
        sentById: actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return { kind: "refused", result: { status: "in-progress" } };
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: "withdrawal.transfer",
        targetType: "withdrawal",
        targetId: w.id,
        before: { status: w.status },
        after: {
          reference: w.reference,
          transferReference: claimed.reference,
          attempt,
          net: formatKobo(claimed.amountKobo),
          account: `${w.accountHolderName}, ${w.bankName} ${w.accountNumber}`,
        },
      });
    }
    return { kind: "claimed", attempt: claimed, withdrawal: w };
  });
}

/**
 * The provider's recipient for the withdrawal's bank account: the one stored for this bank code
 * and account number, or a new one registered under the withdrawal's account holder name (and
 * stored; of two registered at once, the first stored is the one every payout uses).
 */
async function recipientFor(
  db: Database,
  provider: PaymentProvider,
  w: Withdrawal,
): Promise<{ status: "ok"; recipientCode: string } | { status: "failed"; message: string }> {
  const where = and(eq(transferRecipients.bankCode, w.bankCode), eq(transferRecipients.accountNumber, w.accountNumber));
  const [known] = await db.select().from(transferRecipients).where(where);
  if (known) return { status: "ok", recipientCode: known.recipientCode };
  const created = await provider.createTransferRecipient({
    name: w.accountHolderName,
    accountNumber: w.accountNumber,
    bankCode: w.bankCode,
  });
  if (created.status === "refused") return { status: "failed", message: created.message };
  if (created.status === "unavailable") return { status: "failed", message: "Paystack did not answer." };
  await db
    .insert(transferRecipients)
    .values({
      bankCode: w.bankCode,
      accountNumber: w.accountNumber,
      recipientCode: created.recipientCode,
      accountName: created.accountName,
    })
    .onConflictDoNothing();
  const [stored] = await db.select().from(transferRecipients).where(where);
  return { status: "ok", recipientCode: stored!.recipientCode };
}

const paid = (w: Pick<Withdrawal, "id" | "reference">, attempt: ProviderTransfer, transferCode: string | null) => ({
  id: w.id,
  reference: w.reference,
  transferReference: attempt.reference,
  transferCode,
});

/**
 * "Pay via Paystack": sends a processing withdrawal's net amount (amount − fee) to its bank
 * account by transfer, at most one transfer at a time, never a second while the first may exist.
 * An earlier attempt whose outcome is unknown is verified by its reference first: found, its
 * outcome is taken; not found, it failed and a new attempt goes. `actor` null: the automatic
 * payout right after a request (no audit row; the attempt records no sender).
 */
export async function payWithdrawalByTransfer(
  db: Database,
  provider: PaymentProvider,
  actor: Actor | null,
  withdrawalId: string,
  now: Date = new Date(),
): Promise<PayResult> {
  if (actor && !hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  let claim = await claimAttempt(db, actor, withdrawalId, now);
  let verified = false;
  // An unknown attempt is settled by its verify (or stays unknown): at most one verify per press.
  if (claim.kind === "verify") {
    const check = await verifyTransferAttempt(db, provider, claim.attempt, now);
    if (check.status === "unavailable") return { status: "unverified" };
    verified = true;
    claim = await claimAttempt(db, actor, withdrawalId, now);
    if (claim.kind === "verify") return { status: "unverified" };
  }
  if (claim.kind === "refused") {
    const r = claim.result;
    // A verify that found the earlier transfer paying or paid answers as that transfer's outcome.
    if (verified && r.status === "not-processing" && (r.current === "sent" || r.current === "completed")) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
      const [last] = await db
        .select()
        .from(providerTransfers)
        .where(eq(providerTransfers.withdrawalId, withdrawalId))
        .orderBy(desc(providerTransfers.attempt))
        .limit(1);
      if (w && last && w.transferCode && last.transferCode === w.transferCode) {
        return { status: r.current === "sent" ? "sent" : "completed", withdrawal: paid(w, last, w.transferCode) };
      }
    }
    return r;
  }

  const { attempt, withdrawal: w } = claim;
  const fail = async (message: string): Promise<PayResult> => {
    await applyTransferReport(db, attempt.id, { state: "failed", transferCode: null, failureReason: message }, now);
    return { status: "refused", withdrawal: paid(w, attempt, null), message };
  };

  let recipientCode = attempt.recipientCode;
  if (!recipientCode) {
    const recipient = await recipientFor(db, provider, w);
    // No transfer was asked for, so none can exist: the attempt failed, a retry may go.
    if (recipient.status === "failed")
      return fail(`Could not register the bank account with Paystack: ${recipient.message}`);
    recipientCode = recipient.recipientCode;
    await db
      .update(providerTransfers)
      .set({ recipientCode, updatedAt: now })
      .where(eq(providerTransfers.id, attempt.id));
  }

  const answer = await provider.initiateTransfer({
    reference: attempt.reference,
    amountKobo: attempt.amountKobo,
    recipientCode,
    reason: `AdNaira withdrawal ${w.reference}`,
  });
  if (answer.status === "refused") return fail(answer.message);
  if (answer.status === "unavailable") {
    await db
      .update(providerTransfers)
      .set({ status: "unknown", updatedAt: now })
      .where(and(eq(providerTransfers.id, attempt.id), eq(providerTransfers.status, "initiating")));
    return { status: "unknown", withdrawal: paid(w, attempt, null) };
  }
  const t = answer.transfer;
  const settled = await applyTransferReport(db, attempt.id, reportOf(t), now);
  const result = paid(w, attempt, t.transferCode);
  // A webhook may have settled it before this answer: then the press says what it settled to.
  const state = settled.status === "unchanged" ? settled.current : settled.status;
  switch (state) {
    case "completed":
    case "success":
      return { status: "completed", withdrawal: result };
    case "failed":
    case "reversed": {
      const [after] = await db.select().from(providerTransfers).where(eq(providerTransfers.id, attempt.id));
      const message = t.failureReason ?? after?.failureReason ?? "The transfer failed.";
      return { status: "refused", withdrawal: result, message };
    }
    default:
      return { status: "sent", withdrawal: result };
  }
}

export type BulkPayResult = Forbidden | { status: "ok"; results: { withdrawalId: string; result: PayResult }[] };

/** "Pay selected via Paystack": each one as {@link payWithdrawalByTransfer}, one after another. */
export async function payWithdrawalsByTransfer(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  withdrawalIds: readonly string[],
  now: Date = new Date(),
): Promise<BulkPayResult> {
  if (!hasPermission(actor, "manage_withdrawals")) return FORBIDDEN;
  const results: { withdrawalId: string; result: PayResult }[] = [];
  for (const withdrawalId of new Set(withdrawalIds)) {
    results.push({ withdrawalId, result: await payWithdrawalByTransfer(db, provider, actor, withdrawalId, now) });
  }
  return { status: "ok", results };
}
