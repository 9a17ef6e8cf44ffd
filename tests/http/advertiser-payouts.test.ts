import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signIn, signInAdmin, signInAdvertiser } from "~test/sign-in";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";
import { defaultWithdrawalSettings, formKey, payee, setBankDetails, setWithdrawalSettings } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());
afterEach(async () => expectLedgerReconciled(app.services.db));

const db = () => app.services.db;
let n = 0;

/** An advertiser (approved unless told) with ₦500.00 on their balance, signed in. */
const signedInAdvertiser = (status: "approved" | "pending" = "approved") =>
  signInAdvertiser(app, { status, businessName: `Ada Foods ${++n} Ltd`, balanceKobo: 50_000n });

const bankForm = (password: string) => ({
  accountHolderName: "Ada Foods Ltd",
  bankCode: GTB,
  accountNumber: GTB_ACCOUNT,
  currentPassword: password,
});

describe("/advertiser/payouts", () => {
  it("saves the business bank account behind the password, then pays the balance out through the withdrawal desk", async () => {
    const { user, client } = await signedInAdvertiser();
    const page = await client.get("/advertiser/payouts");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain("Payouts");
    expect(text).toContain("Request a payout");
    expect(text).toContain("₦500.00");
    expect(text).toContain("You have not added a bank account yet.");
    expect(page.body).toContain('action="/advertiser/payouts/bank-details"');
    expect(page.body).toContain('action="/advertiser/payouts/withdraw"');

    // A wrong password: refused on the page the form's own route renders (no JavaScript needed).
    const wrong = await client.post("/advertiser/payouts/bank-details", bankForm("not-the-password"));
    expect(wrong.status).toBe(400);
    expect(pageText(wrong.body)).toContain("Current password is incorrect.");
    expect(pageText(wrong.body)).toContain("Request a payout");

    const saved = await client.post("/advertiser/payouts/bank-details", bankForm(user.password));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/advertiser/payouts");
    expect(redirectToast(saved)).toMatchObject({ type: "success", title: "Bank Details Updated" });

    // The payout: ₦100.00, fee 2%, once for one form key even if sent twice.
    const key = formKey();
    const asked = await client.post("/advertiser/payouts/withdraw", { amount: "100.00", idempotencyKey: key });
    expect(asked.status).toBe(302);
    expect(asked.location).toBe("/advertiser/payouts");
    expect(redirectToast(asked)).toMatchObject({
      title: "Withdrawal Requested",
      description: expect.stringContaining("You will receive ₦98.00 after the ₦2.00 fee."),
    });
    const again = await client.post("/advertiser/payouts/withdraw", { amount: "100.00", idempotencyKey: key });
    expect(again.status).toBe(302);
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountKobo: 10_000n, status: "pending", accountHolderName: "Ada Foods Ltd" });
    expect(await balances(db(), user.id)).toMatchObject({ availableKobo: 40_000n, heldKobo: 10_000n });

    // Every other rule holds: over the balance is refused on the field.
    const over = await client.post("/advertiser/payouts/withdraw", { amount: "450.00", idempotencyKey: formKey() });
    expect(over.status).toBe(400);
    expect(pageText(over.body)).toContain("Your available balance is ₦400.00.");

    const history = pageText((await client.get("/advertiser/payouts")).body);
    expect(history).toContain("Withdrawal history");
    expect(history).toContain(rows[0]!.reference);

    // The admin sees it on Withdrawal Requests under the business's name, and finds it by that name.
    const { client: admin } = await signInAdmin(app, ["manage_withdrawals"]);
    const list = pageText((await admin.get(`/admin/withdrawals?q=${encodeURIComponent(`Ada Foods ${n}`)}`)).body);
    expect(list).toContain(`Ada Foods ${n} Ltd (advertiser: ${user.name})`);
    expect(list).toContain(rows[0]!.reference);
  });

  it("refuses a payout while the business is not approved, and says so on the page", async () => {
    const { user, client } = await signedInAdvertiser("pending");
    const page = pageText((await client.get("/advertiser/payouts")).body);
    expect(page).toContain("Your business needs to be approved by an admin before you can request payouts.");
    expect((await client.post("/advertiser/payouts/bank-details", bankForm(user.password))).status).toBe(302);
    const refused = await client.post("/advertiser/payouts/withdraw", { amount: "100.00", idempotencyKey: formKey() });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("Business Not Approved");
    expect(await db().$count(withdrawals, eq(withdrawals.userId, user.id))).toBe(0);
    expect(await balances(db(), user.id)).toMatchObject({ availableKobo: 50_000n, heldKobo: 0n });
  });

  it("caps an advertiser by the advertisers' maximum and a member by the members'; each form shows its own", async () => {
    await setWithdrawalSettings(db(), { maxKobo: 100_000n, advertiserMaxKobo: 2_000_000n });
    try {
      // A refunded campaign: ₦50,000.00 back on the balance, far above the members' ₦1,000.00.
      const { user, client } = await signInAdvertiser(app, {
        businessName: `Refund ${++n} Ltd`,
        balanceKobo: 5_000_000n,
      });
      await setBankDetails(db(), user.id, {});
      const page = pageText((await client.get("/advertiser/payouts")).body);
      expect(page).toContain("Maximum ₦20,000.00");
      expect(page).toContain("Withdrawals are reviewed and paid on working days, usually within 24 hours.");

      const over = await client.post("/advertiser/payouts/withdraw", {
        amount: "20,000.01",
        idempotencyKey: formKey(),
      });
      expect(over.status).toBe(400);
      expect(pageText(over.body)).toContain("The maximum withdrawal is ₦20,000.00.");
      const asked = await client.post("/advertiser/payouts/withdraw", { amount: "20,000", idempotencyKey: formKey() });
      expect(asked.status).toBe(302);
      expect(await balances(db(), user.id)).toMatchObject({ availableKobo: 3_000_000n, heldKobo: 2_000_000n });

      const someone = await payee(db(), { balanceKobo: 5_000_000n });
      const memberClient = await signIn(app, someone);
      expect(pageText((await memberClient.get("/profile")).body)).toContain("Maximum ₦1,000.00");
      const refused = await memberClient.post("/profile/withdraw", { amount: "1,000.01", idempotencyKey: formKey() });
      expect(refused.status).toBe(400);
      expect(pageText(refused.body)).toContain("The maximum withdrawal is ₦1,000.00.");
      expect(await balances(db(), someone.id)).toMatchObject({ availableKobo: 5_000_000n, heldKobo: 0n });
    } finally {
      await defaultWithdrawalSettings(db());
    }
  });
});
