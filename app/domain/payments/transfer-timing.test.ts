import { describe, expect, it } from "vitest";
import {
  CLAIM_ABANDONED_MS,
  NOT_FOUND_GRACE_MS,
  notFoundMeansNeverSent,
  REQUEST_END_MARGIN_MS,
  requestPhase,
  TRANSFER_REQUEST_LIMIT_MS,
} from "./transfer-timing";

const t0 = new Date("2026-11-28T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const LIMIT = TRANSFER_REQUEST_LIMIT_MS + REQUEST_END_MARGIN_MS;

describe("when a transfer attempt may be judged", () => {
  it("a claim not sent yet is the sender's until it is abandoned", () => {
    const claim = { createdAt: t0, requestSentAt: null, requestEndedAt: null };
    expect(requestPhase(claim, at(CLAIM_ABANDONED_MS - 1))).toEqual({ phase: "claimed", abandoned: false });
    expect(requestPhase(claim, at(CLAIM_ABANDONED_MS))).toEqual({ phase: "claimed", abandoned: true });
    // Nothing left, so there is nothing the provider could have: never "not found means never sent".
    expect(notFoundMeansNeverSent(claim, at(60 * 60_000))).toBe(false);
  });

  it("a request sent and not ended is in flight until its limit and margin, however old the claim", () => {
    // Claimed an hour before it was sent (a long queue, a slow recipient): only the send counts.
    const sent = { createdAt: at(-60 * 60_000), requestSentAt: t0, requestEndedAt: null };
    expect(requestPhase(sent, at(LIMIT - 1))).toEqual({ phase: "in-flight" });
    expect(requestPhase(sent, at(LIMIT))).toEqual({ phase: "ended", endedAt: at(LIMIT) });
    expect(notFoundMeansNeverSent(sent, at(LIMIT + NOT_FOUND_GRACE_MS - 1))).toBe(false);
    expect(notFoundMeansNeverSent(sent, at(LIMIT + NOT_FOUND_GRACE_MS))).toBe(true);
  });

  it("a recorded end counts from the end: not found means never sent only the grace after it", () => {
    const ended = { createdAt: at(-10 * 60_000), requestSentAt: t0, requestEndedAt: at(7_000) };
    expect(requestPhase(ended, at(7_000))).toEqual({ phase: "ended", endedAt: at(7_000) });
    expect(notFoundMeansNeverSent(ended, at(7_000 + NOT_FOUND_GRACE_MS - 1))).toBe(false);
    expect(notFoundMeansNeverSent(ended, at(7_000 + NOT_FOUND_GRACE_MS))).toBe(true);
  });

  it("the limit the rules count on is longer than the request's own timeout", () => {
    expect(REQUEST_END_MARGIN_MS).toBeGreaterThan(0);
    expect(NOT_FOUND_GRACE_MS).toBeGreaterThan(TRANSFER_REQUEST_LIMIT_MS);
  });
});
