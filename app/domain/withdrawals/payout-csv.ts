import { csvCell, koboToPlainNaira } from "~/domain/shared/csv";
import type { Kobo } from "~/domain/shared/money";

/**
 * The payout file for a bank's bulk-transfer upload, as pure functions (the query lives in
 * payout-export.server.ts), written cell by cell with `csvCell` (`~/domain/shared/csv`: RFC 4180,
 * a cell a spreadsheet could run as a formula gets a leading apostrophe). Only the account
 * holder's name is free text typed by a member; the other columns can never start that way (bank
 * names come from our list, codes and account numbers are digits, amounts are positive,
 * references are W + letters), so real payout data is never altered. Account numbers and bank
 * codes keep their leading zeros in the file; a spreadsheet may hide them on display, a bank's
 * upload reads the text as is.
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
