import { describe, expect, it } from "vitest";
import { AdvertMoneyLimitsSchema } from "./advert-money-limits-validation";

const parse = (maxAdvertReward: string, maxAdvertBudget: string) =>
  AdvertMoneyLimitsSchema.safeParse({ maxAdvertReward, maxAdvertBudget });
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("AdvertMoneyLimitsSchema", () => {
  it("reads naira with kobo precision into kobo", () => {
    expect(parse("1,000.00", "1,000,000")).toEqual({
      success: true,
      data: { maxAdvertRewardKobo: 100_000n, maxAdvertBudgetKobo: 100_000_000n },
    });
    expect(parse(" ₦0.01 ", "0.01")).toMatchObject({
      success: true,
      data: { maxAdvertRewardKobo: 1n, maxAdvertBudgetKobo: 1n },
    });
    expect(parse("100,000", "100,000,000")).toMatchObject({
      success: true,
      data: { maxAdvertRewardKobo: 10_000_000n, maxAdvertBudgetKobo: 10_000_000_000n },
    });
  });

  it.each([
    ["0", "1000", "maxAdvertReward: Maximum reward per click must be more than ₦0.00."],
    ["1000", "0.00", "maxAdvertBudget: Maximum budget per advert must be more than ₦0.00."],
    ["100,000.01", "1000000", "maxAdvertReward: Maximum reward per click can be at most ₦100,000.00."],
    ["1000", "100,000,000.01", "maxAdvertBudget: Maximum budget per advert can be at most ₦100,000,000.00."],
    ["1,000,000,000,000", "1000000", "maxAdvertReward: Maximum reward per click can be at most ₦100,000.00."],
    ["1.234", "1000", "maxAdvertReward: Use at most 2 decimal places."],
    ["-5", "1000", "maxAdvertReward: Amount cannot be negative."],
    ["1e3", "1000", "maxAdvertReward: Enter an amount in naira, such as 1500 or 1,500.50."],
    ["", "1000", "maxAdvertReward: Enter an amount."],
    ["2000", "1000", "maxAdvertBudget: Maximum budget per advert cannot be below the maximum reward per click."],
  ])("refuses reward %s, budget %s", (reward, budget, message) => {
    expect(messages(parse(reward, budget))).toEqual([message]);
  });
});
