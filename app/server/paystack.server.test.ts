import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import type { PaymentProvider } from "~/domain/payments/provider";
import {
  createPaystackProvider,
  parsePaystackEvent,
  paystackSignature,
  paystackSignatureValid,
} from "./paystack.server";

// The adapter against the Paystack stand-in (scripts/paystack-standin): the paths, fields and
// envelopes it sends and reads are Paystack's, so each call's outcome here is what Paystack's
// documented answer would give.

let standin: PaystackStandin;
let paystack: PaymentProvider;

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  paystack = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 2_000,
  });
});
afterAll(() => standin.close());

describe("collecting a payment", () => {
  it("initializes a checkout, then verifies what the payer did", async () => {
    const init = await paystack.initializePayment({
      reference: "UPG-ADAPTER1",
      amountKobo: 500_000n,
      email: "ada@example.com",
      callbackUrl: "http://127.0.0.1/return",
    });
    expect(init).toMatchObject({ status: "ok", reference: "UPG-ADAPTER1" });
    if (init.status !== "ok") return;
    expect(init.authorizationUrl).toBe(`${standin.baseUrl}/checkout/${init.accessCode}`);

    expect(await paystack.verifyPayment("UPG-ADAPTER1")).toMatchObject({
      status: "found",
      payment: { outcome: "abandoned", amountKobo: 500_000n, currency: "NGN" },
    });
    await standin.completePayment("UPG-ADAPTER1", { outcome: "success", webhook: false });
    const verified = await paystack.verifyPayment("UPG-ADAPTER1");
    expect(verified).toMatchObject({
      status: "found",
      payment: {
        reference: "UPG-ADAPTER1",
        outcome: "success",
        amountKobo: 500_000n,
        currency: "NGN",
        feesKobo: 17_500n,
      },
    });
  });

  it("is refused a reference it already used, and finds no unknown one", async () => {
    const input = { reference: "UPG-ADAPTER2", amountKobo: 1_000n, email: "a@example.com", callbackUrl: "http://x/" };
    expect((await paystack.initializePayment(input)).status).toBe("ok");
    expect(await paystack.initializePayment(input)).toEqual({
      status: "refused",
      message: "Duplicate Transaction Reference",
    });
    expect(await paystack.verifyPayment("UPG-NOSUCHREF")).toEqual({ status: "not-found" });
  });

  it("reports a 5xx or a dropped connection as unavailable, never as an answer", async () => {
    standin.failNext("verify-transaction", "server-error");
    expect((await paystack.verifyPayment("UPG-ADAPTER1")).status).toBe("unavailable");
    standin.failNext("verify-transaction", "drop");
    expect((await paystack.verifyPayment("UPG-ADAPTER1")).status).toBe("unavailable");
    standin.failNext("initialize", "drop-after-create");
    const dropped = await paystack.initializePayment({
      reference: "UPG-ADAPTER3",
      amountKobo: 1_000n,
      email: "a@example.com",
      callbackUrl: "http://x/",
    });
    expect(dropped.status).toBe("unavailable");
    expect(standin.transaction("UPG-ADAPTER3")).toBeDefined();
  });

  it("is refused with a wrong key", async () => {
    const wrongKey = createPaystackProvider({ secretKey: "sk_test_wrongkey0000", baseUrl: standin.baseUrl });
    expect(await wrongKey.verifyPayment("UPG-ADAPTER1")).toMatchObject({ status: "unavailable" });
  });
});

describe("paying out", () => {
  it("resolves an account the bank knows, and refuses one it does not", async () => {
    standin.setAccount("058", "0123456789", "ADAEZE OKAFOR");
    expect(await paystack.resolveAccount({ accountNumber: "0123456789", bankCode: "058" })).toEqual({
      status: "ok",
      accountName: "ADAEZE OKAFOR",
      accountNumber: "0123456789",
    });
    expect(await paystack.resolveAccount({ accountNumber: "0123456788", bankCode: "058" })).toMatchObject({
      status: "not-resolved",
    });
  });

  it("creates a recipient once per account, sends a transfer, and verifies it by reference", async () => {
    standin.setAccount("058", "0123456789", "ADAEZE OKAFOR");
    const first = await paystack.createTransferRecipient({
      name: "Adaeze Okafor",
      accountNumber: "0123456789",
      bankCode: "058",
    });
    const again = await paystack.createTransferRecipient({
      name: "Adaeze Okafor",
      accountNumber: "0123456789",
      bankCode: "058",
    });
    expect(first).toMatchObject({ status: "ok", accountName: "ADAEZE OKAFOR" });
    expect(again).toEqual(first);
    if (first.status !== "ok") return;

    const sent = await paystack.initiateTransfer({
      reference: "adnaira-wadapter01-1",
      amountKobo: 98_000n,
      recipientCode: first.recipientCode,
      reason: "AdNaira withdrawal WADAPTER01",
    });
    expect(sent).toMatchObject({ status: "ok", transfer: { outcome: "pending", amountKobo: 98_000n } });
    expect(
      await paystack.initiateTransfer({
        reference: "adnaira-wadapter01-1",
        amountKobo: 98_000n,
        recipientCode: first.recipientCode,
        reason: "again",
      }),
      // "Duplicate Transfer Reference": one exists, so its outcome is to be verified, never "not sent".
    ).toMatchObject({ status: "unavailable", detail: "Duplicate Transfer Reference" });
    // The sender's own time limit ends a slow request: an unknown outcome too.
    standin.setTransferDelay(1_000);
    const limited = await paystack.initiateTransfer({
      reference: "adnaira-wadapter01-2",
      amountKobo: 98_000n,
      recipientCode: first.recipientCode,
      reason: "AdNaira withdrawal WADAPTER01",
      signal: AbortSignal.timeout(100),
    });
    standin.setTransferDelay(0);
    expect(limited).toMatchObject({ status: "unavailable" });

    await standin.settleTransfer("adnaira-wadapter01-1", "failed", { reason: "Account closed", webhook: false });
    expect(await paystack.verifyTransfer("adnaira-wadapter01-1")).toMatchObject({
      status: "found",
      transfer: { outcome: "failed", failureReason: "Account closed" },
    });
    expect(await paystack.verifyTransfer("adnaira-nosuchtransfer-1")).toEqual({ status: "not-found" });
  });
});

