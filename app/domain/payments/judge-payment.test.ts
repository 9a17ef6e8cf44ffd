import { describe, expect, it } from "vitest";
import { HELD_REASONS, judgePayment } from "./judge-payment";
import type { ProviderPaymentReport } from "./provider";

const attempt = { reference: "UPG-ABCD1234", amountKobo: 5_000_00n };
const paid = (over: Partial<ProviderPaymentReport> = {}): ProviderPaymentReport => ({
  reference: attempt.reference,
  outcome: "success",
  providerTransactionId: "4099260516",
  amountKobo: attempt.amountKobo,
  currency: "NGN",
  feesKobo: 75_00n,
  paidAt: new Date("2026-11-29T10:00:00Z"),
  gatewayResponse: "Approved",
  ...over,
});

describe("judgePayment", () => {
  it("books a success paid as asked (reference, naira, amount, a fee within the payment)", () => {
    expect(judgePayment(attempt, paid())).toEqual({ verdict: "book" });
    expect(judgePayment(attempt, paid({ feesKobo: 0n }))).toEqual({ verdict: "book" });
    expect(judgePayment(attempt, paid({ feesKobo: attempt.amountKobo }))).toEqual({ verdict: "book" });
  });

  it("holds a success that is not what was asked, with the reason an admin reads", () => {
    expect(judgePayment(attempt, paid({ reference: "UPG-OTHER" }))).toEqual({
      verdict: "hold",
      reason: HELD_REASONS.reference("UPG-OTHER", attempt.reference),
    });
    expect(judgePayment(attempt, paid({ currency: "USD" }))).toEqual({
      verdict: "hold",
      reason: HELD_REASONS.currency("USD"),
    });
    expect(judgePayment(attempt, paid({ amountKobo: 4_999_99n }))).toEqual({
      verdict: "hold",
      reason: HELD_REASONS.amount("₦4,999.99", "₦5,000.00"),
    });
    expect(judgePayment(attempt, paid({ feesKobo: -1n })).verdict).toBe("hold");
    expect(judgePayment(attempt, paid({ feesKobo: attempt.amountKobo + 1n })).verdict).toBe("hold");
  });

  it("reads failed and reversed as failed, abandoned as abandoned, and the rest as not known yet", () => {
    expect(judgePayment(attempt, paid({ outcome: "failed" }))).toEqual({ verdict: "not-paid", status: "failed" });
    expect(judgePayment(attempt, paid({ outcome: "reversed" }))).toEqual({ verdict: "not-paid", status: "failed" });
    expect(judgePayment(attempt, paid({ outcome: "abandoned" }))).toEqual({ verdict: "not-paid", status: "abandoned" });
    for (const outcome of ["ongoing", "pending", "processing", "queued"] as const) {
      expect(judgePayment(attempt, paid({ outcome }))).toEqual({ verdict: "pending" });
    }
  });
});
