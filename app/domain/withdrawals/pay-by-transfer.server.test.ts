import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerTransfers, providerTransfers, transferRecipients, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import type { ProviderTransferReport } from "~/domain/payments/provider";
import { listDisagreements } from "~/domain/payments/disagreements.server";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { exportNewPayouts } from "./payout-export.server";
import { payWithdrawalByTransfer } from "./pay-by-transfer.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";
import { settleTransferEvent, verifyTransferAttempt } from "./settle-transfer.server";
import { NOT_FOUND_GRACE_MS } from "~/domain/payments/transfer-timing";
import { clockAhead } from "~test/clock";

const { db } = await openTestDatabase({ poolSize: 12 });
let standin: PaystackStandin;
let provider: ReturnType<typeof createPaystackProvider>;
let admin: Actor;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, resolveAnyAccount: true });
  provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl, timeoutMs: 2000 });
  admin = await withdrawalAdmin(db);
});
afterAll(async () => standin.close());
beforeEach(async () => setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 }));
afterEach(async () => expectBooksBalanced(db));

/** A member with ₦100 whose ₦20.00 withdrawal (fee ₦0.40, net ₦19.60) is processing. */
async function processingWithdrawal(amountKobo = 2_000n, accountNumber?: string) {
  const member = await payee(db, { balanceKobo: 10_000n, bank: accountNumber ? { accountNumber } : undefined });
  const r = await requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(`processingWithdrawal: ${r.status}`);
  expect(await startProcessing(db, admin, r.withdrawal.id)).toMatchObject({ status: "ok" });
  return { member, id: r.withdrawal.id };
}

const rowOf = async (id: string) => (await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const attemptsOf = (id: string) =>
  db.select().from(providerTransfers).where(eq(providerTransfers.withdrawalId, id)).orderBy(providerTransfers.attempt);
const ledgerOf = (id: string) =>
  db
    .select({ kind: ledgerTransfers.kind, key: ledgerTransfers.idempotencyKey, amountKobo: ledgerTransfers.amountKobo })
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `withdrawal:${id}:%`))
    .orderBy(ledgerTransfers.createdAt);
const createdAt = (reference: string) => standin.transfers().filter((t) => t.reference === reference).length;

/** What Paystack's transfer.* webhook for the stand-in's transfer `reference` carries. */
async function eventFor(reference: string, outcome: "success" | "failed" | "reversed") {
  const data = await standin.settleTransfer(reference, outcome, { webhook: false });
  const [attempt] = await db.select().from(providerTransfers).where(eq(providerTransfers.reference, reference));
  const transfer: ProviderTransferReport = {
    reference,
    transferCode: data.transfer_code,
    outcome,
    amountKobo: BigInt(data.amount),
    currency: "NGN",
    failureReason: outcome === "success" ? null : (data.gateway_response ?? null),
  };
  return { attemptId: attempt!.id, event: { event: `transfer.${outcome}` as const, transfer } };
}
async function settle(reference: string, outcome: "success" | "failed" | "reversed") {
  const { attemptId, event } = await eventFor(reference, outcome);
  return settleTransferEvent(db, attemptId, event);
}

