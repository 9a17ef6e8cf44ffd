import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payoutJobs, providerTransfers, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { listDisagreements } from "~/domain/payments/disagreements.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import {
  CLAIM_ABANDONED_MS,
  NOT_FOUND_GRACE_MS,
  REQUEST_END_MARGIN_MS,
  TRANSFER_REQUEST_LIMIT_MS,
} from "~/domain/payments/transfer-timing";
import { createPaystackProvider } from "~/server/paystack.server";
import { startPayoutWorker } from "~/server/payout-worker.server";
import { checkWaitingWithProvider } from "~/server/provider-reconciliation.server";
import { clockAhead } from "~test/clock";
import { openTestDatabase } from "~test/database";
import { formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { latch } from "~test/latch";
import { expectBooksBalanced } from "~test/ledger";
import { ledgerPaidOutByTransfer, paidOutAtStandin } from "~test/payouts";
import { onlyAuditRow } from "~test/audit";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { until } from "~test/server-process";
import { payWithdrawalByTransfer } from "./pay-by-transfer.server";
import { listPayoutProgress } from "./payout-progress.server";
import { GAVE_UP, MAX_TAKES, queuePayouts, sendNextQueuedPayout, takeNextPayoutJob } from "./payout-queue.server";
import { startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";
import { verifyTransferAttempt } from "./settle-transfer.server";

/**
 * Issue 38: a slow provider made a bulk payout pay one withdrawal twice, because every attempt
 * carried the batch's start time and three checks took a transfer still being sent for an old
 * one. These run the real queue and worker against the Paystack stand-in with a per-transfer
 * delay, and after each compare what the stand-in paid out with what the ledger booked.
 */
const { db } = await openTestDatabase({ poolSize: 12 });
let standin: PaystackStandin;
let provider: PaymentProvider;
let admin: Actor;
let secondAdmin: Actor;
const silent = pino({ level: "silent" });
const services = () => ({ db, paymentProvider: provider, flushMail: async () => {} });

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, resolveAnyAccount: true });
  provider = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 2_000,
  });
  admin = await withdrawalAdmin(db);
  secondAdmin = await withdrawalAdmin(db);
});
afterAll(async () => standin.close());
beforeEach(async () => {
  standin.setTransferDelay(0);
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
});
afterEach(async () => expectBooksBalanced(db));

/** `n` processing withdrawals of ₦20.00 (net ₦19.60), each its own member's, each account new. */
async function processingWithdrawals(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const accountNumber = String(3_000_000_000 + Math.floor(Math.random() * 999_999_999)).slice(0, 10);
    const member = await payee(db, { balanceKobo: 10_000n, bank: { accountNumber } });
    const r = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (r.status !== "ok") throw new Error(r.status);
    expect(await startProcessing(db, admin, r.withdrawal.id)).toMatchObject({ status: "ok" });
    ids.push(r.withdrawal.id);
  }
  return ids;
}

const referencesOf = async (ids: string[]) =>
  (await db.select({ reference: withdrawals.reference }).from(withdrawals).where(inArray(withdrawals.id, ids))).map(
    (w) => w.reference,
  );
const attemptsOf = (id: string) =>
  db.select().from(providerTransfers).where(eq(providerTransfers.withdrawalId, id)).orderBy(providerTransfers.attempt);
const jobsOf = (ids: string[]) => db.select().from(payoutJobs).where(inArray(payoutJobs.withdrawalId, ids));
const statusesOf = async (ids: string[]) =>
  (await db.select({ status: withdrawals.status }).from(withdrawals).where(inArray(withdrawals.id, ids))).map(
    (w) => w.status,
  );

const atProvider = async (ids: string[]) => paidOutAtStandin(standin, await referencesOf(ids));

/** The stand-in settles every transfer it holds as paid; the minute job (once they are due) books them. */
async function settleAllAsPaid(ids: string[]) {
  for (const t of (await atProvider(ids)).transfers) {
    if (t.status === "pending") await standin.settleTransfer(t.reference, "success", { webhook: false });
  }
  await checkWaitingWithProvider(services(), new Date(Date.now() + 30 * 60_000));
}

async function expectPaidOnceEach(ids: string[]) {
  const provided = await atProvider(ids);
  expect(provided.perWithdrawal).toEqual(ids.map(() => 1));
  expect(provided.paidOut).toBe(await ledgerPaidOutByTransfer(db, ids));
  expect(provided.paidOut).toBe(1_960n * BigInt(ids.length));
  expect(await statusesOf(ids)).toEqual(ids.map(() => "completed"));
}

