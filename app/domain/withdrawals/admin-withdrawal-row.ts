import { formatKobo } from "~/domain/shared/money";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { reviewNoteOf } from "./auto-pay-holds";
import type { WithdrawalStatus } from "./lifecycle";
import type { AdminWithdrawal } from "./list-withdrawals.server";
import { offersPayByTransfer } from "./payout-progress";

/** One withdrawal as Withdrawal Requests shows it: money and dates already formatted on the server. */
export type AdminWithdrawalRow = {
  id: string;
  reference: string;
  userId: string;
  userName: string;
  userEmail: string;
  userDisplayId: string;
  amount: string;
  fee: string;
  net: string;
  status: WithdrawalStatus;
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountHolderName: string;
  requestedAt: string;
  requestedAtText: string;
  processedAt: string | null;
  processedAtText: string | null;
  /** The payout file ("PB…") it was downloaded in; null until then. */
  payoutBatch: string | null;
  /** The transfer through Paystack that paid (or is paying) it, and when it was sent. */
  transferCode: string | null;
  sentAtText: string | null;
  /** Why its last transfer failed or was reversed: it is processing again, to retry or reject. */
  transferFailureReason: string | null;
  /**
   * On its way to Paystack: queued, being sent (the payout worker's job), or its transfer's
   * outcome unknown and being checked; null when nothing is in progress.
   */
  payoutState: "queued" | "sending" | "checking" | null;
  /**
   * Why it waits for an admin's check, while it waits (the automatic payout's reason, or the
   * member's freeze); null when there is nothing to say.
   */
  reviewNote: string | null;
  /** Whether "Pay via Paystack" is offered (the provider is on, it is processing, in no payout file, nothing in progress). */
  payable: boolean;
};

/**
 * The loader's conversion of a listed withdrawal (listWithdrawalsForAdmin) into what the admin
 * list shows: `payoutState` where it stands on the way to Paystack (payoutStatesOf; null when
 * nothing is in progress), `payByTransfer` whether Paystack is on.
 */
export function toAdminWithdrawalRow(
  w: AdminWithdrawal,
  { payoutState, payByTransfer }: { payoutState: AdminWithdrawalRow["payoutState"]; payByTransfer: boolean },
): AdminWithdrawalRow {
  return {
    id: w.id,
    reference: w.reference,
    userId: w.userId,
    // An advertiser's payout reads as their business, marked as such (the person is on the next line's email).
    userName: w.businessName ? `${w.businessName} (advertiser: ${w.userName})` : w.userName,
    userEmail: w.userEmail,
    userDisplayId: w.userDisplayId,
    amount: formatKobo(w.amountKobo),
    fee: formatKobo(w.feeKobo),
    net: formatKobo(w.netKobo),
    status: w.status,
    bankName: w.bankName,
    bankCode: w.bankCode,
    accountNumber: w.accountNumber,
    accountHolderName: w.accountHolderName,
    requestedAt: w.requestedAt.toISOString(),
    requestedAtText: formatLagosDateTime(w.requestedAt),
    processedAt: w.processedAt ? w.processedAt.toISOString() : null,
    processedAtText: w.processedAt ? formatLagosDateTime(w.processedAt) : null,
    payoutBatch: w.payoutBatch,
    transferCode: w.transferCode,
    sentAtText: w.sentAt ? formatLagosDateTime(w.sentAt) : null,
    transferFailureReason: w.transferFailureReason,
    payoutState,
    reviewNote: reviewNoteOf(w),
    payable: payByTransfer && offersPayByTransfer(w, payoutState !== null),
  };
}
