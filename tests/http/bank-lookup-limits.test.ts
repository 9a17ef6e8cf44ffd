import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, type HttpClient, type TestApp } from "~test/app";
import { GTB, GTB_ACCOUNT } from "~test/bank-accounts";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { signInMember } from "~test/sign-in";

/**
 * Issue 39: "Check account" asks the bank (through Paystack) for an account holder's name, so it
 * is limited: 10 lookups per member a day and 30 per address an hour, refused with a clear
 * message past that, without asking the bank. A lookup refused before the bank was asked (a
 * wrong password, a bad number) does not count. Its own app: the per-address count is the file's.
 */

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
  standin.setAccount(GTB, GTB_ACCOUNT, "ADA OKAFOR");
});
afterAll(async () => close?.());

const check = (client: HttpClient, currentPassword: string) =>
  client.post("/profile/bank-details", { intent: "check", bankCode: GTB, accountNumber: GTB_ACCOUNT, currentPassword });

async function checksOf(n: number, member: { client: HttpClient; user: { password: string } }) {
  for (let i = 0; i < n; i++) {
    const res = await check(member.client, member.user.password);
    expect(res.status, `check ${i + 1}`).toBe(200);
    expect(pageText(res.body)).toContain("Account name: ADA OKAFOR");
  }
}

describe("bank account lookups are limited", () => {
  it("10 a member a day, then a clear refusal that asks the bank nothing; refusals before the bank do not count", async () => {
    const member = await signInMember(app, { landed: true });
    // A wrong password never reaches the bank: it does not count as a lookup.
    const wrong = await check(member.client, "not the password");
    expect(wrong.status).toBe(400);
    const before = standin.counts.resolve;
    await checksOf(10, member);
    expect(standin.counts.resolve - before).toBe(10);

    const refused = await check(member.client, member.user.password);
    expect(refused.status).toBe(429);
    expect(pageText(refused.body)).toMatch(
      /You have checked 10 bank accounts today, the most allowed in a day\. Please try again in about \d+ hours\./,
    );
    expect(standin.counts.resolve - before).toBe(10);
  });

  it("30 from one address an hour, whoever asks, then a refusal naming the network", async () => {
    // The first test's 10 came from this address too (127.0.0.1): 20 more reach the limit.
    await checksOf(10, await signInMember(app, { landed: true }));
    await checksOf(10, await signInMember(app, { landed: true }));
    const before = standin.counts.resolve;
    const another = await signInMember(app, { landed: true });
    const refused = await check(another.client, another.user.password);
    expect(refused.status).toBe(429);
    expect(pageText(refused.body)).toMatch(
      /Too many bank accounts have been checked from your network in the last hour\. Please try again in \d+ minutes?\./,
    );
    expect(standin.counts.resolve).toBe(before);
  });
});
