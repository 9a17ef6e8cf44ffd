import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { lagosDay } from "~/lib/lagos-time";
import { emailsTo } from "~/domain/mail/outbox.server";
import type { Kobo } from "~/domain/shared/money";
import { exportNewPayouts } from "~/domain/withdrawals/payout-export.server";
import { completeWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createUser, formKey, payee } from "~test/factories";
import { expectBooksBalanced, ledgerRowCounts } from "~test/ledger";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";

let app: TestApp;
const ROOT = { email: "root@withdrawals.test", password: "withdrawals-super-admin-password" };
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

const db = () => app.services.db;
const DENIED = "Access Denied. You do not have permission to manage withdrawals.";

/** A member with bank details and a balance, and a pending withdrawal requested the real way. */
async function pendingWithdrawal(
  options: { name?: string; amountKobo?: Kobo; balanceKobo?: Kobo; bank?: Parameters<typeof payee>[1]["bank"] } = {},
) {
  const amountKobo = options.amountKobo ?? 2_000n;
  const member = await payee(db(), {
    name: options.name,
    balanceKobo: options.balanceKobo ?? amountKobo,
    bank: options.bank,
  });
  const result = await requestWithdrawal(db(), { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (result.status !== "ok") throw new Error(`requestWithdrawal: ${result.status}`);
  return { member, withdrawal: result.withdrawal };
}

const statusOf = async (id: string) => {
  const [row] = await db()
    .select({ status: withdrawals.status, processedAt: withdrawals.processedAt })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row!;
};

const balanceOf = async (userId: string, kind: "user_available" | "user_held") =>
  (await balances(db(), userId))[kind === "user_available" ? "availableKobo" : "heldKobo"];

/** The HTML of one withdrawal's table row. */
const rowHtml = (html: string, reference: string) => {
  const match = new RegExp(`<tr[^>]*data-testid="withdrawal-row-${reference}"[\\s\\S]*?</tr>`).exec(html);
  if (!match) throw new Error(`no row for ${reference}`);
  return match[0];
};

const tableRows = (html: string) => html.match(/data-testid="withdrawal-row-/g)?.length ?? 0;

describe("Withdrawal Requests page", () => {
  it("lists withdrawals with every column, fee, net and reference included", async () => {
    const { client } = await signInAdmin(app);
    const { withdrawal } = await pendingWithdrawal({
      name: "Obiageli Columns",
      amountKobo: 2_000n,
      bank: { accountHolderName: "Obiageli N. Eze", accountNumber: "0123456789" },
    });
    const res = await client.get("/admin/withdrawals?q=obiageli%20columns");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Withdrawal Requests");
    const headers = [...res.body.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual([
      "User",
      "Reference",
      "Amount",
      "Fee",
      "Net",
      "Bank Details",
      "Requested",
      "Status",
      "Actions",
    ]);
    expect(res.body).toMatch(/<caption[^>]*>Withdrawal requests matching/);
    const row = pageText(rowHtml(res.body, withdrawal.reference));
    expect(row).toContain("Obiageli Columns");
    expect(row).toContain(withdrawal.reference);
    // Default settings: 2% fee. ₦20.00 → fee ₦0.40, the bank receives ₦19.60.
    expect(row).toContain("₦20.00");
    expect(row).toContain("₦0.40");
    expect(row).toContain("₦19.60");
    expect(row).toContain("Guaranty Trust Bank");
    expect(row).toContain("0123456789");
    expect(row).toContain("Obiageli N. Eze");
    expect(row).toContain("Pending");
    expect(row).toContain("Start Processing");
    expect(row).toContain("Reject");
    expect(row).not.toContain("Mark as Completed");
    // Pending is yellow; the action buttons name the withdrawal for screen readers.
    expect(rowHtml(res.body, withdrawal.reference)).toContain('data-tone="yellow"');
    expect(res.body).toContain(
      `aria-label="Start Processing withdrawal ${withdrawal.reference} of ₦20.00 for Obiageli Columns"`,
    );
    expect(res.body).toContain(`aria-label="Reject withdrawal ${withdrawal.reference} of ₦20.00 for Obiageli Columns"`);
    // The phone layout carries the same withdrawal as a card.
    expect(res.body).toContain(`data-testid="withdrawal-card-${withdrawal.reference}"`);
  });

  it("searches by member name, filters by status with counts, and says when nothing is found", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const a = await pendingWithdrawal({ name: "Tobenna Filterson" });
    const b = await pendingWithdrawal({ name: "Tobenna Filterson" });
    const c = await pendingWithdrawal({ name: "Ifeoma Elsewhere" });
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    expect((await startProcessing(db(), actor, b.withdrawal.id)).status).toBe("ok");

    const all = await client.get("/admin/withdrawals?q=tobenna+filterson");
    const text = pageText(all.body);
    expect(text).toContain("All (2)");
    expect(text).toContain("Pending (1)");
    expect(text).toContain("Processing (1)");
    expect(text).toContain("Completed (0)");
    expect(text).toContain("Rejected (0)");
    expect(tableRows(all.body)).toBe(2);
    expect(text).not.toContain("Ifeoma Elsewhere");
    expect(all.body).not.toContain(c.withdrawal.reference);

    const processing = await client.get("/admin/withdrawals?q=tobenna+filterson&status=processing");
    expect(tableRows(processing.body)).toBe(1);
    expect(processing.body).toContain(b.withdrawal.reference);
    expect(processing.body).not.toContain(a.withdrawal.reference);
    expect(pageText(rowHtml(processing.body, b.withdrawal.reference))).toContain("Mark as Completed");
    expect(rowHtml(processing.body, b.withdrawal.reference)).toContain('data-tone="blue"');
    // The search box keeps the filter (hidden field), and the filter links keep the search.
    expect(processing.body).toMatch(/<input type="hidden" name="status" value="processing"\/>/);
    expect(processing.body).toContain('href="/admin/withdrawals?q=tobenna+filterson&amp;status=pending"');

    const byReference = await client.get(`/admin/withdrawals?q=${a.withdrawal.reference}`);
    expect(tableRows(byReference.body)).toBe(1);

    const none = await client.get("/admin/withdrawals?q=nobody-by-this-name");
    expect(none.status).toBe(200);
    expect(pageText(none.body)).toContain("No withdrawal requests found.");
    expect(tableRows(none.body)).toBe(0);

    const empty = await client.get("/admin/withdrawals?q=tobenna+filterson&status=rejected");
    expect(pageText(empty.body)).toContain("No withdrawal requests found.");

    // Nonsense in the query string is ignored, never an error.
    const junk = await client.get("/admin/withdrawals?status=paid&page=-4&q=" + "x".repeat(500));
    expect(junk.status).toBe(200);
  });

  it("pages through 25 at a time, newest first", async () => {
    const { client } = await signInAdmin(app);
    const member = await payee(db(), { name: "Chukwudi Pagination", balanceKobo: 100_000n });
    const references: string[] = [];
    for (let i = 0; i < 27; i++) {
      const result = await requestWithdrawal(db(), {
        userId: member.id,
        amountKobo: 1_000n,
        idempotencyKey: formKey(),
        now: new Date(Date.UTC(2025, 0, 1, 12, i)),
      });
      if (result.status !== "ok") throw new Error(result.status);
      references.push(result.withdrawal.reference);
    }
    const first = await client.get("/admin/withdrawals?q=chukwudi+pagination");
    expect(tableRows(first.body)).toBe(25);
    expect(pageText(first.body)).toContain("Page 1 of 2");
    expect(first.body).toContain(references[26]!); // newest first
    expect(first.body).not.toContain(references[0]!);
    expect(first.body).toContain('href="/admin/withdrawals?q=chukwudi+pagination&amp;page=2"');

    const second = await client.get("/admin/withdrawals?q=chukwudi+pagination&page=2");
    expect(tableRows(second.body)).toBe(2);
    expect(pageText(second.body)).toContain("Page 2 of 2");
    expect(second.body).toContain(references[0]!);
    expect(second.body).toContain(references[1]!);

    // Past the end: the last page.
    const beyond = await client.get("/admin/withdrawals?q=chukwudi+pagination&page=99");
    expect(pageText(beyond.body)).toContain("Page 2 of 2");
  });
});

describe("Withdrawal actions", () => {
  it("Start Processing then Mark as Completed: toasts name the new status; paid out, audited, member emailed", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const { member, withdrawal } = await pendingWithdrawal({ name: "Emeka Paid", amountKobo: 5_000n });

    const started = await client.post("/admin/withdrawals", {
      intent: "start-processing",
      withdrawalId: withdrawal.id,
    });
    expect(started.status).toBe(200);
    expect(started.body).toContain("Withdrawal Updated");
    expect(started.body).toContain(`Withdrawal ${withdrawal.reference} (₦50.00) is now Processing.`);
    expect(await statusOf(withdrawal.id)).toEqual({ status: "processing", processedAt: null });

    const page = await client.get(`/admin/withdrawals?q=${withdrawal.reference}`);
    const row = pageText(rowHtml(page.body, withdrawal.reference));
    expect(row).toContain("Processing");
    expect(row).toContain("Mark as Completed");
    expect(row).not.toContain("Start Processing");
    expect(row).not.toContain("Reject");

    const completed = await client.post("/admin/withdrawals", { intent: "complete", withdrawalId: withdrawal.id });
    expect(completed.status).toBe(200);
    expect(completed.body).toContain("Withdrawal Updated");
    expect(completed.body).toContain(`Withdrawal ${withdrawal.reference} (₦50.00) is now Completed.`);
    const after = await statusOf(withdrawal.id);
    expect(after.status).toBe("completed");
    expect(after.processedAt).toBeInstanceOf(Date);
    expect(await balanceOf(member.id, "user_held")).toBe(0n);
    expect(await balanceOf(member.id, "user_available")).toBe(0n);

    const done = await client.get(`/admin/withdrawals?q=${withdrawal.reference}`);
    const doneRow = rowHtml(done.body, withdrawal.reference);
    expect(pageText(doneRow)).toContain("Completed");
    expect(doneRow).toContain('data-tone="green"');
    expect(doneRow).not.toContain("aria-label=");
    for (const action of ["Start Processing", "Reject", "Mark as Completed"])
      expect(pageText(doneRow)).not.toContain(action);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, withdrawal.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["withdrawal.complete", "withdrawal.start_processing"]);
    expect(audit.every((a) => a.actorId === admin.id && a.ip === "127.0.0.1")).toBe(true);
    const subjects = (await emailsTo(db(), member.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your withdrawal ${withdrawal.reference} is being processed`);
    expect(subjects).toContain(`Your withdrawal ${withdrawal.reference} has been paid`);
    await expectBooksBalanced(db());
  });

  it("Reject returns the amount to the member's balance; a rejected withdrawal has no actions", async () => {
    const { client } = await signInAdmin(app);
    const { member, withdrawal } = await pendingWithdrawal({
      name: "Funmilayo Refund",
      amountKobo: 3_000n,
      balanceKobo: 4_500n,
    });
    expect(await balanceOf(member.id, "user_available")).toBe(1_500n);

    const res = await client.post("/admin/withdrawals", { intent: "reject", withdrawalId: withdrawal.id });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Withdrawal Updated");
    expect(res.body).toContain(`Withdrawal ${withdrawal.reference} (₦30.00) is now Rejected.`);
    expect((await statusOf(withdrawal.id)).status).toBe("rejected");
    expect(await balanceOf(member.id, "user_available")).toBe(4_500n);
    expect(await balanceOf(member.id, "user_held")).toBe(0n);

    const page = await client.get(`/admin/withdrawals?q=${withdrawal.reference}`);
    const row = rowHtml(page.body, withdrawal.reference);
    expect(pageText(row)).toContain("Rejected");
    expect(row).toContain('data-tone="red"');
    expect(row).not.toContain("aria-label=");
    for (const action of ["Start Processing", "Mark as Completed"]) expect(pageText(row)).not.toContain(action);
    expect((await emailsTo(db(), member.email)).map((m) => m.subject)).toContain(
      `Your withdrawal ${withdrawal.reference} was rejected`,
    );
    await expectBooksBalanced(db());
  });

  it("refuses a move someone else already made (409, current status named) and changes nothing", async () => {
    const { client } = await signInAdmin(app);
    const other = await signInAdmin(app);
    const { member, withdrawal } = await pendingWithdrawal({ name: "Kunle Race" });

    expect(
      (await other.client.post("/admin/withdrawals", { intent: "start-processing", withdrawalId: withdrawal.id }))
        .status,
    ).toBe(200);
    const before = await ledgerRowCounts(db());
    const auditBefore = await db().$count(auditLog, eq(auditLog.targetId, withdrawal.id));

    const reject = await client.post("/admin/withdrawals", { intent: "reject", withdrawalId: withdrawal.id });
    expect(reject.status).toBe(409);
    expect(reject.body).toContain("Update Failed");
    expect(reject.body).toContain(
      "This withdrawal is Processing (another admin may have just updated it), so it cannot be rejected.",
    );
    expect(reject.body).not.toContain("Withdrawal Updated");

    const startAgain = await client.post("/admin/withdrawals", {
      intent: "start-processing",
      withdrawalId: withdrawal.id,
    });
    expect(startAgain.status).toBe(409);
    expect(startAgain.body).toContain(
      "This withdrawal is Processing (another admin may have just updated it), so it cannot be moved to Processing.",
    );

    expect((await statusOf(withdrawal.id)).status).toBe("processing");
    expect(await balanceOf(member.id, "user_held")).toBe(2_000n);
    expect(await balanceOf(member.id, "user_available")).toBe(0n);
    expect(await ledgerRowCounts(db())).toEqual(before);
    expect(await db().$count(auditLog, eq(auditLog.targetId, withdrawal.id))).toBe(auditBefore);

    // Completing a pending withdrawal is refused the same way.
    const { withdrawal: pending } = await pendingWithdrawal({ name: "Kunle Early" });
    const early = await client.post("/admin/withdrawals", { intent: "complete", withdrawalId: pending.id });
    expect(early.status).toBe(409);
    expect(early.body).toContain(
      "This withdrawal is Pending (another admin may have just updated it), so it cannot be marked as completed.",
    );
    expect((await statusOf(pending.id)).status).toBe("pending");
  });

  it("answers an unknown withdrawal with 404 and a malformed action with 400", async () => {
    const { client } = await signInAdmin(app);
    const missing = await client.post("/admin/withdrawals", {
      intent: "reject",
      withdrawalId: "MadeUpWithdrawal_0001",
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("This withdrawal request no longer exists.");

    const { withdrawal } = await pendingWithdrawal();
    for (const form of <Record<string, string>[]>[
      { intent: "approve", withdrawalId: withdrawal.id },
      { intent: "reject" },
      { intent: "reject", withdrawalId: "" },
      { intent: "reject", withdrawalId: "x".repeat(65) },
    ]) {
      const res = await client.post("/admin/withdrawals", form);
      expect(res.status).toBe(400);
    }
    expect((await statusOf(withdrawal.id)).status).toBe("pending");
  });

  it("denies admins without manage_withdrawals, even with a crafted POST, and members", async () => {
    const { withdrawal } = await pendingWithdrawal({ name: "Yetunde Guarded" });
    const { client: weak } = await signInAdmin(app, [
      "manage_users",
      "manage_adverts",
      "manage_settings",
      "view_reports",
    ]);

    const page = await weak.get("/admin/withdrawals");
    expect(page.status).toBe(403);
    expect(pageText(page.body)).toContain(DENIED);
    expect(page.body).not.toContain(withdrawal.reference);

    for (const intent of ["start-processing", "reject", "complete"]) {
      const res = await weak.post("/admin/withdrawals", { intent, withdrawalId: withdrawal.id });
      expect(res.status).toBe(403);
      expect(pageText(res.body)).toContain(DENIED);
    }
    for (const form of <Record<string, string>[]>[{}, { batch: "PB23456789" }]) {
      const csv = await weak.post("/admin/withdrawals/export.csv", form);
      expect(csv.status).toBe(403);
      expect(csv.headers.get("Content-Disposition")).toBeNull();
    }
    expect((await weak.get("/admin/withdrawals/export.csv")).status).toBe(403);

    const member = await createUser(db(), { isApproved: true });
    const memberClient = app.client();
    await memberClient.login(member.email, member.password);
    const byMember = await memberClient.post("/admin/withdrawals", { intent: "reject", withdrawalId: withdrawal.id });
    expect(byMember.status).toBe(302);
    expect(byMember.location).toBe("/dashboard");

    const anonymous = await app.client().post("/admin/withdrawals", { intent: "reject", withdrawalId: withdrawal.id });
    expect(anonymous.location).toBe("/login");

    expect((await statusOf(withdrawal.id)).status).toBe("pending");
  });
});

describe("Payout CSV", () => {
  const EXPORT = "/admin/withdrawals/export.csv";
  const batchOf = (res: { headers: Headers }) => {
    const batch = /-(PB[A-Z0-9]{8})\.csv"$/.exec(res.headers.get("Content-Disposition") ?? "")?.[1];
    if (!batch) throw new Error(`no batch in ${res.headers.get("Content-Disposition")}`);
    return batch;
  };
  /** The payout download forms in some HTML: each a POST to the export, with the batch it asks for again (null: a new one). */
  const downloadForms = (html: string) =>
    [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
      .map(([form]) => form)
      .filter((form) => form.includes(`action="${EXPORT}"`))
      .map((form) => {
        expect(form).toMatch(/^<form[^>]*method="post"/);
        return { batch: /<input type="hidden" name="batch" value="([^"]*)"/.exec(form)?.[1] ?? null };
      });
  const referencesIn = (csv: string) =>
    csv
      .split("\r\n")
      .slice(1, -1)
      .map((l) => l.split(",").at(-1)!);
  const auditsFor = async (action: "withdrawal.export_payouts" | "withdrawal.reexport_payouts", actorId: string) =>
    db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)));

  it("holds exactly the processing withdrawals in no file yet, safe for spreadsheets, as a no-store attachment named by batch", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    const hostile = await pendingWithdrawal({
      name: "Hostile Holder",
      amountKobo: 10_000n,
      bank: { accountHolderName: '=HYPERLINK("http://evil.example","Click")', accountNumber: "0123456789" },
    });
    const plain = await pendingWithdrawal({
      name: "Comma Holder",
      amountKobo: 2_500n,
      bank: { accountHolderName: "Okafor, Chidi", accountNumber: "0123456789" },
    });
    const stillPending = await pendingWithdrawal({ name: "Not Yet" });
    for (const w of [hostile, plain]) expect((await startProcessing(db(), actor, w.withdrawal.id)).status).toBe("ok");
    const fresh = await db().$count(
      withdrawals,
      and(eq(withdrawals.status, "processing"), isNull(withdrawals.payoutBatch)),
    );

    const page = await client.get("/admin/withdrawals");
    const text = pageText(page.body);
    expect(text).toContain(`Download payout CSV (${fresh} new)`);
    expect(text).toContain("bulk-transfer upload");
    expect(downloadForms(page.body)).toEqual([{ batch: null }]);

    const res = await client.post(EXPORT, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const batch = batchOf(res);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="adnaira-payouts-${lagosDay(new Date())}-${batch}.csv"`,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe("name,bank,bank_code,account_number,net_amount,reference");
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(fresh + 2);
    const line = (reference: string) => lines.find((l) => l.endsWith(`,${reference}`));
    // ₦100.00 at 2% → the bank pays ₦98.00; the formula is neutralised (leading ') and quoted.
    expect(line(hostile.withdrawal.reference)).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")",Guaranty Trust Bank (GTBank),058,0123456789,98.00,${hostile.withdrawal.reference}`,
    );
    expect(line(plain.withdrawal.reference)).toBe(
      `"Okafor, Chidi",Guaranty Trust Bank (GTBank),058,0123456789,24.50,${plain.withdrawal.reference}`,
    );
    expect(line(stillPending.withdrawal.reference)).toBeUndefined();
    expect(lines.slice(1, -1).every((l) => !/^[=+\-@]/.test(l))).toBe(true);
    const [audit] = await auditsFor("withdrawal.export_payouts", admin.id);
    expect(audit!.after).toEqual({ batch, count: fresh, references: referencesIn(res.body) });

    // The page now shows where they went, and offers that file again with a warning; no new button.
    const after = await client.get("/admin/withdrawals?status=processing");
    const afterText = pageText(after.body);
    expect(afterText).not.toContain("Download payout CSV");
    expect(afterText).toContain("never upload a payout file to the bank twice");
    const row = rowHtml(after.body, plain.withdrawal.reference);
    expect(pageText(row)).toContain(`In payout file ${batch}`);
    expect(downloadForms(row)).toEqual([{ batch }]);
    expect(pageText(row)).toContain(`Download again (payout file ${batch})`);
  });

  it("a second download does not repeat rows; with nothing new it answers 409 with a message, not an empty file", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    const first = await pendingWithdrawal({ name: "First Batch" });
    await startProcessing(db(), actor, first.withdrawal.id);
    const one = await client.post(EXPORT, {});
    expect(one.status).toBe(200);
    expect(one.body).toContain(first.withdrawal.reference);

    const nothing = await client.post(EXPORT, {});
    expect(nothing.status).toBe(409);
    expect(nothing.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(nothing.headers.get("Content-Disposition")).toBeNull();
    expect(nothing.headers.get("Cache-Control")).toBe("no-store");
    expect(nothing.body).toContain("There are no new withdrawals to export");

    const second = await pendingWithdrawal({ name: "Second Batch" });
    await startProcessing(db(), actor, second.withdrawal.id);
    expect(pageText((await client.get("/admin/withdrawals")).body)).toContain("Download payout CSV (1 new)");
    const two = await client.post(EXPORT, {});
    expect(two.status).toBe(200);
    expect(batchOf(two)).not.toBe(batchOf(one));
    expect(referencesIn(two.body)).toEqual([second.withdrawal.reference]);
    // Searching by the batch finds its withdrawals.
    const byBatch = await client.get(`/admin/withdrawals?q=${batchOf(one)}`);
    expect(tableRows(byBatch.body)).toBe(referencesIn(one.body).length);
  });

  it("downloads a named earlier batch again: the same rows, audited separately", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    const w = await pendingWithdrawal({ name: "Lost File" });
    await startProcessing(db(), actor, w.withdrawal.id);
    const original = await client.post(EXPORT, {});
    const batch = batchOf(original);
    await completeWithdrawal(db(), actor, w.withdrawal.id); // paid since: still part of that file

    const again = await client.post(EXPORT, { batch });
    expect(again.status).toBe(200);
    expect(again.body).toBe(original.body);
    expect(again.headers.get("Content-Disposition")).toBe(original.headers.get("Content-Disposition"));
    expect(again.headers.get("Cache-Control")).toBe("no-store");
    const [audit] = await auditsFor("withdrawal.reexport_payouts", admin.id);
    expect(audit!.after).toMatchObject({
      batch,
      references: referencesIn(original.body),
      completed: [w.withdrawal.reference],
    });
    // Lower case is the same batch.
    expect((await client.post(EXPORT, { batch: batch.toLowerCase() })).body).toBe(original.body);
  });

  it("answers 404 for an unknown batch", async () => {
    const { client, user: admin } = await signInAdmin(app);
    for (const batch of ["PB23456789", "nonsense", ""]) {
      const res = await client.post(EXPORT, { batch });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Disposition")).toBeNull();
      expect(res.body).toContain("There is no payout file");
    }
    expect(await auditsFor("withdrawal.reexport_payouts", admin.id)).toHaveLength(0);
  });

  it("never changes anything on a GET, which any page can make an admin's browser send (a link, an image, another site)", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    const earlier = await pendingWithdrawal({ name: "Earlier File" });
    await startProcessing(db(), actor, earlier.withdrawal.id);
    const earlierFile = await exportNewPayouts(db(), actor);
    if (earlierFile.status !== "ok") throw new Error("no earlier payout file");
    const { batch } = earlierFile.file;
    const waiting = await pendingWithdrawal({ name: "Not Downloaded" });
    await startProcessing(db(), actor, waiting.withdrawal.id);
    const auditRows = () => db().$count(auditLog, eq(auditLog.actorId, admin.id));
    const auditBefore = await auditRows();

    for (const path of [EXPORT, `${EXPORT}?batch=${batch}`]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get("Allow"), path).toBe("POST");
      expect(res.headers.get("Content-Disposition"), path).toBeNull();
    }
    // React Router's data requests for the same route run the same loader.
    for (const path of [`${EXPORT}.data`, `${EXPORT}.data?batch=${batch}`]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get("Content-Disposition"), path).toBeNull();
    }
    // A post from another site is refused before it reaches the export.
    const forged = await client.post(EXPORT, {}, { Origin: "https://evil.example" });
    expect(forged.status).toBe(400);
    expect(forged.headers.get("Content-Disposition")).toBeNull();

    const [row] = await db()
      .select({ batch: withdrawals.payoutBatch })
      .from(withdrawals)
      .where(eq(withdrawals.id, waiting.withdrawal.id));
    expect(row!.batch).toBeNull();
    expect(await auditRows()).toBe(auditBefore);
    expect(pageText((await client.get("/admin/withdrawals")).body)).toContain("Download payout CSV (1 new)");
  });

  it("hides the download when nothing new is processing", async () => {
    const { client, user: admin } = await signInAdmin(app);
    const actor = { id: admin.id, role: admin.role, permissions: admin.permissions, ip: "127.0.0.1" };
    // Settle every processing withdrawal left by earlier tests.
    const open = await db()
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.status, "processing"));
    for (const w of open) await completeWithdrawal(db(), actor, w.id);

    const text = pageText((await client.get("/admin/withdrawals")).body);
    expect(text).not.toContain("Download payout CSV");
    expect(text).not.toContain("never upload a payout file");
    expect((await client.post(EXPORT, {})).status).toBe(409);
  });
});

describe("Admin dashboard", () => {
  const pendingCard = (html: string) => {
    const match = /data-testid="stat-Pending Withdrawals">(\d[\d,]*)</.exec(html);
    return match ? Number(match[1]!.replace(/,/g, "")) : null;
  };

  it("shows Pending Withdrawals, linked to the pending filter, to admins with manage_withdrawals", async () => {
    const { client } = await signInAdmin(app, ["manage_withdrawals"]);
    const before = await client.get("/admin");
    const count = pendingCard(before.body);
    expect(count).not.toBeNull();
    expect(count).toBe(await db().$count(withdrawals, eq(withdrawals.status, "pending")));
    expect(before.body).toContain('href="/admin/withdrawals?status=pending"');
    expect(pageText(before.body)).toContain("Withdrawal Requests"); // quick action

    await pendingWithdrawal({ name: "Dashboard Counted" });
    expect(pendingCard((await client.get("/admin")).body)).toBe(count! + 1);

    const { client: weak } = await signInAdmin(app, ["manage_users"]);
    const weakPage = await weak.get("/admin");
    expect(pendingCard(weakPage.body)).toBeNull();
    expect(pageText(weakPage.body)).not.toContain("Pending Withdrawals");
    expect(pageText(weakPage.body)).not.toContain("Withdrawal Requests");
  });

  it("shows it to the super admin too (the super admin can do everything an admin can)", async () => {
    const client = app.client();
    await client.login(ROOT.email, ROOT.password);
    expect(pendingCard((await client.get("/admin")).body)).not.toBeNull();
    expect((await client.get("/admin/withdrawals")).status).toBe(200);
  });
});
