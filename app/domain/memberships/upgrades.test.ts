import { describe, expect, it } from "vitest";
import { upgradePriceKobo } from "./upgrades";

describe("upgrade price", () => {
  it("is the new tier's price minus the current tier's", () => {
    expect(upgradePriceKobo(0n, 50_000n)).toBe(50_000n);
    expect(upgradePriceKobo(50_000n, 150_000n)).toBe(100_000n);
  });
});
