import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, bankAccounts, payoutJobs, providerTransfers, withdrawals } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { PAY_REFUSALS } from "~/domain/withdrawals/pay-by-transfer.server";
import { QUEUE_REFUSALS } from "~/domain/withdrawals/payout-queue.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { pageText, redirectToast, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { onlyAuditRow } from "~test/audit";
import { TEST_BANK_ACCOUNT } from "~test/bank-accounts";
import { creditUser, formKey, payee, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import {
  endPayoutWait,
  onlyPayoutJobOf,
  payoutJobsOf,
  payoutProgressInHtml,
  readyForAutoPayout,
  waitForPayoutJobState,
  waitForPayouts,
} from "~test/payouts";
import { until } from "~test/server-process";
import { signInAdmin, signInMember } from "~test/sign-in";

/**
 * "Pay via Paystack" and "Pay selected via Paystack" queue the processing withdrawals (issue 38):
 * the press answers at once ("Payment Queued"), the payout worker in the app process sends each
 * one by transfer a moment later, and the progress panel on Withdrawal Requests follows them.
 * Each test presses, waits for the queue to drain, then reads the withdrawals, the jobs and the
 * Paystack stand-in.
 */

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
let admin: { client: HttpClient; user: { id: string; name: string } };
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  standin.setAccount(TEST_BANK_ACCOUNT.bankCode, TEST_BANK_ACCOUNT.accountNumber, "ADAEZE OKAFOR");
  admin = await signInAdmin(app, ["manage_withdrawals"]);
});
afterAll(async () => close?.());
afterEach(async () => {
  // Nothing is left being sent into the next test, and every kobo is accounted for.
  await waitForPayouts(db());
  await expectBooksBalanced(app.services.db);
});

const db = () => app.services.db;

