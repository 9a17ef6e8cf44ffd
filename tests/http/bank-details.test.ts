import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bankAccounts } from "~/db/schema";
import { isValidNuban } from "~/domain/banks/nuban";
import { emailsTo } from "~/domain/mail/outbox.server";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signInAdmin, signInMember } from "~test/sign-in";
import { GTB, GTB_ACCOUNT, nuban, withWrongCheckDigit, ZENITH } from "~test/bank-accounts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const WRONG_CHECK_DIGIT = withWrongCheckDigit(GTB_ACCOUNT, 3);

const form = (password: string, overrides: Record<string, string> = {}) => ({
  accountHolderName: "Ngozi Adeyemi",
  bankCode: GTB,
  accountNumber: GTB_ACCOUNT,
  currentPassword: password,
  ...overrides,
});

const stored = async (userId: string) =>
  (await app.services.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0];
const auditCount = (userId: string) =>
  app.services.db.$count(auditLog, and(eq(auditLog.targetId, userId), eq(auditLog.action, "bank_details.update")));

describe("bank details on /profile", () => {
  it("shows an empty state, the bank select grouped by kind and a numeric account-number field", async () => {
    const { client } = await signInMember(app, { landed: true });
    const res = await client.get("/profile");
    expect(res.status).toBe(200);
    const text = pageText(res.body);
    expect(text).toContain("Bank Details");
    expect(text).toContain("You have not added a bank account yet.");
    expect(res.body).toContain('<optgroup label="Commercial banks">');
    expect(res.body).toContain('<optgroup label="Microfinance banks">');
    expect(res.body).toContain('<optgroup label="Payment service banks and mobile money">');
    expect(res.body).toContain('<option value="058">Guaranty Trust Bank (GTBank)</option>');
    expect(res.body).toContain('<option value="100004">OPay</option>');
    expect(res.body).toMatch(
      /<input[^>]*name="accountNumber"[^>]*inputMode="numeric"|<input[^>]*inputMode="numeric"[^>]*name="accountNumber"/i,
    );
    // Every control has a label pointing at it.
    for (const name of ["accountHolderName", "bankCode", "accountNumber"]) {
      const id = new RegExp(
        `<(?:input|select)[^>]*name="${name}"[^>]*id="([^"]+)"|<(?:input|select)[^>]*id="([^"]+)"[^>]*name="${name}"`,
      ).exec(res.body);
      const inputId = id?.[1] ?? id?.[2];
      expect(inputId, name).toBeTruthy();
      expect(res.body).toContain(`for="${inputId}"`);
    }
  });

  it("saves valid details, shows them masked except the last 4 digits, and audits without the full number", async () => {
    const {
      client,
      user: { id, email, password },
    } = await signInMember(app, { landed: true });
    const res = await client.post("/profile/bank-details", form(password, { accountNumber: "0123 456 785" }));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/profile");
    expect(redirectToast(res)).toEqual({
      type: "success",
      title: "Bank Details Updated",
      description: "Withdrawals will be paid into Guaranty Trust Bank (GTBank) ******6785.",
    });
    expect(await stored(id)).toMatchObject({
      accountHolderName: "Ngozi Adeyemi",
      bankCode: GTB,
      accountNumber: GTB_ACCOUNT,
    });

    const page = await client.get("/profile");
    const text = pageText(page.body);
    expect(text).toContain(
      "Account holder Ngozi Adeyemi Bank Guaranty Trust Bank (GTBank) Account number ******6785 ending in 6785",
    );
    // The full number is nowhere in the page, not even in the hydration data.
    expect(page.body).not.toContain(GTB_ACCOUNT);
    expect(page.body).toContain("Bank Details Updated"); // the toast, shown once

    const [row] = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "bank_details.update")));
    expect(row).toMatchObject({
      actorId: id,
      targetType: "bank_details",
      after: { accountNumber: "******6785", bankCode: GTB },
    });
    expect(JSON.stringify(row)).not.toContain(GTB_ACCOUNT);
    expect((await emailsTo(app.services.db, email))[0]).toMatchObject({
      subject: "Your AdNaira bank details were changed",
    });
  });

  it("refuses a wrong password: nothing saved, the typed details kept, no password echoed", async () => {
    const {
      client,
      user: { id },
    } = await signInMember(app, { landed: true });
    const res = await client.post("/profile/bank-details", form("not-my-password-at-all"));
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain("Current password is incorrect.");
    expect(res.body).toContain("Update Failed");
    expect(res.body).toContain('value="Ngozi Adeyemi"');
    expect(res.body).not.toContain("not-my-password-at-all");
    expect(await stored(id)).toBeUndefined();
    expect(await auditCount(id)).toBe(0);
    // Shown once, under the bank form's password: the change-password form is not marked wrong.
    expect(text.match(/Current password is incorrect\./g)).toHaveLength(1);
    expect(res.body).toContain('action="/profile/password"');
  });

  it("refuses a wrong check digit with a clear message (before asking for the password)", async () => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    const res = await client.post("/profile/bank-details", form(password, { accountNumber: WRONG_CHECK_DIGIT }));
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(
      "This account number is not valid for the selected bank. Check the number and the bank.",
    );
    expect(res.body).toContain(`value="${WRONG_CHECK_DIGIT}"`);
    expect(await stored(id)).toBeUndefined();

    // The same digits at the bank they belong to are fine; so is any 10 digits at OPay.
    expect(
      (await client.post("/profile/bank-details", form(password, { bankCode: "100004", accountNumber: "8031234567" })))
        .status,
    ).toBe(302);
    expect(await stored(id)).toMatchObject({ bankCode: "100004", accountNumber: "8031234567" });
  });

  it("accepts a Parallex Bank account whose check digit fits code 526 but not our 104: the code is unconfirmed, so unchecked", async () => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    // Public lists disagree on Parallex's CBN code (104 here, 526 elsewhere). A real account whose
    // check digit was computed with 526 must not be refused because our code might be wrong.
    const parallex = nuban("526", "000123456");
    expect(isValidNuban("104", parallex)).toBe(false);
    const res = await client.post(
      "/profile/bank-details",
      form(password, { bankCode: "104", accountNumber: parallex }),
    );
    expect(res.status).toBe(302);
    expect(redirectToast(res)).toMatchObject({ type: "success", title: "Bank Details Updated" });
    expect(await stored(id)).toMatchObject({ bankCode: "104", accountNumber: parallex });
  });

  it.each([
    [{ accountNumber: "12345" }, "Account number must be exactly 10 digits."],
    [{ accountNumber: "01234567890" }, "Account number must be exactly 10 digits."],
    [{ accountNumber: "0000000000" }, "This does not look like a real account number. Check the number and try again."],
    [{ bankCode: "030" }, "Choose your bank from the list."],
    [{ bankCode: "" }, "Choose your bank from the list."],
    [{ accountHolderName: "   " }, "Account holder name is required."],
    [{ currentPassword: "" }, "Current password is required."],
  ])("refuses %o", async (overrides, message) => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    const res = await client.post("/profile/bank-details", form(password, overrides));
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(message);
    expect(await stored(id)).toBeUndefined();
  });

  it("shares the password-change attempt limit: 10 wrong passwords, then 429 even with the right one", async () => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    for (let i = 0; i < 10; i++)
      expect((await client.post("/profile/bank-details", form(`wrong-guess-${i}`))).status).toBe(400);
    const blocked = await client.post("/profile/bank-details", form(password));
    expect(blocked.status).toBe(429);
    expect(pageText(blocked.body)).toContain("Too many attempts");
    expect(await stored(id)).toBeUndefined();
  });

  it("replacing details requires the full new number and keeps one row", async () => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    await client.post("/profile/bank-details", form(password));
    const zenith = nuban(ZENITH, "221234567");
    const res = await client.post(
      "/profile/bank-details",
      form(password, { bankCode: "057", accountNumber: zenith, accountHolderName: "Ngozi A. Adeyemi" }),
    );
    expect(redirectToast(res)).toMatchObject({ title: "Bank Details Updated" });
    expect(await stored(id)).toMatchObject({
      bankCode: "057",
      accountNumber: zenith,
      accountHolderName: "Ngozi A. Adeyemi",
    });
    expect(await auditCount(id)).toBe(2);
    const text = pageText((await client.get("/profile")).body);
    expect(text).toContain("Zenith Bank");
    expect(text).toContain(`******${zenith.slice(-4)}`);
  });

  it("is for members only: an admin's profile has no bank form and a crafted post is refused", async () => {
    const {
      client,
      user: { id, password },
    } = await signInAdmin(app, undefined, { landed: true });
    const page = await client.get("/profile");
    expect(page.status).toBe(200);
    expect(pageText(page.body)).not.toContain("Bank Details");
    const res = await client.post("/profile/bank-details", form(password));
    expect(res.status).toBe(403);
    expect(await stored(id)).toBeUndefined();
  });

  it("an old-style post to /profile (the form named by an intent field) is refused clearly and saves nothing", async () => {
    const {
      client,
      user: { id, password },
    } = await signInMember(app, { landed: true });
    const res = await client.post("/profile", { intent: "bank-details", ...form(password) });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("This form is out of date. Reload the page and try again.");
    expect(await stored(id)).toBeUndefined();
    expect(await auditCount(id)).toBe(0);
    const anonymous = await app.client().post("/profile", { intent: "bank-details", ...form("whatever") });
    expect({ status: anonymous.status, location: anonymous.location }).toEqual({ status: 302, location: "/login" });
  });

  it("a signed-out post goes to /login and saves nothing", async () => {
    const res = await app.client().post("/profile/bank-details", form("whatever"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/login");
  });
});
