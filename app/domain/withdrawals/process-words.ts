import { WITHDRAWAL_STATUS_BADGES, type WithdrawalStatus } from "./lifecycle";

/** The admin's decisions on a withdrawal (Withdrawal Requests' buttons), by the form's intent. */
export const PROCESS_INTENTS = ["start-processing", "reject", "complete"] as const;
export type ProcessIntent = (typeof PROCESS_INTENTS)[number];

/** What a refused decision could not do, as the sentence "…so it cannot be <this>" ends. */
export const PROCESS_REFUSED: Record<ProcessIntent, string> = {
  "start-processing": "moved to Processing",
  reject: "rejected",
  complete: "marked as completed",
};

export const TRANSFER_IN_FLIGHT_TEXT =
  "A transfer through Paystack is paying this withdrawal, or its outcome is not known yet. Wait for Paystack's answer: if the transfer fails, you can retry or reject it.";

/** The "Withdrawal Updated" toast's text, which names the new status. */
export function withdrawalUpdatedText(status: WithdrawalStatus, reference: string, amount: string) {
  const label = WITHDRAWAL_STATUS_BADGES[status].label;
  if (status === "rejected")
    return `Withdrawal ${reference} (${amount}) is now ${label}. The amount has been returned to the member's balance.`;
  if (status === "processing")
    return `Withdrawal ${reference} (${amount}) is now ${label}. It goes into the next payout CSV downloaded.`;
  return `Withdrawal ${reference} (${amount}) is now ${label}.`;
}
