import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_MESSAGES, formatKobo, koboToDecimal, MAX_AMOUNT_KOBO, parseNairaToKobo, percentOfKobo } from "./money";
import { NairaAmountSchema } from "./money-schema";

// The reference rendering (Intl's en-NG naira format). Node 20's Intl takes a decimal string, so the
// reference itself never goes through floating point either.
const intl = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
const viaIntl = (kobo: bigint) => intl.format(koboToDecimal(kobo) as Intl.StringNumericLiteral);

describe("koboToDecimal", () => {
  it("is naira with two decimals, no currency sign or grouping, exact at any size", () => {
    const cases = {
      "0.00": 0n,
      "19.60": 1_960n,
      "1000000000000.00": MAX_AMOUNT_KOBO,
      "-0.50": -50n,
      "-1234.56": -123_456n,
    };
    for (const [text, kobo] of Object.entries(cases)) expect(koboToDecimal(kobo)).toBe(text);
  });
});

describe("formatKobo", () => {
  it.each([
    [123_456n, "₦1,234.56"],
    [0n, "₦0.00"],
    [1n, "₦0.01"],
    [10n, "₦0.10"],
    [100n, "₦1.00"],
    [100_000n, "₦1,000.00"],
    [99_999_999n, "₦999,999.99"],
    [100_000_000_000n, "₦1,000,000,000.00"],
    [-123_456n, "-₦1,234.56"],
    [-1n, "-₦0.01"],
  ])("renders naira with grouping and two decimals: %s kobo", (kobo, text) => {
    expect(formatKobo(kobo)).toBe(text);
  });

  it("is exact far beyond Number.MAX_SAFE_INTEGER", () => {
    expect(formatKobo(9_223_372_036_854_775_807n)).toBe("₦92,233,720,368,547,758.07");
    expect(formatKobo(-9_223_372_036_854_775_808n)).toBe("-₦92,233,720,368,547,758.08");
  });

  it("matches Intl.NumberFormat('en-NG', NGN) for any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), (kobo) => {
        expect(formatKobo(kobo)).toBe(viaIntl(kobo));
      }),
      { numRuns: 2_000 },
    );
    for (const kobo of [0n, 5n, 50n, 99n, 100n, 999n, 1_000n, 99_999n, 100_000n, 100_001n]) {
      expect(formatKobo(kobo)).toBe(viaIntl(kobo));
      expect(formatKobo(-kobo)).toBe(viaIntl(-kobo));
    }
  });
});

/** The form's text for a refused amount, or null when it is accepted. */
const messageFor = (input: string) => {
  const result = parseNairaToKobo(input);
  return result.status === "ok" ? null : AMOUNT_MESSAGES[result.status];
};

