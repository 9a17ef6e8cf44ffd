import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, bankAccounts, providerTransfers, withdrawals } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { pageText, redirectToast, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { TEST_BANK_ACCOUNT } from "~test/bank-accounts";
import { creditUser, formKey, payee, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { signInAdmin, signInMember } from "~test/sign-in";

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
let admin: { client: HttpClient; user: { id: string } };
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  standin.setAccount(TEST_BANK_ACCOUNT.bankCode, TEST_BANK_ACCOUNT.accountNumber, "ADAEZE OKAFOR");
  admin = await signInAdmin(app, ["manage_withdrawals"]);
});
afterAll(async () => close?.());
afterEach(async () => expectBooksBalanced(app.services.db));

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
  return { status: res.status, location: res.headers.get("Location"), toast: redirectToast(res) };
}

describe("paying withdrawals through Paystack from Withdrawal Requests", () => {
  it("offers Pay via Paystack and a checkbox on a processing withdrawal; the page shows Sent with the transfer code", async () => {
    const { id, reference } = await processingWithdrawal();
    const page = await admin.client.get(`/admin/withdrawals?q=`);
    expect(page.body).toContain(`aria-label="Pay via Paystack withdrawal ${reference}`);
    const box = new RegExp(`<input[^>]*type="checkbox"[^>]*>`).exec(
      page.body.slice(page.body.indexOf(`value="${id}"`) - 200),
    )?.[0];
    expect(box).toContain(`value="${id}"`);
    expect(box).toContain(`form="pay-selected"`);
    expect(pageText(page.body)).toContain("Pay selected via Paystack");

    const res = await postPay(admin.client, [id]);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/withdrawals?status=processing");
    const w = await rowOf(id);
    expect(w.status).toBe("sent");
    expect(res.toast).toMatchObject({ type: "success", title: "Transfer Sent" });
    expect(res.toast?.description).toContain(`${reference} (${w.transferCode})`);
    const after = pageText((await admin.client.get("/admin/withdrawals?status=sent")).body);
    expect(after).toContain(`Transfer ${w.transferCode}`);
    expect(after).toContain("Waiting for Paystack to confirm");
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, id))).toContainEqual(
      expect.objectContaining({ action: "withdrawal.transfer" }),
    );

    // Paystack's transfer.success webhook completes it: held → bank payouts + fee, once.
    await standin.settleTransfer(transferRef(reference), "success");
    expect(await rowOf(id)).toMatchObject({ status: "completed", transferCode: w.transferCode });
  });

  it("10 presses at once: one transfer at Paystack, one Sent", async () => {
    const { id, reference } = await processingWithdrawal();
    const before = standin.counts.transfersCreated;
    const answers = await Promise.all(Array.from({ length: 10 }, () => postPay(admin.client, [id])));
    expect(answers.every((a) => a.status === 302)).toBe(true);
    expect(answers.filter((a) => a.toast?.title === "Transfer Sent")).toHaveLength(1);
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(standin.transfers().filter((t) => t.reference === transferRef(reference))).toHaveLength(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect((await rowOf(id)).status).toBe("sent");
  });

  it("a transfer whose answer is lost after Paystack created it is verified on the retry, not sent again", async () => {
    const { id, reference } = await processingWithdrawal();
    const before = standin.counts.transfersCreated;
    standin.failNext("transfer", "drop-after-create");
    const first = await postPay(admin.client, [id]);
    expect(first.toast).toMatchObject({ type: "error", title: "Transfer Not Sent" });
    expect(first.toast?.description).toContain("Paystack did not answer in time");
    expect((await rowOf(id)).status).toBe("processing");
    // Mark as Completed waits for Paystack's answer too.
    const complete = await admin.client.post("/admin/withdrawals", { intent: "complete", withdrawalId: id });
    expect(complete.status).toBe(409);

    const retry = await postPay(admin.client, [id]);
    expect(retry.toast).toMatchObject({ type: "success", title: "Transfer Sent" });
    expect(standin.counts.transfersCreated - before).toBe(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect((await rowOf(id)).status).toBe("sent");
    await standin.settleTransfer(transferRef(reference), "success");
    expect((await rowOf(id)).status).toBe("completed");
  });

  it("transfer.failed puts it back to processing with the reason; a retry pays it once", async () => {
    const { member, id, reference } = await processingWithdrawal();
    await postPay(admin.client, [id]);
    await standin.settleTransfer(transferRef(reference), "failed", { reason: "Account is dormant" });
    expect(await rowOf(id)).toMatchObject({ status: "processing", transferFailureReason: "Account is dormant" });
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    const page = pageText((await admin.client.get("/admin/withdrawals?status=processing")).body);
    expect(page).toContain("Last transfer not paid: Account is dormant");

    expect((await postPay(admin.client, [id])).toast?.title).toBe("Transfer Sent");
    await standin.settleTransfer(transferRef(reference, 2), "success");
    // The first attempt's failed event again, late: nothing moves.
    await standin.settleTransfer(transferRef(reference), "failed", { reason: "Account is dormant" });
    expect((await rowOf(id)).status).toBe("completed");
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 0n });
  });

  it("transfer.reversed after success: back to processing with the money held once; duplicates and late events change nothing", async () => {
    const { member, id, reference } = await processingWithdrawal();
    const payouts = await platformBalance(db(), "bank_payouts");
    await postPay(admin.client, [id]);
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

    // The admin may reject it now: the whole amount goes back to the member.
    const rejected = await admin.client.post("/admin/withdrawals", { intent: "reject", withdrawalId: id });
    expect(rejected.status).toBe(200);
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 10_000n, heldKobo: 0n });
  });

  it("pays the ticked withdrawals in one go, each once, and says which were not paid", async () => {
    const ws = [await processingWithdrawal(), await processingWithdrawal(3_000n), await processingWithdrawal(4_000n)];
    const pending = await payee(db(), { balanceKobo: 5_000n });
    const p = await requestWithdrawal(db(), { userId: pending.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (p.status !== "ok") throw new Error(p.status);
    const before = standin.counts.transfersCreated;
    const res = await postPay(admin.client, [...ws.map((w) => w.id), p.withdrawal.id]);
    expect(res.toast).toMatchObject({ type: "info", title: "Transfers Sent" });
    expect(res.toast?.description).toContain("3 transfers sent through Paystack");
    expect(res.toast?.description).toContain("This one is Pending");
    expect(standin.counts.transfersCreated - before).toBe(3);
    for (const w of ws) expect((await rowOf(w.id)).status).toBe("sent");
    for (const w of ws) await standin.settleTransfer(transferRef(w.reference), "success");
    for (const w of ws) expect((await rowOf(w.id)).status).toBe("completed");
  });

  it("refuses a withdrawal in a payout file, and an admin without manage_withdrawals", async () => {
    const { id } = await processingWithdrawal();
    const exported = await admin.client.post("/admin/withdrawals/export.csv", {});
    expect(exported.status).toBe(200);
    const res = await postPay(admin.client, [id]);
    expect(res.toast).toMatchObject({ type: "error", title: "Transfer Not Sent" });
    expect(res.toast?.description).toContain("is in a payout file");
    expect((await rowOf(id)).status).toBe("processing");
    await admin.client.post("/admin/withdrawals", { intent: "complete", withdrawalId: id });

    const clerk = await signInAdmin(app, ["manage_users"]);
    expect((await postPay(clerk.client, [id])).status).toBe(403);
    expect((await admin.client.get("/admin/withdrawals/pay")).status).toBe(405);
  });
});

