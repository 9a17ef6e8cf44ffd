import { describe, expect, it } from "vitest";
import { TRANSFER_REFERENCE_PATTERN, transferReference } from "./transfer-reference";

describe("transferReference", () => {
  it("is the withdrawal's reference, lowercased, with the attempt", () => {
    expect(transferReference("W7K3M9P2Q", 1)).toBe("adnaira-w7k3m9p2q-1");
    expect(transferReference("W7K3M9P2Q", 2)).toBe("adnaira-w7k3m9p2q-2");
  });

  it("keeps only Paystack's characters and its 16 to 50 length", () => {
    for (const [ref, attempt] of [
      ["W7K3M9P2Q", 1],
      ["W7K3M9P2Q", 12345],
      ["W.1", 1],
      ["AB CD/EF", 3],
    ] as const) {
      expect(transferReference(ref, attempt)).toMatch(TRANSFER_REFERENCE_PATTERN);
    }
    expect(transferReference("W.1", 1)).toBe("adnaira-w10000-1");
  });

  it("differs per attempt, so a retry is a new transfer", () => {
    expect(new Set([1, 2, 3].map((a) => transferReference("W7K3M9P2Q", a))).size).toBe(3);
  });

  it("refuses what cannot be a reference", () => {
    expect(() => transferReference("W7K3M9P2Q", 0)).toThrow(RangeError);
    expect(() => transferReference("...", 1)).toThrow(RangeError);
    expect(() => transferReference("W".repeat(45), 1)).toThrow(RangeError);
  });
});
