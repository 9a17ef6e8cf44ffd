import { describe, expect, it } from "vitest";
import { formatBps } from "./percentage";
import { PercentageBpsSchema } from "./percentage-schema";

describe("formatBps", () => {
  it("reads basis points as a percentage", () => {
    expect(formatBps(200)).toBe("2%");
    expect(formatBps(250)).toBe("2.5%");
    expect(formatBps(0)).toBe("0%");
    expect(formatBps(1)).toBe("0.01%");
    expect(formatBps(2_000)).toBe("20%");
    expect(formatBps(1_250)).toBe("12.5%");
    expect(formatBps(1_205)).toBe("12.05%");
    expect(formatBps(10_000)).toBe("100%");
  });

  it("shows basis points back as the percentage typed, without the sign for a form field", () => {
    expect([0, 500, 1250, 1234, 4000, 10_000, 5].map((bps) => formatBps(bps, { percentSign: false }))).toEqual([
      "0",
      "5",
      "12.5",
      "12.34",
      "40",
      "100",
      "0.05",
    ]);
  });

  it("keeps the sign of a negative change and drops any fraction of a basis point", () => {
    expect(formatBps(-250)).toBe("-2.5%");
    expect(formatBps(-5, { percentSign: false })).toBe("-0.05");
    expect(formatBps(1_250.9)).toBe("12.5%");
  });

  it("is the inverse of the percentage a person types", () => {
    for (let bps = 0; bps <= 10_000; bps++) {
      expect(PercentageBpsSchema.parse(formatBps(bps, { percentSign: false }))).toBe(bps);
      expect(PercentageBpsSchema.parse(formatBps(bps))).toBe(bps);
    }
  });
});