describe("paying a withdrawal by transfer", () => {
  it("sends the net amount to the member's account once, shows Sent with the transfer code, completes on success", async () => {
    const { member, id } = await processingWithdrawal();
    const before = {
      payouts: await platformBalance(db, "bank_payouts"),
      fees: await platformBalance(db, "withdrawal_fees"),
    };
    const result = await payWithdrawalByTransfer(db, provider, id);
    expect(result).toMatchObject({ status: "sent" });
    const w = await rowOf(id);
    const reference = `adnaira-${w.reference.toLowerCase()}-1`;
    expect(w).toMatchObject({ status: "sent", transferFailureReason: null });
    expect(w.sentAt).toBeInstanceOf(Date);
    expect(w.transferCode).toMatch(/^TRF_/);
    const sent = standin.transfers().find((t) => t.reference === reference)!;
    expect(sent).toMatchObject({ amount: 1960, transfer_code: w.transferCode, status: "pending" });
    const [recipient] = await db
      .select()
      .from(transferRecipients)
      .where(and(eq(transferRecipients.bankCode, w.bankCode), eq(transferRecipients.accountNumber, w.accountNumber)));
    expect(sent.recipient).toMatchObject({ recipient_code: recipient!.recipientCode, name: w.accountHolderName });
    // Timed by its own request: sent and ended, in that order, after the claim.
    const [attempt] = await attemptsOf(id);
    expect(attempt!.requestSentAt!.getTime()).toBeGreaterThanOrEqual(attempt!.createdAt.getTime());
    expect(attempt!.requestEndedAt!.getTime()).toBeGreaterThanOrEqual(attempt!.requestSentAt!.getTime());
    // Sent: the money is still held, nothing booked out yet.
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });

    expect(await settle(reference, "success")).toMatchObject({ status: "completed" });
    expect(await rowOf(id)).toMatchObject({ status: "completed", transferCode: w.transferCode });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 0n });
    expect(await platformBalance(db, "bank_payouts")).toBe(before.payouts + 1_960n);
    expect(await platformBalance(db, "withdrawal_fees")).toBe(before.fees + 40n);
    // The same event again, and a late "failed": nothing moves.
    expect(await settle(reference, "success")).toMatchObject({ status: "unchanged" });
    expect(await settle(reference, "failed")).toMatchObject({ status: "unchanged" });
    expect(await rowOf(id)).toMatchObject({ status: "completed" });
    expect((await ledgerOf(id)).map((t) => t.key)).toEqual([
      `withdrawal:${id}:hold`,
      `withdrawal:${id}:transfer:1:payout`,
      `withdrawal:${id}:transfer:1:fee`,
    ]);
  });

  it("10 presses at once: one attempt, one transfer at Paystack, one Sent", async () => {
    const { id } = await processingWithdrawal();
    const createdBefore = standin.counts.transfersCreated;
    const results = await Promise.all(Array.from({ length: 10 }, () => payWithdrawalByTransfer(db, provider, id)));
    expect(results.filter((r) => r.status === "sent")).toHaveLength(1);
    for (const r of results) expect(["sent", "in-progress", "not-processing"]).toContain(r.status);
    expect(results.filter((r) => r.status === "sent")).toHaveLength(1);
    expect(standin.counts.transfersCreated - createdBefore).toBe(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent" });
  });

  it("registers a bank account with Paystack once and reuses it", async () => {
    const a = await processingWithdrawal(2_000n, "0987654321");
    const b = await processingWithdrawal(3_000n, "0987654321");
    const before = standin.counts.recipientsCreated;
    expect(await payWithdrawalByTransfer(db, provider, a.id)).toMatchObject({ status: "sent" });
    expect(await payWithdrawalByTransfer(db, provider, b.id)).toMatchObject({ status: "sent" });
    expect(standin.counts.recipientsCreated - before).toBe(1);
    const [ta, tb] = [(await attemptsOf(a.id))[0]!, (await attemptsOf(b.id))[0]!];
    expect(ta.recipientCode).toBe(tb.recipientCode);
  });

  it("a transfer whose answer is lost after Paystack created it is verified, never sent twice", async () => {
    const { id } = await processingWithdrawal();
    standin.failNext("transfer", "drop-after-create");
    const first = await payWithdrawalByTransfer(db, provider, id);
    expect(first).toMatchObject({ status: "unknown" });
    const [attempt] = await attemptsOf(id);
    expect(attempt).toMatchObject({ status: "unknown" });
    expect(await rowOf(id)).toMatchObject({ status: "processing" });
    // Nothing else may pay it meanwhile: no payout file, no Mark as Completed, no reject.
    expect(await completeWithdrawal(db, admin, id)).toEqual({ status: "transfer-in-flight" });
    expect(await rejectWithdrawal(db, admin, id)).toEqual({ status: "transfer-in-flight" });
    const exported = await exportNewPayouts(db, admin);
    if (exported.status === "ok") expect(exported.file.references).not.toContain((await rowOf(id)).reference);

    // The retry press verifies first: Paystack has it, so it is taken, not sent again.
    const retry = await payWithdrawalByTransfer(db, provider, id);
    expect(retry).toMatchObject({ status: "sent" });
    expect(createdAt(attempt!.reference)).toBe(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", transferCode: expect.stringMatching(/^TRF_/) });
    expect(await settle(attempt!.reference, "success")).toMatchObject({ status: "completed" });
  });

  it("a transfer Paystack never created (5xx) is sent again under its own reference once Paystack has said it never had it", async () => {
    const { id } = await processingWithdrawal();
    standin.failNext("transfer", "server-error");
    expect(await payWithdrawalByTransfer(db, provider, id)).toMatchObject({ status: "unknown" });
    // The check itself gets no answer: nothing new is sent.
    standin.failNext("verify-transfer", "server-error");
    expect(await payWithdrawalByTransfer(db, provider, id)).toEqual({ status: "unverified" });
    // Not at Paystack a moment later is not yet "never sent": the request could still land there.
    expect(await payWithdrawalByTransfer(db, provider, id)).toEqual({ status: "unverified" });
    expect(await attemptsOf(id)).toHaveLength(1);

    const later = clockAhead(NOT_FOUND_GRACE_MS + 1_000);
    expect(await payWithdrawalByTransfer(db, provider, id, { clock: later })).toMatchObject({ status: "sent" });
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([[1, "pending"]]);
    const prefix = `adnaira-${(await rowOf(id)).reference.toLowerCase()}-`;
    expect(standin.transfers().filter((t) => t.reference.startsWith(prefix))).toHaveLength(1);
  });

  it("the reconciliation check settles an unknown transfer on its own", async () => {
    const { id } = await processingWithdrawal();
    standin.failNext("transfer", "server-error-after-create");
    expect(await payWithdrawalByTransfer(db, provider, id)).toMatchObject({ status: "unknown" });
    const [attempt] = await attemptsOf(id);
    await standin.settleTransfer(attempt!.reference, "success", { webhook: false });
    expect(await verifyTransferAttempt(db, provider, attempt!)).toMatchObject({ status: "completed" });
    expect(await rowOf(id)).toMatchObject({ status: "completed" });
  });

  it("transfer.failed puts it back to processing with the reason; a retry pays it once; it can be rejected instead", async () => {
    const { member, id } = await processingWithdrawal();
    await payWithdrawalByTransfer(db, provider, id);
    const [first] = await attemptsOf(id);
    expect(await settle(first!.reference, "failed")).toMatchObject({ status: "failed" });
    expect(await rowOf(id)).toMatchObject({
      status: "processing",
      transferCode: null,
      sentAt: null,
      transferFailureReason: "Account not found",
    });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    // A duplicate failed event changes nothing.
    expect(await settle(first!.reference, "failed")).toMatchObject({ status: "unchanged" });

    expect(await payWithdrawalByTransfer(db, provider, id)).toMatchObject({ status: "sent" });
    const second = (await attemptsOf(id))[1]!;
    expect(second.reference).toBe(first!.reference.replace(/-1$/, "-2"));
    expect(await settle(second.reference, "success")).toMatchObject({ status: "completed" });
    expect((await ledgerOf(id)).filter((t) => t.kind === "withdrawal_payout")).toHaveLength(1);

    // Another one fails, and the admin rejects it: the whole amount goes back to the member.
    const other = await processingWithdrawal();
    await payWithdrawalByTransfer(db, provider, other.id);
    const [attempt] = await attemptsOf(other.id);
    await settle(attempt!.reference, "failed");
    expect(await rejectWithdrawal(db, admin, other.id)).toMatchObject({ status: "ok" });
    expect(await balances(db, other.member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });

  it("transfer.reversed after success: back to processing, the money held again once; a retry completes it once more", async () => {
    const { member, id } = await processingWithdrawal();
    const payouts = await platformBalance(db, "bank_payouts");
    await payWithdrawalByTransfer(db, provider, id);
    const [first] = await attemptsOf(id);
    await settle(first!.reference, "success");
    expect(await platformBalance(db, "bank_payouts")).toBe(payouts + 1_960n);

    const reversed = await eventFor(first!.reference, "reversed");
    // Delivered three times, once more after a late success: the money comes back once.
    for (let i = 0; i < 3; i++) await settleTransferEvent(db, reversed.attemptId, reversed.event);
    const success = { ...reversed.event, event: "transfer.success" as const };
    expect(await settleTransferEvent(db, reversed.attemptId, success)).toMatchObject({ status: "unchanged" });
    expect(await rowOf(id)).toMatchObject({
      status: "processing",
      processedAt: null,
      transferCode: null,
      transferFailureReason: "Transfer reversed by the bank",
    });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    expect(await platformBalance(db, "bank_payouts")).toBe(payouts);
    expect((await ledgerOf(id)).filter((t) => t.kind === "withdrawal_reversal")).toEqual([
      { kind: "withdrawal_reversal", key: `withdrawal:${id}:transfer:1:reversal:payout`, amountKobo: 1_960n },
      { kind: "withdrawal_reversal", key: `withdrawal:${id}:transfer:1:reversal:fee`, amountKobo: 40n },
    ]);

    expect(await payWithdrawalByTransfer(db, provider, id)).toMatchObject({ status: "sent" });
    const second = (await attemptsOf(id))[1]!;
    await settle(second.reference, "success");
    expect(await rowOf(id)).toMatchObject({ status: "completed" });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 0n });
    expect(await platformBalance(db, "bank_payouts")).toBe(payouts + 1_960n);
  });

  it("events out of order: a success after failed, a failed after reversed change nothing", async () => {
    const { member, id } = await processingWithdrawal();
    await payWithdrawalByTransfer(db, provider, id);
    const [attempt] = await attemptsOf(id);
    const failed = await eventFor(attempt!.reference, "failed");
    await settleTransferEvent(db, failed.attemptId, failed.event);
    const lateSuccess = { ...failed.event, event: "transfer.success" as const };
    expect(await settleTransferEvent(db, failed.attemptId, lateSuccess)).toMatchObject({ status: "unchanged" });
    // Paystack says it paid a transfer we took as failed: money may have left twice. The admin is told.
    const listed = (await listDisagreements(db)).filter((d) => d.reference === attempt!.reference);
    expect(listed).toEqual([
      expect.objectContaining({
        kind: "transfer-paid-after-failed",
        withdrawalReference: (await rowOf(id)).reference,
        amountKobo: 1_960n,
      }),
    ]);
    const lateReversed = { ...failed.event, event: "transfer.reversed" as const };
    expect(await settleTransferEvent(db, failed.attemptId, lateReversed)).toMatchObject({ status: "unchanged" });
    expect(await rowOf(id)).toMatchObject({ status: "processing" });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
  });

  it("a webhook that settles the transfer before Paystack's answer to our request: the press says what happened", async () => {
    for (const outcome of ["failed", "success"] as const) {
      const { id } = await processingWithdrawal();
      // Paystack's transfer.* webhook is delivered (and settled) while our POST /transfer is still waiting.
      const racing: typeof provider = {
        ...provider,
        initiateTransfer: async (input) => {
          const answer = await provider.initiateTransfer(input);
          await settle(input.reference, outcome);
          return answer;
        },
      };
      const result = await payWithdrawalByTransfer(db, racing, id);
      const w = await rowOf(id);
      if (outcome === "failed") {
        expect(result).toMatchObject({ status: "refused" });
        expect(w).toMatchObject({ status: "processing", transferFailureReason: expect.any(String) });
      } else {
        expect(result).toMatchObject({ status: "completed" });
        expect(w).toMatchObject({ status: "completed" });
      }
    }
  });

  it("a success for another amount is never booked", async () => {
    const { id } = await processingWithdrawal();
    await payWithdrawalByTransfer(db, provider, id);
    const [attempt] = await attemptsOf(id);
    const { attemptId, event } = await eventFor(attempt!.reference, "success");
    const wrong = { ...event, transfer: { ...event.transfer, amountKobo: 999_999n } };
    expect(await settleTransferEvent(db, attemptId, wrong)).toMatchObject({ status: "amount-mismatch" });
    // Nor one in another currency, even for our number of units.
    const dollars = { ...event, transfer: { ...event.transfer, currency: "USD" } };
    expect(await settleTransferEvent(db, attemptId, dollars)).toMatchObject({ status: "amount-mismatch" });
    expect(await rowOf(id)).toMatchObject({ status: "sent" });
    expect(await ledgerOf(id)).toEqual([expect.objectContaining({ kind: "withdrawal_hold" })]);
  });

  it("refuses what it must not pay: a withdrawal in a payout file, one not processing, an admin without the permission", async () => {
    const filed = await processingWithdrawal();
    const exported = await exportNewPayouts(db, admin);
    expect(exported.status).toBe("ok");
    expect(await payWithdrawalByTransfer(db, provider, filed.id)).toMatchObject({ status: "in-payout-file" });
    await completeWithdrawal(db, admin, filed.id);

    const member = await payee(db, { balanceKobo: 10_000n });
    const r = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (r.status !== "ok") throw new Error(r.status);
    expect(await payWithdrawalByTransfer(db, provider, r.withdrawal.id)).toEqual({
      status: "not-processing",
      current: "pending",
    });
    expect(await payWithdrawalByTransfer(db, provider, "no-such-id")).toEqual({ status: "not-found" });
    await rejectWithdrawal(db, admin, r.withdrawal.id);
  });

  it("a refused transfer (4xx) leaves it processing with Paystack's message", async () => {
    const { id } = await processingWithdrawal();
    const createdBefore = standin.counts.transfersCreated;
    // A recipient Paystack does not know makes POST /transfer answer 400.
    await db
      .update(providerTransfers)
      .set({ recipientCode: "RCP_unknown" })
      .where(eq(providerTransfers.withdrawalId, id));
    await db
      .update(transferRecipients)
      .set({ recipientCode: "RCP_unknown" })
      .where(eq(transferRecipients.accountNumber, (await rowOf(id)).accountNumber));
    const result = await payWithdrawalByTransfer(db, provider, id);
    expect(result).toMatchObject({ status: "refused", message: "Recipient specified is invalid" });
    expect(await rowOf(id)).toMatchObject({
      status: "processing",
      transferFailureReason: "Recipient specified is invalid",
    });
    expect(standin.counts.transfersCreated).toBe(createdBefore);
    await db.delete(transferRecipients).where(eq(transferRecipients.recipientCode, "RCP_unknown"));
    expect(await payWithdrawalByTransfer(db, provider, id)).toMatchObject({ status: "sent" });
  });
});
