import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "~test/app";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
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
