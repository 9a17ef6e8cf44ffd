import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { withdrawals } from "~/db/schema";
import { type Actor, recordAudit } from "~/domain/audit/audit.server";
import { payoutCsv } from "./payout-csv";

/**
 * The withdrawals being processed, as a CSV for the bank's bulk-transfer upload:
 * `name,bank,bank_code,account_number,net_amount,reference`, one row per processing withdrawal,
 * in the order processing started. Name is the account holder's name and the bank details are
 * the ones copied at request time; net_amount is amount − fee in naira ("1209.81"). RFC 4180
 * quoting and spreadsheet-formula neutralising: see payout-csv.ts. The caller checks
 * manage_withdrawals (the file holds account numbers: serve it with Cache-Control: no-store).
 * Every download is audited with the references it contained: who took which account numbers.
 */
export async function processingPayoutsCsv(db: Database, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await processingRows(tx);
    await recordAudit(tx, {
      actor,
      action: "withdrawal.export_payouts",
      targetType: "withdrawal",
      after: { count: rows.length, references: rows.map((row) => row.reference) },
    });
    return payoutCsv(rows.map(({ amountKobo, feeKobo, ...row }) => ({ ...row, netKobo: amountKobo - feeKobo })));
  });
}

async function processingRows(db: Database) {
  return db
    .select({
      accountHolderName: withdrawals.accountHolderName,
      bankName: withdrawals.bankName,
      bankCode: withdrawals.bankCode,
      accountNumber: withdrawals.accountNumber,
      amountKobo: withdrawals.amountKobo,
      feeKobo: withdrawals.feeKobo,
      reference: withdrawals.reference,
    })
    .from(withdrawals)
    .where(eq(withdrawals.status, "processing"))
    .orderBy(asc(withdrawals.processingAt), asc(withdrawals.requestedAt), asc(withdrawals.id));
}