describe("paying a batch as a job, against a slow provider", () => {
  it("a second admin pressing the row being sent, another worker and the minute job send nothing twice", async () => {
    const ids = await processingWithdrawals(6);
    standin.setTransferDelay(1_200);
    // Queued long ago as far as the batch knows: no attempt may inherit that time.
    const queued = await queuePayouts(db, admin, ids, clockAhead(-10 * 60_000));
    expect(queued).toMatchObject({
      status: "ok",
      queued: ids.map((withdrawalId) => expect.objectContaining({ withdrawalId })),
    });
    const worker = startPayoutWorker({ db, provider, log: silent, afterSend: () => {} });
    try {
      // One transfer in flight: sent to the stand-in, not answered.
      const inFlight = await until("a transfer in flight", async () => {
        const [a] = await db
          .select()
          .from(providerTransfers)
          .where(and(inArray(providerTransfers.withdrawalId, ids), eq(providerTransfers.status, "initiating")));
        return a?.requestSentAt && !a.requestEndedAt ? a : undefined;
      });
      const createdBefore = standin.counts.transfersCreated;
      const verifiesBefore = standin.counts.verifyTransfer;

      // The second admin presses it, and the whole batch again: queued already, or no longer processing.
      const again = await queuePayouts(db, secondAdmin, ids);
      if (again.status !== "ok") throw new Error(again.status);
      expect(again.queued).toEqual([]);
      expect(again.refused.find((r) => r.withdrawalId === inFlight.withdrawalId)?.refusal).toEqual({
        status: "already-queued",
      });
      // Another worker (one whose lease ran out, another process) takes it: the request is in flight.
      expect(await payWithdrawalByTransfer(db, provider, inFlight.withdrawalId)).toEqual({ status: "in-progress" });
      // The minute job and a verify leave it alone, and ask the provider nothing about it.
      await checkWaitingWithProvider(services(), new Date());
      expect(await verifyTransferAttempt(db, provider, inFlight)).toEqual({ status: "in-flight" });
      expect(standin.counts.verifyTransfer).toBe(verifiesBefore);
      expect(await listDisagreements(db)).not.toContainEqual(
        expect.objectContaining({ reference: inFlight.reference }),
      );
      expect((await attemptsOf(inFlight.withdrawalId)).map((a) => a.status)).toEqual(["initiating"]);
      expect(standin.counts.transfersCreated).toBeLessThanOrEqual(createdBefore + 3);

      await until("the batch sent", async () =>
        (await jobsOf(ids)).every((j) => j.state === "done") ? true : undefined,
      );
    } finally {
      await worker.close();
    }
    const jobs = await jobsOf(ids);
    expect(jobs.filter((j) => j.queuedById === admin.id).map((j) => j.outcome)).toEqual(ids.map(() => "sent"));
    // Each attempt timed by its own request, none by the batch's start.
    for (const id of ids) {
      const [a] = await attemptsOf(id);
      expect(a!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(a!.requestEndedAt!.getTime() - a!.requestSentAt!.getTime()).toBeGreaterThanOrEqual(1_100);
    }
    const [batch] = await listPayoutProgress(db);
    expect(batch!.rows.map((r) => r.progress)).toEqual(ids.map(() => "sent"));
    await settleAllAsPaid(ids);
    await expectPaidOnceEach(ids);
  });

  it("a transfer that outlasts its request is taken as unknown, never as not sent, until Paystack answers", async () => {
    const ids = await processingWithdrawals(3);
    // Slower than the request's own timeout (2 s here): the stand-in creates each after we gave up.
    standin.setTransferDelay(3_000);
    for (const id of ids) {
      await queuePayouts(db, admin, [id], clockAhead(-6 * 60_000));
      expect(await sendNextQueuedPayout(db, provider)).toMatchObject({ result: { status: "unknown" } });
      // The job is not concluded: a second admin's press finds it queued still.
      expect(await queuePayouts(db, secondAdmin, [id])).toMatchObject({
        refused: [{ refusal: { status: "already-queued" } }],
      });
      // Another worker at once: verified first; not at Paystack yet, but its request ended a moment
      // ago, so that proves nothing: nothing new is sent.
      expect(await payWithdrawalByTransfer(db, provider, id)).toEqual({ status: "unverified" });
    }
    const jobs = await jobsOf(ids);
    expect(jobs.map((j) => [j.state, j.message])).toEqual(
      ids.map(() => ["sending", expect.stringMatching(/^Outcome unknown, checking with Paystack/)]),
    );
    expect(jobs.some((j) => /nothing was sent/i.test(j.message ?? ""))).toBe(false);
    for (const batch of await listPayoutProgress(db)) {
      expect(batch.rows.map((r) => r.progress)).toEqual(["checking"]);
      expect(batch.open).toBe(1);
    }
    // Listed on the reconciliation page at once.
    const disagreements = await listDisagreements(db);
    for (const id of ids) {
      const [a] = await attemptsOf(id);
      expect(disagreements).toContainEqual(
        expect.objectContaining({ kind: "transfer-unknown", reference: a!.reference }),
      );
    }
    // The minute job concludes nothing before Paystack has them.
    await checkWaitingWithProvider(services(), new Date());
    for (const id of ids) expect((await attemptsOf(id)).map((a) => a.status)).toEqual(["unknown"]);

    await until("the stand-in made them", async () =>
      (await atProvider(ids)).transfers.length === ids.length ? true : undefined,
    );
    // Each job, taken again after its wait, finds its transfer at Paystack and takes it.
    for (let i = 0; i < ids.length; i++) {
      expect(await sendNextQueuedPayout(db, provider, clockAhead(31_000))).toMatchObject({
        result: { status: "sent" },
      });
    }
    expect((await jobsOf(ids)).map((j) => [j.state, j.outcome])).toEqual(ids.map(() => ["done", "sent"]));
    expect(await statusesOf(ids)).toEqual(ids.map(() => "sent"));
    await settleAllAsPaid(ids);
    await expectPaidOnceEach(ids);
  });
});

describe("an attempt whose sender died", () => {
  /** The provider as seen by a sender killed right after POST /transfer left (no end recorded). */
  const killedAfterSending = (createIt: boolean): PaymentProvider => ({
    ...provider,
    initiateTransfer: async (input) => {
      if (createIt) await provider.initiateTransfer(input);
      throw new Error("killed");
    },
  });

  it("is in flight until its limit, then verified: found, it is taken, never replaced", async () => {
    const [id] = await processingWithdrawals(1);
    await expect(payWithdrawalByTransfer(db, killedAfterSending(true), id!)).rejects.toThrow("killed");
    expect((await attemptsOf(id!)).map((a) => a.status)).toEqual(["initiating"]);
    expect(await payWithdrawalByTransfer(db, provider, id!)).toEqual({ status: "in-progress" });
    const ended = clockAhead(TRANSFER_REQUEST_LIMIT_MS + REQUEST_END_MARGIN_MS + 1_000);
    // Listed for an admin as soon as it can no longer be in flight.
    expect(await listDisagreements(db, ended())).toContainEqual(expect.objectContaining({ kind: "transfer-unknown" }));
    expect(await payWithdrawalByTransfer(db, provider, id!, { clock: ended })).toMatchObject({ status: "sent" });
    expect((await attemptsOf(id!)).map((a) => a.status)).toEqual(["pending"]);
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });

  it("not found at Paystack, it is sent again under its own reference only the grace after its request ended", async () => {
    const [id] = await processingWithdrawals(1);
    await expect(payWithdrawalByTransfer(db, killedAfterSending(false), id!)).rejects.toThrow("killed");
    const ended = TRANSFER_REQUEST_LIMIT_MS + REQUEST_END_MARGIN_MS;
    expect(await payWithdrawalByTransfer(db, provider, id!, { clock: clockAhead(ended + 1_000) })).toEqual({
      status: "unverified",
    });
    expect(
      await payWithdrawalByTransfer(db, provider, id!, { clock: clockAhead(ended + NOT_FOUND_GRACE_MS + 1_000) }),
    ).toMatchObject({ status: "sent" });
    expect((await attemptsOf(id!)).map((a) => [a.attempt, a.status])).toEqual([[1, "pending"]]);
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });

  it("a first request that lands at Paystack after it was sent again pays once: Paystack refuses the same reference twice", async () => {
    const [id] = await processingWithdrawals(1);
    // The first request outlasts its timeout (2 s) and the stand-in makes the transfer at 3 s.
    standin.setTransferDelay(3_000);
    expect(await payWithdrawalByTransfer(db, provider, id!)).toMatchObject({ status: "unknown" });
    // Judged long after (as if Paystack had said "not found" for minutes): sent again at once,
    // while the first is still on its way to being made.
    const late = clockAhead(NOT_FOUND_GRACE_MS + 60_000);
    const again = await payWithdrawalByTransfer(db, provider, id!, { clock: late });
    expect(["sent", "unknown"]).toContain(again.status);
    await until("both requests answered", async () =>
      standin.counts.transferPosts >= 2 && (await atProvider([id!])).transfers.length === 1 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await atProvider([id!])).perWithdrawal).toEqual([1]);
    await payWithdrawalByTransfer(db, provider, id!, { clock: clockAhead(NOT_FOUND_GRACE_MS + 120_000) });
    expect((await attemptsOf(id!)).map((a) => [a.attempt, a.status])).toEqual([[1, "pending"]]);
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });

  it("a claim never sent is the sender's until abandoned; a sender that wakes after sends nothing", async () => {
    const [id] = await processingWithdrawals(1);
    const registering = latch();
    const release = latch();
    const slowSender: PaymentProvider = {
      ...provider,
      createTransferRecipient: async (input) => {
        registering.open();
        await release.opened;
        return provider.createTransferRecipient(input);
      },
    };
    const first = payWithdrawalByTransfer(db, slowSender, id!);
    await registering.opened;
    expect(await payWithdrawalByTransfer(db, provider, id!)).toEqual({ status: "in-progress" });
    // Abandoned: it fails as never sent, and a new attempt pays.
    const later = clockAhead(CLAIM_ABANDONED_MS + 1_000);
    expect(await payWithdrawalByTransfer(db, provider, id!, { clock: later })).toMatchObject({ status: "sent" });
    release.open();
    expect(await first).toMatchObject({ status: "refused" });
    expect((await attemptsOf(id!)).map((a) => [a.status, a.requestSentAt === null])).toEqual([
      ["failed", true],
      ["pending", false],
    ]);
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });
});

