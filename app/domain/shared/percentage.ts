/**
 * Basis points (1/100 of a percent) as people read a percentage: 2000 → "20%", 1250 → "12.5%",
 * 1234 → "12.34%", 5 → "0.05%". Whole-number arithmetic on the digits, never a float division;
 * `{ percentSign: false }` gives the bare number a form field shows back ("12.5"). Display only:
 * money is computed with `percentOfKobo` (`./money`).
 */
export function formatBps(bps: number, options: { percentSign?: boolean } = {}): string {
  const sign = bps < 0 ? "-" : "";
  const digits = String(Math.abs(Math.trunc(bps))).padStart(3, "0");
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}${options.percentSign === false ? "" : "%"}`;
}
