import { describe, expect, it } from "vitest";
import { PERCENTAGE_MESSAGES } from "~/domain/shared/percentage-schema";
import { WITHDRAWAL_LIMIT_MESSAGES as M, WithdrawalLimitsSchema } from "./withdrawal-limits-validation";

const parse = (minWithdrawal: string, maxWithdrawal: string, advertiserMaxWithdrawal: string, withdrawalFee: string) =>
  WithdrawalLimitsSchema.safeParse({ minWithdrawal, maxWithdrawal, advertiserMaxWithdrawal, withdrawalFee });
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("WithdrawalLimitsSchema", () => {
  it("reads naira into kobo and the fee percentage into basis points", () => {
    expect(parse("10", "1,000.00", "₦1,000,000", "2")).toEqual({
      success: true,
      data: {
        minWithdrawalKobo: 1_000n,
        maxWithdrawalKobo: 100_000n,
        advertiserMaxWithdrawalKobo: 100_000_000n,
        withdrawalFeeBps: 200,
      },
    });
    expect(parse("0.01", "0.01", "0.01", "2.5%")).toMatchObject({
      success: true,
      data: { minWithdrawalKobo: 1n, maxWithdrawalKobo: 1n, advertiserMaxWithdrawalKobo: 1n, withdrawalFeeBps: 250 },
    });
    expect(parse("10", "1000", "1000", "0")).toMatchObject({ success: true, data: { withdrawalFeeBps: 0 } });
    expect(parse("10", "1000", "1000", "50")).toMatchObject({ success: true, data: { withdrawalFeeBps: 5_000 } });
  });

  it.each([
    [["0", "1000", "1000", "2"], `minWithdrawal: ${M.minNotPositive}`],
    [["10", "0.00", "1000", "2"], `maxWithdrawal: ${M.maxNotPositive}`],
    [["10", "1000", "0", "2"], `advertiserMaxWithdrawal: ${M.advertiserMaxNotPositive}`],
    [["100", "99.99", "1000", "2"], `maxWithdrawal: ${M.maxBelowMin}`],
    [["100", "1000", "99", "2"], `advertiserMaxWithdrawal: ${M.advertiserMaxBelowMin}`],
    [["10", "1000", "1000", "50.01"], `withdrawalFee: ${M.feeAboveCap}`],
    [["10", "1000", "1000", "101"], `withdrawalFee: ${PERCENTAGE_MESSAGES.outOfRange}`],
    [["10", "1000", "1000", "2.555"], `withdrawalFee: ${PERCENTAGE_MESSAGES.tooManyDecimals}`],
    [["10", "1000", "1000", "-2"], `withdrawalFee: ${PERCENTAGE_MESSAGES.malformed}`],
    [["10.001", "1000", "1000", "2"], "minWithdrawal: Use at most 2 decimal places."],
    [["10", "1e3", "1000", "2"], "maxWithdrawal: Enter an amount in naira, such as 1500 or 1,500.50."],
    [["", "1000", "1000", "2"], "minWithdrawal: Enter an amount."],
  ])("refuses %j", (fields, message) => {
    const [min, max, advertiserMax, fee] = fields as [string, string, string, string];
    expect(messages(parse(min, max, advertiserMax, fee))).toEqual([message]);
  });
});