/** A member's ₦20.00 withdrawal (fee ₦0.40, net ₦19.60), moved to processing. */
async function processingWithdrawal(amountKobo = 2_000n) {
  const member = await payee(db(), { balanceKobo: 10_000n });
  const r = await requestWithdrawal(db(), { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(r.status);
  await startProcessing(db(), await withdrawalAdmin(db()), r.withdrawal.id);
  return { member, id: r.withdrawal.id, reference: r.withdrawal.reference };
}

const rowOf = async (id: string) => (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const attemptsOf = (id: string) =>
  db()
    .select()
    .from(providerTransfers)
    .where(eq(providerTransfers.withdrawalId, id))
    .orderBy(providerTransfers.attempt);
const transferRef = (reference: string, attempt = 1) => `adnaira-${reference.toLowerCase()}-${attempt}`;
/** Every transfer the stand-in holds for a withdrawal, whichever attempt made it, in the order they were made. */
const atStandin = (reference: string) =>
  standin.transfers().filter((t) => t.reference.startsWith(`adnaira-${reference.toLowerCase()}-`));

/** "Pay selected via Paystack" as the browser posts it without JavaScript: one withdrawalId per ticked box. */
async function postPay(client: HttpClient, ids: string[], returnTo = "/admin/withdrawals?status=processing") {
  const body = new URLSearchParams([...ids.map((id) => ["withdrawalId", id]), ["returnTo", returnTo]]);
  const res = await fetch(new URL("/admin/withdrawals/pay", app.origin), {
    method: "POST",
    headers: {
      Cookie: client.cookieHeader(),
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.origin,
    },
    body: body.toString(),
    redirect: "manual",
  });
  await res.text();
  return { status: res.status, location: res.headers.get("Location"), toast: redirectToast(res) };
}

/** The progress panel's row for a withdrawal on Withdrawal Requests (the newest batch holding it). */
async function progressOf(reference: string) {
  const html = (await admin.client.get("/admin/withdrawals")).body;
  expect(pageText(html)).toContain("Payouts via Paystack");
  const row = payoutProgressInHtml(html, reference);
  expect(row, `the panel lists ${reference}`).not.toBeNull();
  return row!;
}

describe("paying withdrawals through Paystack from Withdrawal Requests", () => {
  it("offers Pay via Paystack and a checkbox on a processing withdrawal; the press queues it, the worker sends it, the panel shows Sent then Paid", async () => {
    const { id, reference } = await processingWithdrawal();
    const page = await admin.client.get(`/admin/withdrawals?q=`);
    expect(page.body).toContain(`aria-label="Pay via Paystack withdrawal ${reference}`);
    const box = new RegExp(`<input[^>]*type="checkbox"[^>]*>`).exec(
      page.body.slice(page.body.indexOf(`value="${id}"`) - 200),
    )?.[0];
    expect(box).toContain(`value="${id}"`);
    expect(box).toContain(`form="pay-selected"`);
    expect(pageText(page.body)).toContain("Pay selected via Paystack");
    // "Pay selected" comes back to the list as it was (search, filter, page).
    const filtered = await admin.client.get(`/admin/withdrawals?status=processing`);
    expect(filtered.body).toContain(`name="returnTo" value="/admin/withdrawals?status=processing"`);

    const before = standin.counts.transfersCreated;
    const res = await postPay(admin.client, [id]);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/withdrawals?status=processing");
    expect(res.toast).toEqual({
      type: "success",
      title: "Payment Queued",
      description: `${reference} is queued to be paid through Paystack. Its progress shows above the list.`,
    });
    // Queued at the press, by the admin: audited then, whatever the worker makes of it.
    const [queued] = await payoutJobsOf(db(), id);
    expect(queued).toMatchObject({ queuedById: admin.user.id });
    const audit = await onlyAuditRow(db(), id, "withdrawal.transfer");
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: "withdrawal",
      before: { status: "processing" },
      after: expect.objectContaining({ reference, net: "₦19.60", withdrawalsSelected: 1 }),
    });
    // The batch's id is internal: the audit log does not show it.
    expect(JSON.stringify(audit.after)).not.toContain(queued!.batchId);
    expect((audit.after as { account: string }).account).toContain(TEST_BANK_ACCOUNT.accountNumber);

    await waitForPayouts(db());
    const w = await rowOf(id);
    expect(w).toMatchObject({ status: "sent", transferCode: expect.stringMatching(/^TRF_/) });
    const [attempt] = await attemptsOf(id);
    expect(await onlyPayoutJobOf(db(), id)).toMatchObject({
      state: "done",
      outcome: "sent",
      message: null,
      transferId: attempt!.id,
      queuedById: admin.user.id,
      takenCount: 1,
    });
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(atStandin(reference)).toMatchObject([
      { reference: transferRef(reference), amount: 1_960, status: "pending" },
    ]);

    // The list: the row is Sent with its transfer code, no Pay button any more.
    const after = pageText((await admin.client.get("/admin/withdrawals?status=sent")).body);
    expect(after).toContain(`Transfer ${w.transferCode}`);
    expect(after).toContain("Waiting for Paystack to confirm");
    // The progress panel: this press, its withdrawal Sent with the transfer code, nothing left to send.
    const html = (await admin.client.get("/admin/withdrawals")).body;
    const panel = pageText(html);
    expect(panel).toContain("Payouts via Paystack");
    expect(panel).toContain(`1 withdrawal queued by ${admin.user.name} at`);
    expect(panel).toContain("Nothing is waiting to be sent.");
    expect(html).toContain(`data-testid="payout-progress-card-${reference}"`);
    const sent = payoutProgressInHtml(html, reference);
    expect(sent?.status).toBe("sent");
    expect(sent?.text).toContain(`Transfer ${w.transferCode}: waiting for Paystack to confirm the payment.`);
    expect(sent?.text).toContain("₦19.60");
    expect(html).not.toContain(`aria-label="Pay via Paystack withdrawal ${reference}`);

    // Paystack's transfer.success webhook completes it: held → bank payouts + fee, once.
    await standin.settleTransfer(transferRef(reference), "success");
    expect(await rowOf(id)).toMatchObject({ status: "completed", transferCode: w.transferCode });
    const paid = await progressOf(reference);
    expect(paid.status).toBe("paid");
    expect(paid.text).toContain(`Transfer ${w.transferCode} paid.`);
  });

  it("10 presses at once: one queued, the others refused, one transfer at Paystack, one Sent", async () => {
    const { id, reference } = await processingWithdrawal();
    const before = standin.counts.transfersCreated;
    const answers = await Promise.all(Array.from({ length: 10 }, () => postPay(admin.client, [id])));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    const queued = answers.filter((a) => a.toast?.title === "Payment Queued");
    expect(queued).toHaveLength(1);
    expect(queued[0]!.toast?.type).toBe("success");
    // Each other press found the job open ("already queued") or, once it was sent, the withdrawal Sent.
    const refusals = answers.filter((a) => a !== queued[0]);
    for (const refused of refusals) {
      expect(refused.toast).toMatchObject({ type: "error", title: "Transfer Not Sent" });
      expect([
        `${reference}: ${QUEUE_REFUSALS["already-queued"]}`,
        `${reference}: ${QUEUE_REFUSALS["not-processing"]} This one is Sent.`,
      ]).toContain(refused.toast?.description);
    }
    await waitForPayouts(db());
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(atStandin(reference)).toHaveLength(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await onlyPayoutJobOf(db(), id)).toMatchObject({ state: "done", outcome: "sent" });
    expect(await onlyAuditRow(db(), id, "withdrawal.transfer")).toMatchObject({ actorId: admin.user.id });
    expect((await rowOf(id)).status).toBe("sent");
    expect((await progressOf(reference)).status).toBe("sent");
  });

  it("two admins pressing Pay at once, each with a fresh second factor: one transfer at Paystack", async () => {
    const other = await signInAdmin(app, ["manage_withdrawals"]);
    const { id, reference } = await processingWithdrawal();
    const before = standin.counts.transfersCreated;
    const answers = await Promise.all([postPay(admin.client, [id]), postPay(other.client, [id])]);
    // Both were past the factor's re-check (signed in a moment ago): neither was sent to /login/confirm.
    expect(answers.map((a) => a.location)).not.toContain("/login/confirm");
    expect(answers.filter((a) => a.toast?.title === "Payment Queued")).toHaveLength(1);
    await waitForPayouts(db());
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(atStandin(reference)).toHaveLength(1);
    expect((await rowOf(id)).status).toBe("sent");
  });

  it("while it is being sent: the row says so and has no Pay button, the panel shows Sending, another press is refused", async () => {
    const { id, reference } = await processingWithdrawal();
    // Paystack is slow to answer POST /transfer: the job stays "sending" meanwhile.
    standin.setTransferDelay(3_000);
    try {
      const before = standin.counts.transfersCreated;
      expect((await postPay(admin.client, [id])).toast?.title).toBe("Payment Queued");
      await waitForPayoutJobState(db(), id, "sending");
      const html = (await admin.client.get("/admin/withdrawals?status=processing")).body;
      const text = pageText(html);
      expect(text).toContain("Being sent to Paystack");
      expect(html).not.toContain(`aria-label="Pay via Paystack withdrawal ${reference}`);
      expect(html).not.toMatch(new RegExp(`<input[^>]*value="${id}"[^>]*form="pay-selected"`));
      expect(text).toContain("Sending: each withdrawal is sent to Paystack in turn.");
      expect(payoutProgressInHtml(html, reference)?.status).toBe("sending");
      // Without JavaScript the page does not refresh itself: the panel links to itself.
      expect(html).toMatch(/<a[^>]*href="\/admin\/withdrawals\?status=processing"[^>]*>Refresh<\/a>/);

      const again = await postPay(admin.client, [id]);
      expect(again.toast).toEqual({
        type: "error",
        title: "Transfer Not Sent",
        description: `${reference}: ${QUEUE_REFUSALS["already-queued"]}`,
      });
      await waitForPayouts(db());
      expect(standin.counts.transfersCreated - before).toBe(1);
      expect(await payoutJobsOf(db(), id)).toMatchObject([{ state: "done", outcome: "sent" }]);
      expect((await rowOf(id)).status).toBe("sent");
    } finally {
      standin.setTransferDelay(0);
    }
  });

  it("a transfer whose answer is lost after Paystack created it is checked by its reference, never sent again", async () => {
    const { id, reference } = await processingWithdrawal();
    const created = standin.counts.transfersCreated;
    const posts = standin.counts.transferPosts;
    standin.failNext("transfer", "drop-after-create");
    const first = await postPay(admin.client, [id]);
    expect(first.toast).toMatchObject({ type: "success", title: "Payment Queued" });
    // The send ends with no answer: the job stays open, waiting to check that transfer.
    const waiting = await until("the send to end with no answer", async () => {
      const [job] = await payoutJobsOf(db(), id);
      return job?.outcome ? job : undefined;
    });
    expect(waiting).toMatchObject({
      state: "sending",
      outcome: "unknown",
      message: PAY_REFUSALS.unknown,
      takenCount: 1,
    });
    expect((await rowOf(id)).status).toBe("processing");
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: "unknown" }]);
    // The panel says the outcome is unknown and being checked, not that it failed.
    const checking = await progressOf(reference);
    expect(checking.status).toBe("checking");
    expect(checking.text).toContain("Outcome unknown, checking with Paystack");
    // So does the withdrawal's own row, which offers no Pay button meanwhile.
    const list = await admin.client.get(`/admin/withdrawals?q=${reference}`);
    const row = list.body.slice(list.body.indexOf(`data-testid="withdrawal-row-${reference}"`));
    expect(pageText(row.slice(0, row.indexOf("</tr>")))).toContain("Outcome unknown, checking with Paystack");
    expect(list.body).not.toContain(`aria-label="Pay via Paystack withdrawal ${reference}`);
    // Mark as Completed waits for Paystack's answer too, and so does another press.
    const complete = await admin.client.post("/admin/withdrawals", { intent: "complete", withdrawalId: id });
    expect(complete.status).toBe(409);
    expect((await postPay(admin.client, [id])).toast).toEqual({
      type: "error",
      title: "Transfer Not Sent",
      description: `${reference}: ${QUEUE_REFUSALS["already-queued"]}`,
    });
    expect(standin.counts.transferPosts - posts).toBe(1);

    // Its wait over (30 s in the app; ended here rather than waited out), the job is taken again:
    // it asks Paystack about the first transfer by its reference, finds it, and posts nothing.
    const verifies = standin.counts.verifyTransfer;
    await endPayoutWait(db(), id);
    app.services.kickPayouts();
    await waitForPayouts(db());
    expect(standin.counts.verifyTransfer).toBeGreaterThan(verifies);
    expect(standin.counts.transferPosts - posts).toBe(1);
    expect(standin.counts.transfersCreated - created).toBe(1);
    expect(atStandin(reference)).toHaveLength(1);
    expect(await attemptsOf(id)).toMatchObject([{ attempt: 1, status: "pending" }]);
    expect(await payoutJobsOf(db(), id)).toMatchObject([
      { state: "done", outcome: "sent", message: null, takenCount: 2, transferId: waiting.transferId },
    ]);
    expect((await rowOf(id)).status).toBe("sent");
    expect((await progressOf(reference)).status).toBe("sent");
    // Pressed again now, it is refused: it is Sent.
    expect((await postPay(admin.client, [id])).toast?.description).toBe(
      `${reference}: ${QUEUE_REFUSALS["not-processing"]} This one is Sent.`,
    );
    await standin.settleTransfer(transferRef(reference), "success");
    expect((await rowOf(id)).status).toBe("completed");
    expect(standin.counts.transferPosts - posts).toBe(1);
  });

  it("transfer.failed puts it back to processing with the reason; a retry pays it once", async () => {
    const { member, id, reference } = await processingWithdrawal();
    expect((await postPay(admin.client, [id])).toast?.title).toBe("Payment Queued");
    await waitForPayouts(db());
    expect((await rowOf(id)).status).toBe("sent");
    await standin.settleTransfer(transferRef(reference), "failed", { reason: "Account is dormant" });
    expect(await rowOf(id)).toMatchObject({ status: "processing", transferFailureReason: "Account is dormant" });
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    const page = pageText((await admin.client.get("/admin/withdrawals?status=processing")).body);
    expect(page).toContain("Last transfer not paid: Account is dormant");
    const notPaid = await progressOf(reference);
    expect(notPaid.status).toBe("not-paid");
    expect(notPaid.text).toContain("Account is dormant");

    const created = standin.counts.transfersCreated;
    expect((await postPay(admin.client, [id])).toast?.title).toBe("Payment Queued");
    await waitForPayouts(db());
    expect(standin.counts.transfersCreated - created).toBe(1);
    expect(await attemptsOf(id)).toMatchObject([
      { attempt: 1, status: "failed" },
      { attempt: 2, status: "pending" },
    ]);
    expect(await payoutJobsOf(db(), id)).toMatchObject([{ outcome: "sent" }, { outcome: "sent" }]);
    expect((await progressOf(reference)).status).toBe("sent");
    await standin.settleTransfer(transferRef(reference, 2), "success");
    // The first attempt's failed event again, late: nothing moves.
    await standin.settleTransfer(transferRef(reference), "failed", { reason: "Account is dormant" });
    expect((await rowOf(id)).status).toBe("completed");
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 0n });
    expect(atStandin(reference).map((t) => t.status)).toEqual(["failed", "success"]);
  });

  it("transfer.reversed after success: back to processing with the money held once; duplicates and late events change nothing", async () => {
    const { member, id, reference } = await processingWithdrawal();
    const payouts = await platformBalance(db(), "bank_payouts");
    expect((await postPay(admin.client, [id])).toast?.title).toBe("Payment Queued");
    await waitForPayouts(db());
    await standin.settleTransfer(transferRef(reference), "success");
    expect(await platformBalance(db(), "bank_payouts")).toBe(payouts + 1_960n);

    const from = standin.deliveries.length;
    await standin.settleTransfer(transferRef(reference), "reversed");
    const reversedDelivery = standin.deliveries.length - 1;
    await standin.redeliver(reversedDelivery);
    await standin.redeliver(reversedDelivery);
    // The earlier success delivered again after the reversal: out of order, ignored.
    const successDelivery = standin.deliveries.findIndex(
      (d, i) => i < from && d.event === "transfer.success" && d.reference === transferRef(reference),
    );
    await standin.redeliver(successDelivery);
    expect(standin.deliveries.slice(from).every((d) => d.status === 200)).toBe(true);

    expect(await rowOf(id)).toMatchObject({ status: "processing", transferCode: null, processedAt: null });
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    expect(await platformBalance(db(), "bank_payouts")).toBe(payouts);
    expect((await progressOf(reference)).status).toBe("not-paid");

    // The admin may reject it now: the whole amount goes back to the member.
    const rejected = await admin.client.post("/admin/withdrawals", { intent: "reject", withdrawalId: id });
    expect(rejected.status).toBe(200);
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });

  it("queues the ticked withdrawals in one go, pays each once, and says which were not queued", async () => {
    const ws = [await processingWithdrawal(), await processingWithdrawal(3_000n), await processingWithdrawal(4_000n)];
    const pending = await payee(db(), { balanceKobo: 5_000n });
    const p = await requestWithdrawal(db(), { userId: pending.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (p.status !== "ok") throw new Error(p.status);
    const before = standin.counts.transfersCreated;
    const res = await postPay(admin.client, [...ws.map((w) => w.id), p.withdrawal.id]);
    expect(res.toast).toMatchObject({ type: "info", title: "Payments Queued" });
    expect(res.toast?.description).toBe(
      "3 withdrawals are queued to be paid through Paystack, one transfer each. Their progress shows above the list." +
        ` Not queued: ${p.withdrawal.reference}: ${QUEUE_REFUSALS["not-processing"]} This one is Pending.`,
    );
    const jobs = await waitForPayouts(db());
    const batch = jobs.filter((j) => ws.some((w) => w.id === j.withdrawalId));
    expect(batch).toHaveLength(3);
    expect(new Set(batch.map((j) => j.batchId)).size).toBe(1);
    expect(batch.every((j) => j.state === "done" && j.outcome === "sent")).toBe(true);
    expect(await payoutJobsOf(db(), p.withdrawal.id)).toEqual([]);
    expect(standin.counts.transfersCreated - before).toBe(3);
    for (const w of ws) expect(atStandin(w.reference)).toHaveLength(1);
    for (const w of ws) expect((await rowOf(w.id)).status).toBe("sent");
    expect((await rowOf(p.withdrawal.id)).status).toBe("pending");
    // Audited per withdrawal queued, none for the refused one.
    for (const w of ws) {
      expect(await onlyAuditRow(db(), w.id, "withdrawal.transfer")).toMatchObject({
        actorId: admin.user.id,
        after: expect.objectContaining({ reference: w.reference, withdrawalsSelected: 4 }),
      });
    }
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.targetId, p.withdrawal.id))).map((a) => a.action),
    ).not.toContain("withdrawal.transfer");

    const html = (await admin.client.get("/admin/withdrawals")).body;
    expect(pageText(html)).toContain(`3 withdrawals queued by ${admin.user.name} at`);
    for (const w of ws) expect(payoutProgressInHtml(html, w.reference)?.status).toBe("sent");
    expect(payoutProgressInHtml(html, p.withdrawal.reference)).toBeNull();

    for (const w of ws) await standin.settleTransfer(transferRef(w.reference), "success");
    for (const w of ws) expect((await rowOf(w.id)).status).toBe("completed");
    expect(pageText((await admin.client.get("/admin/withdrawals")).body)).toMatch(
      new RegExp(`3 withdrawals queued by ${admin.user.name} at .{1,40}?: 3 paid`),
    );
  });

  it("refuses a withdrawal in a payout file, and an admin without manage_withdrawals", async () => {
    const { id, reference } = await processingWithdrawal();
    const exported = await admin.client.post("/admin/withdrawals/export.csv", {});
    expect(exported.status).toBe(200);
    const res = await postPay(admin.client, [id]);
    expect(res.toast).toMatchObject({ type: "error", title: "Transfer Not Sent" });
    expect(res.toast?.description).toBe(`${reference}: ${QUEUE_REFUSALS["in-payout-file"]}`);
    expect(res.toast?.description).toContain("is in a payout file");
    expect(await payoutJobsOf(db(), id)).toEqual([]);
    expect(await attemptsOf(id)).toEqual([]);
    expect((await rowOf(id)).status).toBe("processing");
    await admin.client.post("/admin/withdrawals", { intent: "complete", withdrawalId: id });

    const other = await processingWithdrawal();
    const clerk = await signInAdmin(app, ["manage_users"]);
    expect((await postPay(clerk.client, [other.id])).status).toBe(403);
    expect(await payoutJobsOf(db(), other.id)).toEqual([]);
    expect((await rowOf(other.id)).status).toBe("processing");
    expect((await admin.client.get("/admin/withdrawals/pay")).status).toBe(405);
  });
});