describe("a job whose worker died", () => {
  /** A worker killed while its job was sending: the job stays "sending" under its lease. */
  async function diesSending(id: string, sender: PaymentProvider) {
    await queuePayouts(db, admin, [id]);
    const job = (await takeNextPayoutJob(db))!;
    await expect(payWithdrawalByTransfer(db, sender, id, { sentById: admin.id })).rejects.toThrow("killed");
    return job;
  }
  const killedAfterSending = (createIt: boolean): PaymentProvider => ({
    ...provider,
    initiateTransfer: async (input) => {
      if (createIt) await provider.initiateTransfer(input);
      throw new Error("killed");
    },
  });
  const ahead = (ms: number) => clockAhead(ms);

  it("is taken again and waits on the attempt it left until Paystack has said it never had it, then sends it again once", async () => {
    const [id] = await processingWithdrawals(1);
    const job = await diesSending(id!, killedAfterSending(false));
    expect(await sendNextQueuedPayout(db, provider)).toBeNull();
    // Its lease ran out: taken again, the attempt's request has ended, Paystack has nothing yet.
    expect(await sendNextQueuedPayout(db, provider, ahead(61_000))).toMatchObject({
      job: { id: job.id, takenCount: 2 },
      result: { status: "unverified" },
    });
    expect((await listPayoutProgress(db))[0]!.rows[0]!.progress).toBe("checking");
    // Waits again (30 s), until the grace after the request's end has passed.
    let t = 61_000;
    let sent;
    while (!sent) {
      t += 31_000;
      const next = await sendNextQueuedPayout(db, provider, ahead(t));
      if (next?.result.status === "sent") sent = next;
      else expect(next).toMatchObject({ result: { status: "unverified" } });
      expect(t).toBeLessThan(REQUEST_END_MARGIN_MS + TRANSFER_REQUEST_LIMIT_MS + NOT_FOUND_GRACE_MS + 70_000);
    }
    expect(sent.job.id).toBe(job.id);
    expect((await attemptsOf(id!)).map((a) => [a.attempt, a.status])).toEqual([[1, "pending"]]);
    expect((await jobsOf([id!]))[0]).toMatchObject({ state: "done", outcome: "sent" });
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });

  it("a withdrawal its transfer paid meanwhile reads as paid, not as not sent", async () => {
    const [id] = await processingWithdrawals(1);
    const job = await diesSending(id!, killedAfterSending(true));
    // The transfer reached Paystack, which paid it; the restarted app heard so first.
    const [attempt] = await attemptsOf(id!);
    await standin.settleTransfer(attempt!.reference, "success", { webhook: false });
    expect(await verifyTransferAttempt(db, provider, attempt!, ahead(31_000))).toMatchObject({
      status: "completed",
    });
    expect(await sendNextQueuedPayout(db, provider, ahead(61_000))).toMatchObject({
      job: { id: job.id },
      result: { status: "not-processing", current: "completed" },
    });
    expect((await listPayoutProgress(db))[0]!.rows[0]).toMatchObject({ progress: "paid" });
    await expectPaidOnceEach([id!]);
  });
});