describe("parseNairaToKobo", () => {
  it.each([
    ["20", 2_000n],
    ["20.5", 2_050n],
    ["20.50", 2_050n],
    ["0", 0n],
    ["0.01", 1n],
    ["0.1", 10n],
    ["007.5", 750n],
    ["1000", 100_000n],
    ["1,000", 100_000n],
    ["1,000.00", 100_000n],
    ["12,345,678.9", 1_234_567_890n],
    ["  1500.25 ", 150_025n],
    ["₦1,234.56", 123_456n],
    ["₦ 50", 5_000n],
  ])("accepts %j as %s kobo", (input, kobo) => {
    expect(parseNairaToKobo(input)).toEqual({ status: "ok", kobo });
  });

  it.each([
    ["", "Enter an amount."],
    ["   ", "Enter an amount."],
    ["1.234", "Use at most 2 decimal places."],
    ["0.001", "Use at most 2 decimal places."],
    ["1,000.505", "Use at most 2 decimal places."],
    ["-5", "Amount cannot be negative."],
    ["-0.01", "Amount cannot be negative."],
    ["₦-5", "Amount cannot be negative."],
  ])("rejects %j: %s", (input, message) => {
    expect(messageFor(input)).toBe(message);
  });

  it.each([
    "1e3",
    "1E3",
    "NaN",
    "Infinity",
    "abc",
    "+5",
    "0x10",
    "5.",
    ".5",
    ".",
    "1 000",
    "1,00",
    "10,00.00",
    "1,0000",
    ",100",
    "1,000,",
    "0,100",
    "1.2.3",
    "١٢٣", // Arabic-Indic digits are not \d for us
    "５",
    "12abc",
    "$5",
    "5 naira",
  ])("rejects the malformed %j", (input) => {
    expect(parseNairaToKobo(input)).toEqual({ status: "malformed" });
    expect(messageFor(input)).toBe("Enter an amount in naira, such as 1500 or 1,500.50.");
  });

  it("rejects amounts above the ceiling instead of overflowing a bigint column", () => {
    expect(parseNairaToKobo(koboToDecimal(MAX_AMOUNT_KOBO))).toEqual({ status: "ok", kobo: MAX_AMOUNT_KOBO });
    expect(parseNairaToKobo(koboToDecimal(MAX_AMOUNT_KOBO + 1n))).toEqual({ status: "too-large" });
    expect(parseNairaToKobo("9".repeat(400))).toEqual({ status: "too-large" });
    expect(messageFor("9".repeat(400))).toBe("Amount is too large.");
  });

  it("round-trips formatKobo for every amount up to the ceiling", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_KOBO }), (kobo) => {
        expect(parseNairaToKobo(formatKobo(kobo))).toEqual({ status: "ok", kobo });
        expect(parseNairaToKobo(koboToDecimal(kobo))).toEqual({ status: "ok", kobo });
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads any well-formed decimal string exactly (no floating point)", () => {
    const plain = fc
      .tuple(fc.bigInt({ min: 0n, max: MAX_AMOUNT_KOBO / 100n }), fc.constantFrom("", "d", "dd"), fc.nat(99))
      .map(([naira, shape, fraction]) => {
        const frac = shape === "" ? "" : shape === "d" ? `.${fraction % 10}` : `.${String(fraction).padStart(2, "0")}`;
        const kobo =
          naira * 100n + (shape === "" ? 0n : shape === "d" ? BigInt(fraction % 10) * 10n : BigInt(fraction));
        return { text: `${naira}${frac}`, kobo };
      })
      .filter(({ kobo }) => kobo <= MAX_AMOUNT_KOBO);
    fc.assert(
      fc.property(plain, ({ text, kobo }) => {
        expect(parseNairaToKobo(text)).toEqual({ status: "ok", kobo });
      }),
      { numRuns: 2_000 },
    );
  });

  it("never accepts three or more decimals, whatever the digits", () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{3,6}$/), (naira, decimals) => {
        expect(parseNairaToKobo(`${naira}.${decimals}`)).toEqual({ status: "too-many-decimals" });
      }),
    );
  });

  it("never throws and never returns a negative or out-of-range amount", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const result = parseNairaToKobo(input);
        if (result.status === "ok") {
          expect(result.kobo).toBeGreaterThanOrEqual(0n);
          expect(result.kobo).toBeLessThanOrEqual(MAX_AMOUNT_KOBO);
        } else {
          expect(AMOUNT_MESSAGES[result.status].length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("NairaAmountSchema", () => {
  it("parses form input to kobo and reports the same messages", () => {
    expect(NairaAmountSchema.parse("1,500.50")).toBe(150_050n);
    const bad = NairaAmountSchema.safeParse("1.234");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Use at most 2 decimal places."]);
    expect(NairaAmountSchema.safeParse(12).success).toBe(false);
  });
});

describe("percentOfKobo", () => {
  it("takes basis points of an amount, rounded half up to the kobo", () => {
    expect(percentOfKobo(100_000n, 4_000)).toBe(40_000n); // 40% of ₦1,000
    expect(percentOfKobo(12_345n, 200)).toBe(247n); // 246.9 → 247
    expect(percentOfKobo(25n, 200)).toBe(1n); // 0.5 → 1
    expect(percentOfKobo(24n, 200)).toBe(0n); // 0.48 → 0
    expect(percentOfKobo(75n, 200)).toBe(2n); // 1.5 → 2
    expect(percentOfKobo(0n, 200)).toBe(0n);
    expect(percentOfKobo(12_345n, 0)).toBe(0n);
    expect(percentOfKobo(12_345n, 10_000)).toBe(12_345n);
    expect(percentOfKobo(9_000_000_000_000_000_000n, 10_000)).toBe(9_000_000_000_000_000_000n);
  });

  it("agrees with exact rational rounding", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const result = percentOfKobo(amount, bps);
        const exactTimes10000 = amount * BigInt(bps);
        // result is the nearest kobo; an exact half goes up.
        const diff = result * 10_000n - exactTimes10000;
        expect(diff).toBeGreaterThan(-5_000n);
        expect(diff).toBeLessThanOrEqual(5_000n);
        expect(result).toBeLessThanOrEqual(amount);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses negative amounts and fractional or negative basis points", () => {
    expect(() => percentOfKobo(-1n, 200)).toThrow(RangeError);
    expect(() => percentOfKobo(100n, -1)).toThrow(RangeError);
    expect(() => percentOfKobo(100n, 2.5)).toThrow(RangeError);
    expect(() => percentOfKobo(100n, Number.NaN)).toThrow(RangeError);
  });
});
