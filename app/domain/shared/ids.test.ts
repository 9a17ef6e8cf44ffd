import { describe, expect, it } from "vitest";
import { DISPLAY_ID_ALPHABET, newDisplayId, newId, newReferralCode } from "./ids";

describe("ids", () => {
  it("the display alphabet is 32 upper-case symbols without look-alikes", () => {
    expect(DISPLAY_ID_ALPHABET).toHaveLength(32);
    expect(new Set(DISPLAY_ID_ALPHABET).size).toBe(32);
    expect(DISPLAY_ID_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(DISPLAY_ID_ALPHABET).not.toMatch(/[01OI]/);
  });

  it("display ids are a prefix plus 8 symbols, referral codes 10 symbols", () => {
    const symbol = `[${DISPLAY_ID_ALPHABET}]`;
    for (let i = 0; i < 200; i++) {
      expect(newDisplayId("U")).toMatch(new RegExp(`^U${symbol}{8}$`));
      expect(newDisplayId("A")).toMatch(new RegExp(`^A${symbol}{8}$`));
      expect(newDisplayId("SA")).toMatch(new RegExp(`^SA${symbol}{8}$`));
      expect(newDisplayId("PB")).toMatch(new RegExp(`^PB${symbol}{8}$`));
      expect(newDisplayId("UPG-")).toMatch(new RegExp(`^UPG-${symbol}{8}$`));
      expect(newReferralCode()).toMatch(new RegExp(`^${symbol}{10}$`));
    }
  });

  it("primary keys are 21 URL-safe characters and do not repeat", () => {
    const ids = Array.from({ length: 2000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every symbol of the alphabet (no bias towards a subset)", () => {
    const seen = new Set(Array.from({ length: 400 }, newReferralCode).join(""));
    expect(seen.size).toBe(32);
  });
});
