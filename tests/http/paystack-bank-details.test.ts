import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankAccounts } from "~/db/schema";
import { pageText, redirectToast, type HttpClient, type TestApp } from "~test/app";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { signInMember } from "~test/sign-in";

/**
 * Bank details with Paystack on, as a browser without JavaScript posts them: "Check account"
 * answers the page with the bank's name and a hidden confirmation; "Confirm and save" saves
 * the name the bank gives, whatever else the browser sends.
 */

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  standin.setAccount(GTB, GTB_ACCOUNT, "ADA OKAFOR");
});
afterAll(async () => close?.());

const stored = async (userId: string) =>
  (await app.services.db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)))[0];
const hidden = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="${name}"`)
    .exec(html)
    ?.slice(1)
    .find((v) => v !== undefined);

/** "Check account", as the form posts it. */
const check = (client: HttpClient, currentPassword: string, accountNumber = GTB_ACCOUNT) =>
  client.post("/profile/bank-details", { intent: "check", bankCode: GTB, accountNumber, currentPassword });

describe("bank details resolved by Paystack, without JavaScript", () => {
  it("asks for no name, checks the account, shows the bank's name and saves it once confirmed", async () => {
    const { client, user } = await signInMember(app, { landed: true });
    const page = await client.get("/profile");
    expect(page.body).not.toContain('name="accountHolderName"');
    expect(pageText(page.body)).toContain("Check account");

    const checked = await check(client, user.password);
    expect(checked.status).toBe(200);
    const text = pageText(checked.body);
    expect(text).toContain("Account name: ADA OKAFOR");
    expect(text).toContain("Confirm and save");
    expect(text).toContain("Change");
    expect(await stored(user.id)).toBeUndefined();
    // The page never carries the full number, not even in the confirmation.
    expect(checked.body).not.toContain(GTB_ACCOUNT);
    const confirmation = hidden(checked.body, "confirmation");
    expect(confirmation).toBeTruthy();

    const saved = await client.post("/profile/bank-details", {
      intent: "confirm",
      confirmation: confirmation!,
      // A browser may send anything else: it is ignored.
      accountHolderName: "SOMEBODY ELSE",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/profile");
    expect(redirectToast(saved)).toMatchObject({ type: "success", title: "Bank Details Updated" });
    const row = await stored(user.id);
    expect(row).toMatchObject({ accountHolderName: "ADA OKAFOR", bankCode: GTB, accountNumber: GTB_ACCOUNT });
    expect(row?.nameResolvedAt).toBeInstanceOf(Date);
    expect(pageText((await client.get("/profile")).body)).toContain("Account holder ADA OKAFOR");
  });

  it("refuses an account the bank does not know, with the bank's name in the message", async () => {
    const { client, user } = await signInMember(app, { landed: true });
    const res = await check(client, user.password, "0000000001");
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(
      "We could not find this account at Guaranty Trust Bank (GTBank). Check the number and the bank.",
    );
    expect(await stored(user.id)).toBeUndefined();
  });

  it("ignores a tampered confirmation and a name posted back by the browser", async () => {
    const { client, user } = await signInMember(app, { landed: true });
    const checked = await check(client, user.password);
    const confirmation = hidden(checked.body, "confirmation")!;
    const raw = Buffer.from(confirmation, "base64url");
    raw[20] = raw[20]! ^ 0xff;
    for (const forged of [raw.toString("base64url"), "ADA OKAFOR", ""]) {
      const res = await client.post("/profile/bank-details", {
        intent: "confirm",
        confirmation: forged,
        accountHolderName: "MALLAM THIEF",
      });
      expect(res.status).toBe(400);
      expect(pageText(res.body)).toContain("This check has expired. Check the account again.");
    }
    expect(await stored(user.id)).toBeUndefined();
  });

  it("says to try again shortly when Paystack cannot be reached, and saves nothing", async () => {
    const { client, user } = await signInMember(app, { landed: true });
    standin.failNext("resolve", "server-error");
    const res = await check(client, user.password);
    expect(res.status).toBe(503);
    expect(pageText(res.body)).toContain("try again shortly");
    expect(await stored(user.id)).toBeUndefined();
  });

  it("still needs the current password to check an account", async () => {
    const { client } = await signInMember(app, { landed: true });
    const res = await check(client, "wrong password");
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Current password is incorrect.");
    expect(pageText(res.body)).not.toContain("ADA OKAFOR");
  });
});
