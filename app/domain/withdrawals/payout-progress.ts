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

/** What the badge's line under it says for the states that carry no detail of their own. */
export const PAYOUT_PROGRESS_NOTES = {
  waiting: "Queued: it is sent when its turn comes.",
  sending: "Being sent to Paystack now.",
  checking: "Outcome unknown, checking with Paystack. Nothing is sent again until Paystack answers.",
} as const;

/** Outcomes that sent nothing because the withdrawal could not be paid so (its words are the job's message). */
const NOT_SENT_OUTCOMES = ["not-found", "not-processing", "in-payout-file"];
/** Outcomes an open job waits on (its earlier attempt's), to be taken again. */
const WAITING_OUTCOMES = ["unknown", "unverified", "in-progress"];

export function payoutProgressOf(
  job: { state: "queued" | "sending" | "done"; outcome: string | null },
  attemptStatus: "initiating" | "pending" | "unknown" | "success" | "failed" | "reversed" | null,
): PayoutProgress {
  if (job.state === "queued") return "waiting";
  if (job.state === "sending") return job.outcome && WAITING_OUTCOMES.includes(job.outcome) ? "checking" : "sending";
  // The transfer that pays the withdrawal, whichever job or process sent it, says it first.
  if (attemptStatus === "pending") return "sent";
  if (attemptStatus === "success") return "paid";
  if (job.outcome && NOT_SENT_OUTCOMES.includes(job.outcome)) return "not-sent";
  switch (attemptStatus) {
    case "failed":
    case "reversed":
      return "not-paid";
    case "initiating":
    case "unknown":
      return "checking";
    default:
      return "not-sent";
  }
}
