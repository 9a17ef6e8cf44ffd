import { describe, expect, it } from "vitest";
import { matchingStep, normaliseCode, secretForTyping, stepAt, totpCodeAt, totpUri } from "./totp";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" gives these 8-digit codes; their
// last six digits are the 6-digit codes.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("authenticator-app codes", () => {
  it("match RFC 6238's test vectors", () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe("005924");
    expect(totpCodeAt(RFC_SECRET, new Date(2_000_000_000_000))).toBe("279037");
  });

  it("accept a code from the step before or after now, and no further", () => {
    const now = new Date(1_234_567_890_000);
    const step = stepAt(now);
    const at = (steps: number) => totpCodeAt(RFC_SECRET, new Date(now.getTime() + steps * 30_000));
    expect(matchingStep(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, at(-1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, at(1), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, at(2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, at(-2), now)).toBeNull();
  });

  it("refuse anything that is not six digits", () => {
    const now = new Date();
    expect(matchingStep(RFC_SECRET, "", now)).toBeNull();
    expect(matchingStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(matchingStep(RFC_SECRET, `${totpCodeAt(RFC_SECRET, now)}0`, now)).toBeNull();
  });

  it("give apps the otpauth link with the secret, issuer and account", () => {
    const secret = RFC_SECRET;
    const uri = new URL(totpUri(secret, "ada@example.ng", "AdNaira"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("AdNaira");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toContain("ada@example.ng");
  });

  it("read typed codes without their spaces and dashes", () => {
    expect(normaliseCode(" 123 456 ")).toBe("123456");
    expect(normaliseCode("abcde-fghij")).toBe("ABCDEFGHIJ");
    expect(secretForTyping("ABCDEFGHIJKL")).toBe("ABCD EFGH IJKL");
  });
});
