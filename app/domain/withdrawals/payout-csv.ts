import { type Kobo, koboToDecimal } from "~/domain/shared/money";

/**
 * The payout file for a bank's bulk-transfer upload, as pure functions (the query lives in
 * payout-export.server.ts). RFC 4180: comma-separated, CRLF after every record including the
 * last, a field quoted when it holds a comma, a double quote or a line break, inner quotes doubled.
 *
 * The file is also likely to be opened in a spreadsheet, where a cell starting with = + - @
 * (or tab / carriage return, or their full-width forms) can run as a formula (OWASP "CSV
 * injection"). Such a cell gets a leading apostrophe. Only the account holder's name is free
 * text typed by a member; the other columns can never start that way (bank names come from our
 * list, codes and account numbers are digits, amounts are positive, references are W + letters),
 * so real payout data is never altered. Account numbers and bank codes keep their leading zeros
 * in the file; a spreadsheet may hide them on display, a bank's upload reads the text as is.
 */

export const PAYOUT_CSV_HEADER = "name,bank,bank_code,account_number,net_amount,reference";

export type PayoutCsvRow = {
  accountHolderName: string;
  bankName: string;
  bankCode: string;
  accountNumber: string;
  netKobo: Kobo;
  reference: string;
};

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

export function payoutCsv(rows: readonly PayoutCsvRow[]): string {
  const lines = [PAYOUT_CSV_HEADER];
  for (const row of rows) {
    lines.push(
      [
        row.accountHolderName,
        row.bankName,
        row.bankCode,
        row.accountNumber,
        koboToPlainNaira(row.netKobo),
        row.reference,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.map((line) => `${line}\r\n`).join("");
}
