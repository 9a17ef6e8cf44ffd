import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaystackProvider } from "~/server/paystack.server";
import { pageText, startTestApp, type TestApp } from "~test/app";
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

  it("writes out the money at Paystack: collected − fees − transfers out + transfers sent back", async () => {
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
        "Money at Paystack = ₦463.10",
      ].join(" "),
    );
    expect(text).toContain("give the same");
    expect(text).toContain("what Paystack has settled to AdNaira's bank account");
  });

  it("is refused to an admin without manage_withdrawals", async () => {
    const { client: clerk } = await signInAdmin(app, ["manage_users"]);
    const res = await clerk.get("/admin/reconciliation");
    expect(res.status).toBe(403);
    expect(res.body).not.toContain("Money at Paystack");
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
