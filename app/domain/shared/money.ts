import type { RefusalTexts } from "./outcome";

/**
 * Money is integer kobo (₦1 = 100 kobo) held in a `bigint`, end to end: database columns are
 * `bigint`, drizzle reads them as `bigint`, and nothing on a money path is ever a `number`.
 */
export type Kobo = bigint;

export const KOBO_PER_NAIRA = 100n;

/**
 * The largest amount a person may type: ₦1,000,000,000,000.00 (10^14 kobo). Far above any real
 * payment, and far enough below PostgreSQL's bigint (9.2 × 10^18) that sums of such amounts
 * still fit.
 */
export const MAX_AMOUNT_KOBO: Kobo = 100_000_000_000_000n;

export type ParseKoboResult =
  | { status: "ok"; kobo: Kobo }
  | { status: "empty" }
  | { status: "malformed" }
  | { status: "negative" }
  | { status: "too-many-decimals" }
  | { status: "too-large" };

/** What a form says for each refusal of {@link parseNairaToKobo}. */
export const AMOUNT_MESSAGES: RefusalTexts<ParseKoboResult> = {
  empty: "Enter an amount.",
  malformed: "Enter an amount in naira, such as 1500 or 1,500.50.",
  negative: "Amount cannot be negative.",
  "too-many-decimals": "Use at most 2 decimal places.",
  "too-large": "Amount is too large.",
};

// Whole naira: plain ASCII digits ("1500", leading zeros allowed), or correctly grouped thousands
// ("1,500", "12,345,678"; the first group has no leading zero). Nothing else: no exponent, sign,
// spaces, other digit systems, "5." or ".5".
const WHOLE = String.raw`(\d+|[1-9]\d{0,2}(?:,\d{3})+)`;
const AMOUNT = new RegExp(`^${WHOLE}(?:\\.(\\d{1,2}))?$`);
const TOO_MANY_DECIMALS = new RegExp(`^${WHOLE}\\.\\d{3,}$`);
const MAX_WHOLE_DIGITS = (MAX_AMOUNT_KOBO / KOBO_PER_NAIRA).toString().length;

/**
 * Reads a naira amount typed by a person into kobo, exactly (string arithmetic, no floats).
 *
 * Accepted: "20", "20.5", "20.50", "1,000.00", "0.01", surrounding spaces, and a leading "₦" (so
 * a pasted formatted amount reads back). Refused, each with its status (and its text in
 * {@link AMOUNT_MESSAGES}):
 * empty input, a minus sign, more than 2 decimals ("1.234" is not rounded), anything above
 * {@link MAX_AMOUNT_KOBO}, and everything else that is not a plain decimal ("1e3", "NaN", "+5",
 * ".5", "5.", "1,00", "1 000").
 *
 * Zero is accepted; whether it is allowed (minimums, "above 0") is the caller's rule.
 */
export function parseNairaToKobo(input: string): ParseKoboResult {
  let text = input.trim();
  if (text.startsWith("₦")) text = text.slice(1).trimStart();
  if (text === "") return { status: "empty" };
  if (text.startsWith("-")) {
    const rest = text.slice(1);
    const looksNumeric = AMOUNT.test(rest) || TOO_MANY_DECIMALS.test(rest);
    return { status: looksNumeric ? "negative" : "malformed" };
  }
  const match = AMOUNT.exec(text);
  if (!match) return { status: TOO_MANY_DECIMALS.test(text) ? "too-many-decimals" : "malformed" };
  const whole = match[1]!.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  // Checked on the digit count first so a megabyte of digits is never turned into a BigInt.
  if (whole.length > MAX_WHOLE_DIGITS) return { status: "too-large" };
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const kobo = BigInt(whole) * KOBO_PER_NAIRA + BigInt(fraction);
  if (kobo > MAX_AMOUNT_KOBO) return { status: "too-large" };
  return { status: "ok", kobo };
}

/**
 * "₦1,234.56" — the exact text of `Intl.NumberFormat('en-NG', {style: 'currency', currency: 'NGN'})`
 * (negative: "-₦1,234.56"), built from the digits of the bigint so it is exact at any size and
 * identical on the server and in every browser, whatever ICU data the browser ships (older
 * Android WebViews render "NGN"): no hydration mismatch. A test pins it to Intl's output.
 */
export function formatKobo(kobo: Kobo): string {
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  const whole = (abs / KOBO_PER_NAIRA).toString();
  const fraction = (abs % KOBO_PER_NAIRA).toString().padStart(2, "0");
  let grouped = "";
  for (let end = whole.length; end > 0; end -= 3) {
    const group = whole.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${group},${grouped}` : group;
  }
  return `${negative ? "-" : ""}₦${grouped}.${fraction}`;
}

/**
 * "1234.56": naira with two decimals, no currency sign, no grouping ("-0.50" when negative), from
 * the digits of the bigint. What an amount input shows as its value, what a bank upload expects,
 * and the decimal string `Intl.NumberFormat` takes without going through floating point.
 */
export function koboToDecimal(kobo: Kobo): string {
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  return `${negative ? "-" : ""}${abs / KOBO_PER_NAIRA}.${(abs % KOBO_PER_NAIRA).toString().padStart(2, "0")}`;
}

/**
 * `bps` basis points (1/100 of a percent: 200 = 2%, 4000 = 40%) of a non-negative amount, to the
 * kobo: rounded to the nearest with halves going up (withdrawal fees, percentage referral
 * rewards), or with `"up"` to the next whole kobo (a campaign's fee, which is then never 0 when
 * both the amount and the percentage are above 0).
 */
export function percentOfKobo(amount: Kobo, bps: number, rounding: "nearest" | "up" = "nearest"): Kobo {
  if (amount < 0n) throw new RangeError(`percentOfKobo: amount must not be negative (got ${amount})`);
  if (!Number.isSafeInteger(bps) || bps < 0) {
    throw new RangeError(`percentOfKobo: basis points must be a non-negative integer (got ${bps})`);
  }
  return (amount * BigInt(bps) + (rounding === "up" ? 9_999n : 5_000n)) / 10_000n;
}
