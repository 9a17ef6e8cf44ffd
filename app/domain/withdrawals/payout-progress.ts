import type { PayoutJobOutcome } from "~/db/schema";
import type { StatusBadges } from "~/domain/shared/status-badges";

/**
 * Where a queued payout stands, as the progress panel on Withdrawal Requests shows it: the job's
 * own state until it is done, then the state of the transfer it sent (followed live, so a
 * transfer Paystack settles later reads as paid or not paid), or why it was not sent. The words
 * say only what is known: "Outcome unknown" while Paystack has not said, "Not paid" only once it
 * has (or once it has said it has no such transfer, long enough after the request ended).
 */
export const PAYOUT_PROGRESS = ["waiting", "sending", "sent", "paid", "checking", "not-paid", "not-sent"] as const;
export type PayoutProgress = (typeof PAYOUT_PROGRESS)[number];

export const PAYOUT_PROGRESS_BADGES = {
  waiting: { label: "Waiting", tone: "gray" },
  sending: { label: "Sending", tone: "blue" },
  sent: { label: "Sent", tone: "blue" },
  paid: { label: "Paid", tone: "green" },
  checking: { label: "Outcome unknown", tone: "yellow" },
  "not-paid": { label: "Not paid", tone: "red" },
  "not-sent": { label: "Not sent", tone: "red" },
} as const satisfies StatusBadges<PayoutProgress>;

/** One queued withdrawal as the progress panel shows it: money and times formatted on the server. */
export type PayoutProgressRowView = {
  jobId: string;
  reference: string;
  userId: string;
  userName: string;
  net: string;
  progress: PayoutProgress;
  /** One line under the badge: the transfer code, the reason it did not pay, or what happens next. */
  detail: string;
};

/** One press of Pay via Paystack and its withdrawals. */
export type PayoutBatchView = {
  batchId: string;
  queuedAtText: string;
  queuedByName: string;
  /** Jobs not done yet (waiting, being sent, or waiting on an earlier attempt): the page refreshes itself while any batch has some. */
  open: number;
  rows: PayoutProgressRowView[];
};

/** What the badge's line under it says for the states that carry no detail of their own. */
export const PAYOUT_PROGRESS_NOTES = {
  waiting: "Queued: it is sent when its turn comes.",
  sending: "Being sent to Paystack now.",
  checking: "Outcome unknown, checking with Paystack. Nothing is sent again until Paystack answers.",
} as const;

/** Outcomes that sent nothing because the withdrawal could not be paid so (its words are the job's message). */
const NOT_SENT_OUTCOMES: readonly (string | null)[] = [
  "not-found",
  "not-processing",
  "in-payout-file",
  "payouts-frozen",
] satisfies PayoutJobOutcome[];
/** Outcomes an open job waits on (its earlier attempt's), to be taken again. */
const WAITING_OUTCOMES: readonly (string | null)[] = [
  "unknown",
  "unverified",
  "in-progress",
] satisfies PayoutJobOutcome[];

export function payoutProgressOf(
  /** `leaseExpired`: its worker stopped (or overran); it waits to be taken again. */
  job: { state: "queued" | "sending" | "done"; outcome: PayoutJobOutcome | null; leaseExpired: boolean },
  attemptStatus: "initiating" | "pending" | "unknown" | "success" | "failed" | "reversed" | null,
  /** Its attempt failed as never sent to Paystack (an abandoned claim): not sent, rather than not paid. */
  attemptNeverSent = false,
): PayoutProgress {
  if (job.state === "queued") return "waiting";
  if (job.state === "sending") {
    if (WAITING_OUTCOMES.includes(job.outcome)) return "checking";
    return job.leaseExpired ? "waiting" : "sending";
  }
  // The transfer that pays the withdrawal, whichever job or process sent it, says it first.
  if (attemptStatus === "pending") return "sent";
  if (attemptStatus === "success") return "paid";
  if (NOT_SENT_OUTCOMES.includes(job.outcome)) return "not-sent";
  switch (attemptStatus) {
    case "failed":
    case "reversed":
      return attemptNeverSent ? "not-sent" : "not-paid";
    case "initiating":
    case "unknown":
      return "checking";
    default:
      return "not-sent";
  }
}

/**
 * Whether "Pay via Paystack" is offered for a withdrawal (with Paystack on): Processing, in no
 * payout file, nothing on its way to Paystack already (`inProgress`), its member's payouts not frozen.
 */
export const offersPayByTransfer = (
  w: { status: string; payoutBatch: string | null; payoutsFrozen: boolean },
  inProgress: boolean,
) => w.status === "processing" && w.payoutBatch === null && !inProgress && !w.payoutsFrozen;
