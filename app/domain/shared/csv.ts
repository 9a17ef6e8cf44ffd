import { type Kobo, koboToDecimal } from "./money";

/**
 * CSV files we write (the payout file, campaign and daily reports), RFC 4180: comma-separated,
 * CRLF after every record including the last, a field quoted when it holds a comma, a double
 * quote or a line break, inner quotes doubled.
 *
 * A file is also likely to be opened in a spreadsheet, where a cell starting with = + - @ (or tab
 * / carriage return, or their full-width forms) can run as a formula (OWASP "CSV injection").
 * Such a cell gets a leading apostrophe.
 */

const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: neutralised against formulas, then quoted if RFC 4180 requires it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** "1234.56": naira with two decimals, no currency sign, no grouping (what bank uploads expect). */
export function koboToPlainNaira(kobo: Kobo): string {
  if (kobo < 0n) throw new RangeError(`a payout amount cannot be negative (got ${kobo})`);
  return koboToDecimal(kobo);
}
