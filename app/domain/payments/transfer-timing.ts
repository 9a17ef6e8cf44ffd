/**
 * When a transfer attempt may be judged. Every rule that fails, retries or replaces an attempt
 * asks these functions about the attempt's own request, never about when a press or a batch
 * began: a request still on its way can create the transfer at the provider a moment after
 * anybody looked, so nothing is concluded while it may be in flight (issue 38).
 *
 * An attempt's request is, in order: claimed (`requestSentAt` null: nothing has left, and
 * nothing will once the claim is abandoned, since the sender marks it sent only while it is
 * not), in flight (sent, not ended), then ended (answered, timed out, dropped, or past its time
 * limit, which the sender's abort enforces even if the process died before recording the end).
 */

/** The longest one POST /transfer may take: the sender aborts it then. */
export const TRANSFER_REQUEST_LIMIT_MS = 10_000;
/**
 * Past the limit, a request whose end was never recorded (its process died, or the database
 * refused the write) counts as ended after this margin too: for clocks of several app processes
 * and a paused process.
 */
export const REQUEST_END_MARGIN_MS = 20_000;
/**
 * The provider may still create a transfer a little after our request to it ended (it had the
 * request and we stopped waiting): "not found" means "never sent" only this long after the end.
 */
export const NOT_FOUND_GRACE_MS = 2 * 60_000;
/**
 * A claim whose request was never sent after this long is abandoned (its sender died while
 * registering the recipient, say): it fails as never sent, and the sender, if it wakes, finds it
 * so and sends nothing.
 */
export const CLAIM_ABANDONED_MS = 60_000;

export type AttemptTiming = {
  createdAt: Date;
  requestSentAt: Date | null;
  requestEndedAt: Date | null;
};

export type RequestPhase =
  /** Claimed; its request has not left yet. `abandoned`: it never will. */
  | { phase: "claimed"; abandoned: boolean }
  /** Sent and not ended: nobody may fail, retry or replace the attempt. */
  | { phase: "in-flight" }
  /** Answered, timed out or dropped (`endedAt`: recorded, or the limit plus margin). */
  | { phase: "ended"; endedAt: Date };

export function requestPhase(attempt: AttemptTiming, now: Date): RequestPhase {
  if (!attempt.requestSentAt) {
    return { phase: "claimed", abandoned: now.getTime() - attempt.createdAt.getTime() >= CLAIM_ABANDONED_MS };
  }
  if (attempt.requestEndedAt) return { phase: "ended", endedAt: attempt.requestEndedAt };
  const limit = attempt.requestSentAt.getTime() + TRANSFER_REQUEST_LIMIT_MS + REQUEST_END_MARGIN_MS;
  return now.getTime() >= limit ? { phase: "ended", endedAt: new Date(limit) } : { phase: "in-flight" };
}

/**
 * Whether the provider's "no such transfer" now means nothing was sent: the request has ended,
 * and long enough ago that it can no longer land.
 */
export function notFoundMeansNeverSent(attempt: AttemptTiming, now: Date): boolean {
  const p = requestPhase(attempt, now);
  return p.phase === "ended" && now.getTime() - p.endedAt.getTime() >= NOT_FOUND_GRACE_MS;
}
