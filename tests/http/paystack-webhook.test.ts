import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paystackSignature } from "~/server/paystack.server";
import { startTestApp, type TestApp } from "~test/app";
import { startAppWithPaystack, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";

// POST /webhooks/paystack: authenticated by its signature alone (outside the origin check).

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, standin, close } = await startAppWithPaystack());
});
afterAll(() => close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.origin}/webhooks/paystack`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

const chargeSuccess = JSON.stringify({
  event: "charge.success",
  data: { id: 42, status: "success", reference: "UPG-NOTOURS1", amount: 500000, currency: "NGN", fees: 7500 },
});

describe("POST /webhooks/paystack", () => {
  it("refuses a missing or wrong signature with 401", async () => {
    expect((await post(chargeSuccess)).status).toBe(401);
    const wrong = paystackSignature(chargeSuccess, "sk_test_someoneelse0000");
    expect((await post(chargeSuccess, { "x-paystack-signature": wrong })).status).toBe(401);
    // A body changed after signing: the signature no longer matches.
    const signed = paystackSignature(chargeSuccess, TEST_PAYSTACK_SECRET_KEY);
    const changed = chargeSuccess.replace("500000", "5000000");
    expect((await post(changed, { "x-paystack-signature": signed })).status).toBe(401);
  });

  it("answers 200 to a signed event for a reference it does not know, and to events it does not act on", async () => {
    await standin.sendEvent("charge.success", JSON.parse(chargeSuccess).data);
    await standin.sendEvent("subscription.create", { subscription_code: "SUB_1" });
    expect(standin.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
  });

  it("answers 400 to a signed body that is not a Paystack event", async () => {
    const body = JSON.stringify({ hello: "world" });
    const res = await post(body, { "x-paystack-signature": paystackSignature(body, TEST_PAYSTACK_SECRET_KEY) });
    expect(res.status).toBe(400);
  });

  it("is not subject to the origin check (Paystack's servers send no Origin of ours)", async () => {
    const res = await post(chargeSuccess, {
      origin: "https://api.paystack.co",
      "x-paystack-signature": paystackSignature(chargeSuccess, TEST_PAYSTACK_SECRET_KEY),
    });
    expect(res.status).toBe(200);
  });
});

describe("without PAYSTACK_SECRET_KEY", () => {
  it("serves no webhook endpoint", async () => {
    const plain = await startTestApp();
    try {
      const res = await fetch(`${plain.origin}/webhooks/paystack`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) },
        body: chargeSuccess,
      });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
