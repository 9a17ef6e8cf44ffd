import { describe, expect, it } from "vitest";
import { referralRewardKobo } from "./rewards";

const rule = {
  referralActive: true,
  referralRewardType: "percentage" as const,
  referralFixedKobo: 10_000n,
  referralPercentBps: 4_000,
};

describe("referral reward", () => {
  it("percentage: of what was paid, rounded to the kobo with halves up", () => {
    expect(referralRewardKobo(rule, 50_000n)).toBe(20_000n);
    expect(referralRewardKobo({ ...rule, referralPercentBps: 3_333 }, 15n)).toBe(5n); // 4.9995 → 5
    expect(referralRewardKobo({ ...rule, referralPercentBps: 5_000 }, 1n)).toBe(1n); // 0.5 → 1
    expect(referralRewardKobo({ ...rule, referralPercentBps: 0 }, 50_000n)).toBe(0n);
  });

  it("fixed: the amount set, never more than what was paid", () => {
    const fixed = { ...rule, referralRewardType: "fixed" as const };
    expect(referralRewardKobo(fixed, 50_000n)).toBe(10_000n);
    expect(referralRewardKobo(fixed, 9_999n)).toBe(9_999n);
    expect(referralRewardKobo({ ...rule, referralPercentBps: 10_000 }, 7_777n)).toBe(7_777n);
  });

  it("nothing when the rule is off", () => {
    expect(referralRewardKobo({ ...rule, referralActive: false }, 50_000n)).toBeNull();
  });
});
