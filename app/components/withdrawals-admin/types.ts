import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";

/** One withdrawal as the admin list shows it: money and dates already formatted on the server. */
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
