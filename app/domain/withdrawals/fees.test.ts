import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { percentOfKobo } from "~/domain/shared/money";
import { isWithdrawalIdempotencyKey, smallestPayableAmountKobo, withdrawalBreakdown, withdrawalFeeKobo } from "./fees";

describe("withdrawalFeeKobo", () => {
  it("is the settings' percentage of the amount, rounded to the kobo with halves going up", () => {
    expect(withdrawalFeeKobo(2_000n, 200)).toBe(40n); // ₦20.00 at 2% = ₦0.40
    expect(withdrawalFeeKobo(100_000n, 200)).toBe(2_000n); // ₦1,000 at 2% = ₦20
    expect(withdrawalFeeKobo(2_525n, 200)).toBe(51n); // 50.5 kobo → 51 (half up)
    expect(withdrawalFeeKobo(2_524n, 200)).toBe(50n); // 50.48 → 50
    expect(withdrawalFeeKobo(24n, 200)).toBe(0n); // 0.48 → 0
    expect(withdrawalFeeKobo(25n, 200)).toBe(1n); // 0.5 → 1
    expect(withdrawalFeeKobo(1_000n, 0)).toBe(0n);
    expect(withdrawalFeeKobo(1_000n, 250)).toBe(25n); // 2.5%
  });

  it("agrees with percentOfKobo (one rounding rule for every percentage)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 9_999 }), (amount, bps) => {
        expect(withdrawalFeeKobo(amount, bps)).toBe(percentOfKobo(amount, bps));
      }),
    );
  });

  it("refuses what is not money or not a percentage", () => {
    expect(() => withdrawalFeeKobo(-1n, 200)).toThrow(RangeError);
    expect(() => withdrawalFeeKobo(100n, -1)).toThrow(RangeError);
    expect(() => withdrawalFeeKobo(100n, 1.5)).toThrow(RangeError);
  });
});

describe("withdrawalBreakdown", () => {
  it("splits an amount into fee and what the bank receives", () => {
    expect(withdrawalBreakdown(2_000n, 200)).toEqual({ amountKobo: 2_000n, feeKobo: 40n, netKobo: 1_960n });
    expect(withdrawalBreakdown(1n, 0)).toEqual({ amountKobo: 1n, feeKobo: 0n, netKobo: 1n });
  });

  it("fee + net = amount, and the fee never exceeds the amount, for fees below 100%", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 9_999 }), (amount, bps) => {
        const { feeKobo, netKobo } = withdrawalBreakdown(amount, bps);
        expect(feeKobo + netKobo).toBe(amount);
        expect(feeKobo >= 0n && feeKobo <= amount).toBe(true);
      }),
    );
  });
});

describe("smallestPayableAmountKobo", () => {
  it("is the least amount whose fee leaves the bank something", () => {
    expect(smallestPayableAmountKobo(0)).toBe(1n);
    expect(smallestPayableAmountKobo(200)).toBe(1n);
    expect(smallestPayableAmountKobo(4_999)).toBe(1n);
    expect(smallestPayableAmountKobo(5_000)).toBe(2n); // 1 kobo at 50% rounds to a 1-kobo fee
    expect(smallestPayableAmountKobo(9_999)).toBe(5_001n);
    expect(smallestPayableAmountKobo(10_000)).toBeNull();
    expect(smallestPayableAmountKobo(12_000)).toBeNull();
  });

  it("is exact: net > 0 at the amount and not one kobo below", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999 }), (bps) => {
        const least = smallestPayableAmountKobo(bps)!;
        expect(withdrawalBreakdown(least, bps).netKobo > 0n).toBe(true);
        if (least > 1n) expect(withdrawalBreakdown(least - 1n, bps).netKobo).toBe(0n);
      }),
    );
  });
});

describe("isWithdrawalIdempotencyKey", () => {
  it("accepts 16–100 URL-safe characters", () => {
    expect(isWithdrawalIdempotencyKey("a".repeat(16))).toBe(true);
    expect(isWithdrawalIdempotencyKey("Ab3_-".repeat(20))).toBe(true);
    expect(isWithdrawalIdempotencyKey("V1StGXR8_Z5jdHi6B-myT")).toBe(true); // a newId()
  });

  it.each([
    ["too short", "a".repeat(15)],
    ["too long", "a".repeat(101)],
    ["a space", "abcdefgh ijklmnopq"],
    ["a colon", "withdrawal:abcdefghijk"],
    ["non-ASCII", "ábcdefghijklmnopq"],
    ["empty", ""],
  ])("refuses %s", (_label, key) => {
    expect(isWithdrawalIdempotencyKey(key)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect(isWithdrawalIdempotencyKey(undefined)).toBe(false);
    expect(isWithdrawalIdempotencyKey(1234567890123456)).toBe(false);
  });
});
