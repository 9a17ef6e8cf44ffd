import { formatKobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import type { MemberWithdrawalStatus } from "./lifecycle";
import type { MemberWithdrawal } from "./list-withdrawals.server";

/** One withdrawal as pages show it: every figure already formatted on the server. */
export type WithdrawalHistoryItem = {
  id: string;
  reference: string;
  amount: string;
  fee: string;
  net: string;
  status: MemberWithdrawalStatus;
  requested: string;
  /** When it was paid (completed only). */
  processed: string | null;
  bankName: string;
  accountNumberLast4: string;
  /** Sent (or paid) by Paystack transfer: its code, for the member to quote to their bank. */
  transferCode: string | null;
};

/** The loaders' conversion of a listed withdrawal (listMemberWithdrawals) into what pages show. */
export function toWithdrawalHistoryItem(row: MemberWithdrawal): WithdrawalHistoryItem {
  return {
    id: row.id,
    reference: row.reference,
    amount: formatKobo(row.amountKobo),
    fee: formatKobo(row.feeKobo),
    net: formatKobo(row.netKobo),
    status: row.underReview ? "under_review" : row.status,
    requested: formatLagosDateTime(row.requestedAt),
    processed: row.processedAt ? formatLagosDateTime(row.processedAt) : null,
    bankName: row.bankName,
    accountNumberLast4: row.accountNumberLast4,
    transferCode: row.transferCode,
  };
}