describe("listing settlements", () => {
  it("reads Paystack's settlements, a page at a time, newest first, and answers unavailable on a 5xx", async () => {
    const older = standin.settle({
      amountKobo: 99_500n,
      feesKobo: 500n,
      settlementDate: new Date("2026-11-09T00:00:00Z"),
    });
    const newer = standin.settle({ amountKobo: 20_000n, status: "processing", deductionsKobo: 1_000n });
    const listed = await paystack.listSettlements();
    expect(listed).toMatchObject({ status: "ok", page: 1, pageCount: 1 });
    if (listed.status !== "ok") return;
    expect(listed.settlements).toEqual([
      {
        providerSettlementId: String(newer.id),
        outcome: "processing",
        amountKobo: 19_000n,
        totalKobo: 20_000n,
        currency: "NGN",
        settledAt: expect.any(Date),
      },
      {
        providerSettlementId: String(older.id),
        outcome: "success",
        amountKobo: 99_500n,
        totalKobo: 99_500n,
        currency: "NGN",
        settledAt: new Date("2026-11-09T00:00:00Z"),
      },
    ]);
    // `from` filters by when the settlement was made; a page past the last is empty.
    expect(await paystack.listSettlements({ from: new Date(Date.now() + 60_000) })).toMatchObject({
      status: "ok",
      settlements: [],
    });
    expect(await paystack.listSettlements({ page: 2 })).toMatchObject({ status: "ok", settlements: [], page: 2 });

    standin.failNext("settlements", "server-error");
    expect(await paystack.listSettlements()).toMatchObject({ status: "unavailable" });
    standin.failNext("settlements", "drop");
    expect(await paystack.listSettlements()).toMatchObject({ status: "unavailable" });
  });
});

describe("webhook signatures and events", () => {
  const body = Buffer.from(
    JSON.stringify({
      event: "charge.success",
      data: { id: 1, status: "success", reference: "UPG-X", amount: 500, currency: "NGN", fees: 8 },
    }),
  );

  it("accepts Paystack's HMAC-SHA512 of the raw body, and nothing else", () => {
    const good = paystackSignature(body, TEST_PAYSTACK_SECRET_KEY);
    expect(paystackSignatureValid(body, good, TEST_PAYSTACK_SECRET_KEY)).toBe(true);
    expect(paystackSignatureValid(body, good, "sk_test_another")).toBe(false);
    expect(paystackSignatureValid(Buffer.concat([body, Buffer.from(" ")]), good, TEST_PAYSTACK_SECRET_KEY)).toBe(false);
    expect(paystackSignatureValid(body, undefined, TEST_PAYSTACK_SECRET_KEY)).toBe(false);
    expect(paystackSignatureValid(body, "abc", TEST_PAYSTACK_SECRET_KEY)).toBe(false);
  });

  it("reads charge.success and transfer events in our words", () => {
    expect(parsePaystackEvent(body)).toMatchObject({
      event: "charge.success",
      payment: { reference: "UPG-X", outcome: "success", amountKobo: 500n, feesKobo: 8n },
    });
    const reversed = Buffer.from(
      JSON.stringify({
        event: "transfer.reversed",
        data: {
          reference: "adnaira-w1-1",
          transfer_code: "TRF_1",
          status: "reversed",
          amount: 100,
          currency: "NGN",
          gateway_response: "Bank reversed it",
        },
      }),
    );
    expect(parsePaystackEvent(reversed)).toMatchObject({
      event: "transfer.reversed",
      transfer: { outcome: "reversed", failureReason: "Bank reversed it" },
    });
    expect(parsePaystackEvent(Buffer.from(JSON.stringify({ event: "subscription.create", data: {} })))).toEqual({
      event: "other",
      name: "subscription.create",
    });
    expect(parsePaystackEvent(Buffer.from("not json"))).toBeNull();
  });
});
