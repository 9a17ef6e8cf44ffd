import type { WithdrawalStatus } from "~/domain/withdrawals/lifecycle";

/** One withdrawal as the admin list shows it: money and dates already formatted on the server. */
export type AdminWithdrawalRow = {
  id: string;
  reference: string;
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
};