/** The automatic payout settings form: ₦50.00 a withdrawal, no daily total, 24 hours, 3 days. */
const AUTO_PAYOUT_FORM = {
  autoPayoutMax: "50",
  autoPayoutDailyMax: "",
  bankChangeHoldHours: "24",
  minAccountAgeDays: "3",
};

describe("automatic payouts", () => {
  it("an admin with manage_settings sets the amount (audited); a qualifying request is queued at once and sent", async () => {
    const settingsAdmin = await signInAdmin(app, ["manage_settings"]);
    const page = await settingsAdmin.client.get("/admin/settings");
    expect(pageText(page.body)).toContain("Pay withdrawals automatically up to");
    const refused = await settingsAdmin.client.post("/admin/settings/auto-payout", {
      ...AUTO_PAYOUT_FORM,
      autoPayoutMax: "0",
    });
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain("Enter an amount above ₦0.00, or leave it empty to turn it off.");
    const saved = await settingsAdmin.client.post("/admin/settings/auto-payout", AUTO_PAYOUT_FORM);
    expect(saved.status).toBe(302);
    expect(redirectToast(saved)?.description).toContain("Withdrawals up to ₦50.00");
    expect(await db().select().from(auditLog).where(eq(auditLog.actorId, settingsAdmin.user.id))).toContainEqual(
      expect.objectContaining({
        action: "settings.update",
        after: {
          autoPayoutMax: "₦50.00",
          autoPayoutDailyMax: null,
          bankChangeHoldHours: 24,
          autoPayoutMinAccountAgeDays: 3,
        },
      }),
    );
    expect(
      (await admin.client.post("/admin/settings/auto-payout", { ...AUTO_PAYOUT_FORM, autoPayoutMax: "" })).status,
    ).toBe(403);

    // A member whose account name Paystack resolved asks for ₦20.00: queued at once, then sent by transfer.
    const { client, user } = await signInMember(app, { isApproved: true });
    await db()
      .insert(bankAccounts)
      .values({ userId: user.id, ...TEST_BANK_ACCOUNT, nameResolvedAt: new Date() });
    // Of a week, with week-old bank details in their own name: nothing else holds it.
    await readyForAutoPayout(db(), user.id);
    await creditUser(db(), user.id, 10_000n);
    const html = (await client.get("/profile")).body;
    const key = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(html)?.[1];
    const before = standin.counts.transfersCreated;
    const res = await client.post("/profile/withdraw", { amount: "20", idempotencyKey: key! });
    expect(res.status).toBe(302);
    expect(redirectToast(res)?.description).toMatch(/ It will be sent to your bank account by transfer shortly\.$/);
    const [w] = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    // Moved to processing and queued in the request's own transaction: no admin queued it.
    expect(w!.status).not.toBe("pending");
    const [job] = await payoutJobsOf(db(), w!.id);
    expect(job).toMatchObject({ queuedById: null });
    await waitForPayouts(db());
    expect(await rowOf(w!.id)).toMatchObject({ status: "sent", transferCode: expect.stringMatching(/^TRF_/) });
    expect(await onlyPayoutJobOf(db(), w!.id)).toMatchObject({ state: "done", outcome: "sent", queuedById: null });
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(atStandin(w!.reference)).toMatchObject([{ amount: 1_960 }]);
    // Above the amount: waits for an admin, nothing queued.
    const key2 = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec((await client.get("/profile")).body)?.[1];
    const big = await client.post("/profile/withdraw", { amount: "60", idempotencyKey: key2! });
    expect(redirectToast(big)?.description).not.toContain("sent to your bank");
    const bigOne = (await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id))).find(
      (x) => x.id !== w!.id,
    )!;
    expect(bigOne.status).toBe("pending");
    expect(await payoutJobsOf(db(), bigOne.id)).toEqual([]);
    await standin.settleTransfer(transferRef(w!.reference), "success");
    expect((await rowOf(w!.id)).status).toBe("completed");

    await settingsAdmin.client.post("/admin/settings/auto-payout", { ...AUTO_PAYOUT_FORM, autoPayoutMax: "" });
    expect((await db().select().from(appSettings))[0]!.autoPayoutMaxKobo).toBeNull();
  });
});

describe("without Paystack", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain?.close());

  it("shows no Pay via Paystack nor the progress panel, and refuses the POST", async () => {
    const member = await payee(plain.services.db, { balanceKobo: 10_000n });
    const r = await requestWithdrawal(plain.services.db, {
      userId: member.id,
      amountKobo: 2_000n,
      idempotencyKey: formKey(),
    });
    if (r.status !== "ok") throw new Error(r.status);
    await startProcessing(plain.services.db, await withdrawalAdmin(plain.services.db), r.withdrawal.id);
    const { client } = await signInAdmin(plain, ["manage_withdrawals"]);
    const page = await client.get("/admin/withdrawals");
    expect(page.body).not.toContain("Pay via Paystack");
    expect(page.body).not.toContain("Pay selected via Paystack");
    expect(page.body).not.toContain("Payouts via Paystack");
    const res = await client.post("/admin/withdrawals/pay", { withdrawalId: r.withdrawal.id });
    expect(res.status).toBe(404);
    const [w] = await plain.services.db.select().from(withdrawals).where(eq(withdrawals.id, r.withdrawal.id));
    expect(w!.status).toBe("processing");
    expect(await plain.services.db.select().from(payoutJobs)).toEqual([]);
  });
});
