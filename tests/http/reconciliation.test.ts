import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, providerUnmatchedEvents, reconciliationResolutions } from "~/db/schema";
import { syncProviderSettlements } from "~/domain/payments/provider-settlements.server";
import { systemClock } from "~/domain/shared/clock";
import { createPaystackProvider } from "~/server/paystack.server";
import { dialogNameInHtml, pageText, redirectOutcome, startTestApp, type TestApp } from "~test/app";
import { withdrawalAdmin } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { startAppWithPaystack, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { upgradeOnline, withdrawalByTransfer, type ProviderFlows } from "~test/provider-flows";
import { signInAdmin } from "~test/sign-in";

// /admin/reconciliation: what Paystack and the ledger disagree on, for manage_withdrawals.

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
});
afterAll(() => close());

describe("the reconciliation page", () => {
  it("lists a payment under a reference that is none of ours, with what to do, and the money at Paystack", async () => {
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const empty = (await admin.get("/admin/reconciliation")).body;
    expect(empty).toContain("Paystack and the ledger agree: nothing to look into.");
    expect(empty).toContain("₦0.00");

    await standin.sendEvent("charge.success", {
      id: 7,
      status: "success",
      reference: "T-NOT-ASKED-FOR",
      amount: 250000,
      currency: "NGN",
      fees: 3750,
    });
    const page = (await admin.get("/admin/reconciliation")).body;
    expect(page).toContain("T-NOT-ASKED-FOR");
    expect(page).toContain("A payment AdNaira did not ask for");
    expect(page).toContain("Paystack sent charge.success for ₦2,500.00.");
    expect(page).toContain("refund it if nobody can say what it was for");

    // Withdrawal Requests links to it while Paystack is on.
    expect((await admin.get("/admin/withdrawals")).body).toContain('href="/admin/reconciliation"');
  });

  it("writes out the money at Paystack: collected − fees − transfers out + transfers sent back − settled", async () => {
    const db = app.services.db;
    const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
    const flows: ProviderFlows = { db, provider, standin };
    // ₦500.00 in for an upgrade, Paystack keeping ₦7.50; a failed payment brings nothing in.
    const paid = await upgradeOnline(flows, "success");
    expect(paid.feeKobo).toBe(750n);
    await upgradeOnline(flows, "failed");
    // Out, the 2% withdrawal fee staying with AdNaira: ₦30.00 paid (₦29.40), sent back by the bank
    // and paid again; ₦40.00 paid (₦39.20) and sent back.
    const cashier = await withdrawalAdmin(db);
    await withdrawalByTransfer(flows, cashier, 3_000n, ["success", "reversed", "success"]);
    await withdrawalByTransfer(flows, cashier, 4_000n, ["success", "reversed"]);
    await expectLedgerReconciled(db);

    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const text = pageText((await admin.get("/admin/reconciliation")).body);
    expect(text).toContain(
      [
        "Collected through Paystack ₦500.00",
        "Paystack's fees on what it collected − ₦7.50",
        "Transfers to members' banks − ₦98.00",
        "Transfers the banks sent back + ₦68.60",
        "Settled to the bank − ₦0.00",
        "Money at Paystack = ₦463.10",
      ].join(" "),
    );
    expect(text).toContain("give the same");

    // Paystack settles ₦400.00 to AdNaira's bank and has ₦50.00 more on its way; the minute job
    // (here: its settlements step) books the first.
    standin.settle({ amountKobo: 40_000n });
    standin.settle({ amountKobo: 5_000n, status: "processing" });
    expect(await syncProviderSettlements(db, provider, new Date(), systemClock)).toMatchObject({ booked: 1 });
    await expectLedgerReconciled(db);
    const settled = pageText((await admin.get("/admin/reconciliation")).body);
    expect(settled).toContain(
      [
        "Transfers the banks sent back + ₦68.60",
        "Settled to the bank − ₦400.00",
        "Money at Paystack = ₦63.10",
        "In settlement (of the money at Paystack, on its way to the bank) ₦50.00",
      ].join(" "),
    );
    expect(settled).toContain("give the same");
  });

  it("is refused to an admin without manage_withdrawals", async () => {
    const { client: clerk } = await signInAdmin(app, ["manage_users"]);
    const res = await clerk.get("/admin/reconciliation");
    expect(res.status).toBe(403);
    expect(res.body).not.toContain("Money at Paystack");
  });
});