describe("the queue", () => {
  it("a job whose worker stopped shows as waiting; one taken too often ends as given up, never retried for ever", async () => {
    const [id] = await processingWithdrawals(1);
    await queuePayouts(db, admin, [id!]);
    const job = (await takeNextPayoutJob(db))!;
    expect((await listPayoutProgress(db))[0]!.rows[0]!.progress).toBe("sending");
    // Its worker died: once the lease has run out the panel says it waits to be taken again.
    expect((await listPayoutProgress(db, new Date(Date.now() + 61_000)))[0]!.rows[0]!.progress).toBe("waiting");
    // Taken (and dying) as often as a job may be: the next take ends it instead.
    await db.update(payoutJobs).set({ takenCount: MAX_TAKES }).where(eq(payoutJobs.id, job.id));
    expect(await takeNextPayoutJob(db, clockAhead(61_000))).toBeNull();
    expect((await jobsOf([id!]))[0]).toMatchObject({ state: "done", outcome: "gave-up", message: GAVE_UP });
    expect((await listPayoutProgress(db))[0]!.rows[0]).toMatchObject({ progress: "not-sent", detail: GAVE_UP });
    // Nothing was sent: an admin may press again.
    expect(await queuePayouts(db, admin, [id!])).toMatchObject({ queued: [{ withdrawalId: id }] });
    expect(await sendNextQueuedPayout(db, provider)).toMatchObject({ result: { status: "sent" } });
    await settleAllAsPaid([id!]);
    await expectPaidOnceEach([id!]);
  });

  it("refuses without manage_withdrawals, and what cannot be paid so, each with its reason", async () => {
    const [id] = await processingWithdrawals(1);
    const clerk: Actor = { id: admin.id, role: "admin", permissions: ["manage_users"] };
    expect(await queuePayouts(db, clerk, [id!])).toEqual({ status: "forbidden" });
    const result = await queuePayouts(db, admin, [id!, id!, "no-such-id"]);
    expect(result).toMatchObject({
      status: "ok",
      queued: [{ withdrawalId: id }],
      refused: [{ withdrawalId: "no-such-id", refusal: { status: "not-found" } }],
    });
    // Queued already: refused, and audited once, with the job the audit log reads its progress through.
    expect(await queuePayouts(db, admin, [id!])).toMatchObject({
      queued: [],
      refused: [{ withdrawalId: id, refusal: { status: "already-queued" } }],
    });
    const [job] = await db.select().from(payoutJobs).where(eq(payoutJobs.withdrawalId, id!));
    expect(await onlyAuditRow(db, id!, "withdrawal.transfer")).toMatchObject({
      actorId: admin.id,
      after: expect.objectContaining({ job: job!.id, withdrawalsSelected: 2 }),
    });
    expect(await sendNextQueuedPayout(db, provider)).toMatchObject({ result: { status: "sent" } });
    expect(await queuePayouts(db, admin, [id!])).toMatchObject({
      refused: [{ refusal: { status: "not-processing", current: "sent" } }],
    });
    await settleAllAsPaid([id!]);
  });

  it("two workers never take the same job; a job whose worker died is taken again once its lease ran out", async () => {
    const ids = await processingWithdrawals(4);
    await queuePayouts(db, admin, ids);
    const [a, b] = await Promise.all([sendNextQueuedPayout(db, provider), sendNextQueuedPayout(db, provider)]);
    expect(a!.job.withdrawalId).not.toBe(b!.job.withdrawalId);
    // A worker takes a job and dies before sending anything.
    const dead = await takeNextPayoutJob(db);
    expect(dead).toMatchObject({ state: "sending", takenCount: 1 });
    const next = await sendNextQueuedPayout(db, provider);
    expect(next!.job.id).not.toBe(dead!.id);
    expect(await sendNextQueuedPayout(db, provider)).toBeNull();
    const retaken = await sendNextQueuedPayout(db, provider, clockAhead(61_000));
    expect(retaken).toMatchObject({ job: { id: dead!.id, takenCount: 2 }, result: { status: "sent" } });
    expect((await jobsOf(ids)).every((j) => j.state === "done")).toBe(true);
    await settleAllAsPaid(ids);
    await expectPaidOnceEach(ids);
  });
});