describe("automatic payouts", () => {
  it("an admin with manage_settings sets the amount (audited); a qualifying request is sent at once", async () => {
    const settingsAdmin = await signInAdmin(app, ["manage_settings"]);
    const page = await settingsAdmin.client.get("/admin/settings");
    expect(pageText(page.body)).toContain("Pay withdrawals automatically up to");
    const refused = await settingsAdmin.client.post("/admin/settings/auto-payout", { autoPayoutMax: "0" });
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain("Enter an amount above ₦0.00, or leave it empty to turn it off.");
    const saved = await settingsAdmin.client.post("/admin/settings/auto-payout", { autoPayoutMax: "50" });
    expect(saved.status).toBe(302);
    expect(redirectToast(saved)?.description).toContain("Withdrawals up to ₦50.00");
    expect(await db().select().from(auditLog).where(eq(auditLog.actorId, settingsAdmin.user.id))).toContainEqual(
      expect.objectContaining({ action: "settings.update", after: { autoPayoutMax: "₦50.00" } }),
    );
    expect((await admin.client.post("/admin/settings/auto-payout", { autoPayoutMax: "" })).status).toBe(403);

    // A member whose account name Paystack resolved asks for ₦20.00: sent by transfer at once.
    const { client, user } = await signInMember(app, { isApproved: true });
    await db()
      .insert(bankAccounts)
      .values({ userId: user.id, ...TEST_BANK_ACCOUNT, nameResolvedAt: new Date() });
    await creditUser(db(), user.id, 10_000n);
    const html = (await client.get("/profile")).body;
    const key = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(html)?.[1];
    const res = await client.post("/profile/withdraw", { amount: "20", idempotencyKey: key! });
    expect(res.status).toBe(302);
    expect(redirectToast(res)?.description).toContain("It has been sent to your bank account by transfer.");
    const [w] = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(w).toMatchObject({ status: "sent", transferCode: expect.stringMatching(/^TRF_/) });
    // Above the amount: waits for an admin.
    const key2 = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec((await client.get("/profile")).body)?.[1];
    const big = await client.post("/profile/withdraw", { amount: "60", idempotencyKey: key2! });
    expect(redirectToast(big)?.description).not.toContain("sent to your bank");
    await standin.settleTransfer(transferRef(w!.reference), "success");
    expect((await rowOf(w!.id)).status).toBe("completed");

    await settingsAdmin.client.post("/admin/settings/auto-payout", { autoPayoutMax: "" });
    expect((await db().select().from(appSettings))[0]!.autoPayoutMaxKobo).toBeNull();
  });
});

describe("without Paystack", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain?.close());

  it("shows no Pay via Paystack and refuses the POST", async () => {
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
    const res = await client.post("/admin/withdrawals/pay", { withdrawalId: r.withdrawal.id });
    expect(res.status).toBe(404);
    const [w] = await plain.services.db.select().from(withdrawals).where(eq(withdrawals.id, r.withdrawal.id));
    expect(w!.status).toBe("processing");
  });
});