describe("marking an entry resolved", () => {
  /** An unknown reference Paystack reported (through the webhook), and its entry on the page: "<kind>:<event id>". */
  async function unknownPayment(reference: string) {
    await standin.sendEvent("charge.success", {
      id: 8,
      status: "success",
      reference,
      amount: 120000,
      currency: "NGN",
      fees: 1800,
    });
    const [event] = await app.services.db
      .select()
      .from(providerUnmatchedEvents)
      .where(eq(providerUnmatchedEvents.reference, reference));
    return { key: event!.id, entry: `unknown-reference:${event!.id}` };
  }
  const resolutions = (key: string) =>
    app.services.db.select().from(reconciliationResolutions).where(eq(reconciliationResolutions.key, key));
  const audited = (key: string) => app.services.db.$count(auditLog, eq(auditLog.targetId, key));

  it("works as plain forms: the link opens the dialog, a blank note is refused, a note resolves it once (audited)", async () => {
    const { user, client: admin } = await signInAdmin(app, ["manage_withdrawals", "view_reports"], {
      name: "Ngozi Reconciler",
    });
    const { key, entry } = await unknownPayment("T-RESOLVE-ME");
    const dialogHref = `/admin/reconciliation?resolve=${encodeURIComponent(entry)}`;
    const action = `/admin/reconciliation/resolve?resolve=${encodeURIComponent(entry)}`;

    // Each open entry has its Mark resolved link, named with its reference.
    const page = (await admin.get("/admin/reconciliation")).body;
    expect(page).toContain(`href="${dialogHref.replace(/&/g, "&amp;")}"`);
    expect(pageText(page)).toContain("Mark resolved T-RESOLVE-ME");

    // Following it, the server renders the dialog, named and described, posting to its route.
    const opened = (await admin.get(dialogHref)).body;
    expect(dialogNameInHtml(opened)).toEqual({
      name: "Mark resolved?",
      description: expect.stringContaining("T-RESOLVE-ME: A payment AdNaira did not ask for."),
    });
    expect(opened).toContain(`action="${action.replace(/&/g, "&amp;")}"`);
    expect(opened).toMatch(/<textarea[^>]*name="note"/);
    // A GET changes nothing, on the page or on the form's route.
    expect((await admin.get(action)).status).toBe(200);
    expect(await resolutions(key)).toEqual([]);

    // A blank note: the dialog again, the field's error, nothing written.
    const blank = await admin.post(action, { kind: "unknown-reference", key, note: "   " });
    expect(blank.status).toBe(400);
    expect(dialogNameInHtml(blank.body).name).toBe("Mark resolved?");
    expect(pageText(blank.body)).toContain("Write what you found and what was done.");
    expect(await resolutions(key)).toEqual([]);

    // From another site: refused before anything is read.
    const forged = await admin.post(
      action,
      { kind: "unknown-reference", key, note: "x" },
      { Origin: "https://evil.example" },
    );
    expect(forged.status).toBe(400);
    expect(await resolutions(key)).toEqual([]);

    const done = await admin.post(action, {
      kind: "unknown-reference",
      key,
      note: "  Refunded in the Paystack dashboard.\nThe payer used an old link.  ",
    });
    expect(redirectOutcome(done)).toEqual({
      status: 302,
      location: "/admin/reconciliation",
      toast: {
        type: "success",
        title: "Marked Resolved",
        description: "T-RESOLVE-ME is marked resolved and listed under Resolved with your note.",
      },
    });
    expect(await resolutions(key)).toMatchObject([
      { kind: "unknown-reference", reference: "T-RESOLVE-ME", resolvedById: user.id },
    ]);
    expect(await audited(key)).toBe(1);

    // It leaves the open list; Resolved shows it with who, when and the note.
    const open = pageText((await admin.get("/admin/reconciliation")).body);
    expect(open).not.toContain("T-RESOLVE-ME");
    expect(open).toMatch(/To look into \(\d+\) Resolved \(1\)/);
    const resolved = pageText((await admin.get("/admin/reconciliation?view=resolved")).body);
    expect(resolved).toContain("T-RESOLVE-ME");
    expect(resolved).toContain("A payment AdNaira did not ask for");
    expect(resolved).toContain("Refunded in the Paystack dashboard. The payer used an old link.");
    expect(resolved).toContain("Ngozi Reconciler");
    // Its dialog no longer opens.
    expect(dialogNameInHtml((await admin.get(dialogHref)).body).name).toBeNull();

    // Again (a second tab, another admin): already resolved, by whom; nothing more is written.
    const { client: other } = await signInAdmin(app, ["manage_withdrawals"]);
    const again = await other.post(action, { kind: "unknown-reference", key, note: "Me too" });
    expect(again.status).toBe(409);
    expect(pageText(again.body)).toContain(
      "This entry has already been marked resolved. Ngozi Reconciler resolved it on",
    );
    expect(await resolutions(key)).toHaveLength(1);
    expect(await audited(key)).toBe(1);

    // The audit log says it in words.
    const audit = pageText((await admin.get("/admin/audit?action=reconciliation.resolve")).body);
    expect(audit).toContain("Reconciliation entry resolved");
    expect(audit).toContain("Reconciliation entry");
    expect(audit).toContain("T-RESOLVE-ME");
  });

  it("answers a made-up entry not found, and refuses an admin without manage_withdrawals", async () => {
    const { key } = await unknownPayment("T-NOT-MINE-TO-RESOLVE");
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const missing = await admin.post("/admin/reconciliation/resolve", {
      kind: "held-payment",
      key,
      note: "Checked",
    });
    expect(missing.status).toBe(404);
    expect(pageText(missing.body)).toContain("This entry is no longer on the list to look into");

    const { client: clerk } = await signInAdmin(app, ["manage_users"]);
    const refused = await clerk.post("/admin/reconciliation/resolve", { kind: "unknown-reference", key, note: "x" });
    expect(refused.status).toBe(403);
    expect(await resolutions(key)).toEqual([]);
    expect(await audited(key)).toBe(0);
  });
});

describe("without Paystack", () => {
  it("says online payments are off, and Withdrawal Requests does not link to it", async () => {
    const plain = await startTestApp();
    try {
      const { client: admin } = await signInAdmin(plain, ["manage_withdrawals"]);
      expect((await admin.get("/admin/reconciliation")).body).toContain("Online payments are off");
      expect((await admin.get("/admin/withdrawals")).body).not.toContain('href="/admin/reconciliation"');
    } finally {
      await plain.close();
    }
  });
});
