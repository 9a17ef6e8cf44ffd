import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_STATUSES,
  campaignBudget,
  campaignFeePerViewKobo,
  campaignFeeRuleRefusal,
  FEE_RULE_REFUSALS,
  MIN_CAMPAIGN_REWARD_KOBO,
  paymentConfirmationOutcome,
  viewPricing,
  type CampaignStatus,
} from "./rules";

describe("what a view costs, as /advertise says it", () => {
  it("is the least reward plus the fee setting's share of it, rounded up to the kobo", () => {
    expect(viewPricing(2_000)).toEqual({ minReward: "₦1.00", feePercent: "20%", minViewCost: "₦1.20" });
    expect(viewPricing(1_250)).toEqual({ minReward: "₦1.00", feePercent: "12.5%", minViewCost: "₦1.13" });
    expect(viewPricing(0)).toEqual({ minReward: "₦1.00", feePercent: "0%", minViewCost: "₦1.00" });
  });
});

describe("a campaign's fee per view", () => {
  it("is nothing at 0%", () => {
    expect(campaignFeePerViewKobo(1n, 0)).toBe(0n);
    expect(campaignFeePerViewKobo(100n, 0)).toBe(0n);
    expect(campaignFeePerViewKobo(100_000_000n, 0)).toBe(0n);
  });

  it("is exact when the share comes to whole kobo", () => {
    expect(campaignFeePerViewKobo(1_000n, 2_000)).toBe(200n); // 20% of ₦10.00
    expect(campaignFeePerViewKobo(1_250n, 2_000)).toBe(250n);
    expect(campaignFeePerViewKobo(100n, 100)).toBe(1n); // 1% of ₦1.00
    expect(campaignFeePerViewKobo(10_000n, 1_250)).toBe(1_250n); // 12.5% of ₦100.00
  });

  it("rounds any fraction of a kobo up, so a fee above 0% is never 0", () => {
    expect(campaignFeePerViewKobo(1n, 2_000)).toBe(1n); // 0.2 kobo
    expect(campaignFeePerViewKobo(100n, 50)).toBe(1n); // 0.5% of ₦1.00: 0.5 kobo
    expect(campaignFeePerViewKobo(100n, 1)).toBe(1n); // 0.01% of ₦1.00: 0.01 kobo
    expect(campaignFeePerViewKobo(101n, 2_000)).toBe(21n); // 20.2 kobo (not 20, as rounding to the nearest would)
    expect(campaignFeePerViewKobo(333n, 2_000)).toBe(67n); // 66.6 kobo
    expect(campaignFeePerViewKobo(199n, 5_000)).toBe(100n); // 99.5 kobo
  });

  it("is the whole reward at 100%", () => {
    expect(campaignFeePerViewKobo(1n, 10_000)).toBe(1n);
    expect(campaignFeePerViewKobo(100n, 10_000)).toBe(100n);
    expect(campaignFeePerViewKobo(123_456_789n, 10_000)).toBe(123_456_789n);
  });

  it("is the exact share rounded up: less than a kobo above it, at least 1 kobo above 0%, never over the reward", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: MIN_CAMPAIGN_REWARD_KOBO, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 10_000 }),
        (reward, bps) => {
          const fee = campaignFeePerViewKobo(reward, bps);
          const over = fee * 10_000n - reward * BigInt(bps); // in 1/10,000 of a kobo
          expect(over).toBeGreaterThanOrEqual(0n);
          expect(over).toBeLessThan(10_000n);
          if (bps > 0) expect(fee).toBeGreaterThanOrEqual(1n);
          expect(fee).toBeLessThanOrEqual(reward);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("is what the budget charges on every view", () => {
    expect(campaignBudget({ rewardKobo: 101n, viewsWanted: 3, feeBps: 2_000 })).toEqual({
      feePerViewKobo: 21n,
      rewardsKobo: 303n,
      feeKobo: 63n,
      budgetKobo: 366n,
    });
  });
});

describe("a stored campaign against the fee rules", () => {
  it("keeps them from ₦1.00 a view with a fee above 0%, or no fee at 0%", () => {
    expect(campaignFeeRuleRefusal({ rewardKobo: 100n, feeBps: 50, feePerViewKobo: 1n })).toBeNull();
    expect(campaignFeeRuleRefusal({ rewardKobo: 100n, feeBps: 0, feePerViewKobo: 0n })).toBeNull();
  });

  it("breaks them under ₦1.00 a view, or with no fee while the setting was above 0%", () => {
    expect(campaignFeeRuleRefusal({ rewardKobo: 99n, feeBps: 2000, feePerViewKobo: 20n })).toEqual({
      status: "reward-below-minimum",
      minKobo: 100n,
    });
    expect(campaignFeeRuleRefusal({ rewardKobo: 100n, feeBps: 50, feePerViewKobo: 0n })).toEqual({
      status: "fee-missing",
    });
    expect(FEE_RULE_REFUSALS["reward-below-minimum"]).toBe(
      "This campaign's reward is below ₦1.00 a view; create a new campaign.",
    );
  });
});

describe("what confirming a campaign's bank payment does", () => {
  const now = new Date("2025-03-10T12:00:00Z");
  const unpaid = {
    status: "awaiting_payment" as CampaignStatus,
    endsAt: null as Date | null,
    rewardKobo: 1_000n,
    feeBps: 2000,
    feePerViewKobo: 200n,
  };

  it("funds a campaign awaiting payment that keeps the fee rules and has not ended", () => {
    expect(paymentConfirmationOutcome(unpaid, false, now)).toBe("campaign");
    expect(paymentConfirmationOutcome({ ...unpaid, endsAt: new Date(now.getTime() + 1) }, false, now)).toBe("campaign");
  });

  it("books it to the advertiser's balance once the campaign's end date has passed", () => {
    expect(paymentConfirmationOutcome({ ...unpaid, endsAt: now }, false, now)).toBe("balance");
    expect(paymentConfirmationOutcome({ ...unpaid, endsAt: new Date(now.getTime() - 86_400_000) }, false, now)).toBe(
      "balance",
    );
  });

  it("books it to the balance when the campaign breaks the fee rules (it may not run)", () => {
    expect(paymentConfirmationOutcome({ ...unpaid, rewardKobo: 50n, feePerViewKobo: 10n }, false, now)).toBe("balance");
    expect(
      paymentConfirmationOutcome({ ...unpaid, rewardKobo: 100n, feeBps: 50, feePerViewKobo: 0n }, false, now),
    ).toBe("balance");
  });

  it("books it to the balance when the campaign left awaiting payment", () => {
    for (const status of ["in_review", "active", "completed", "cancelled", "rejected"] as const) {
      expect(paymentConfirmationOutcome({ ...unpaid, status }, false, now), status).toBe("balance");
    }
  });

  it("does nothing for a draft (no reference given out yet) or a payment booked already", () => {
    expect(paymentConfirmationOutcome({ ...unpaid, status: "draft" }, false, now)).toBeNull();
    for (const status of CAMPAIGN_STATUSES) {
      expect(paymentConfirmationOutcome({ ...unpaid, status }, true, now), status).toBeNull();
    }
  });
});
