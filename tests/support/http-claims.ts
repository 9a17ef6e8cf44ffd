import type { Database } from "~/db/client.server";
import { redirectToast, type HttpClient, type HttpResponse } from "./app";
import { correctAnswer } from "./claims";

/** Where Claim Reward posts (server/advert-claim.ts). */
export const claimPath = (advertId: string) => `/adverts/${encodeURIComponent(advertId)}/claim`;

/** What the advert page's Claim Reward form sends (it shows the view in progress). */
export const FROM_VIEW_PAGE: Readonly<Record<string, string>> = { fromViewPage: "1" };

/** The page script's claim: the same form, answered with JSON. */
export const AS_SCRIPT: Readonly<Record<string, string>> = { Accept: "application/json" };

/**
 * Whether a claim was answered with the attention check: the script's `{ check }` (200 JSON), or —
 * a form post — a redirect back to the advert's page with no toast, whose page then shows the
 * question (a too-early claim goes to `?early=1`; an unreadable one carries a toast).
 */
export function isAttentionCheck(res: HttpResponse, advertId: string): boolean {
  if (res.status === 302) return res.location === `/adverts/${encodeURIComponent(advertId)}` && !redirectToast(res);
  if (res.status !== 200 || !res.headers.get("Content-Type")?.startsWith("application/json")) return false;
  const body = JSON.parse(res.body) as { check?: unknown };
  return typeof body.check === "object" && body.check !== null;
}

export type HttpClaimOptions = {
  /** The claim's form; by default what the advert page's form sends (FROM_VIEW_PAGE). */
  form?: Record<string, string>;
  /** AS_SCRIPT for the page script's claim (JSON); a form post without JavaScript by default. */
  headers?: Record<string, string>;
};

/**
 * Claim Reward over HTTP as a member who pays attention: the claim, then — when its answer is the
 * attention check (the countdown had ended) — the same claim with the right choice (read from the
 * view: correctAnswer). Any other first answer is returned as it is; otherwise the answer to the
 * pick. For tests that need a paid claim; the check itself is tests/http/attention-check.test.ts's.
 */
export async function claimPayingAttention(
  db: Database,
  client: HttpClient,
  userId: string,
  advertId: string,
  options: HttpClaimOptions = {},
): Promise<HttpResponse> {
  const form = options.form ?? FROM_VIEW_PAGE;
  const first = await client.post(claimPath(advertId), { ...form }, options.headers);
  if (!isAttentionCheck(first, advertId)) return first;
  return client.post(claimPath(advertId), { ...form, ...(await pickedRightly(db, userId, advertId)) }, options.headers);
}

/**
 * Has the attention check set on the member's view (Claim Reward once, over HTTP as the page's
 * script, after the countdown) and returns the form field of the right pick: for claims sent
 * later all at once (a race), each carrying the answer. Throws unless the claim answered the check.
 */
export async function checkAskedAhead(
  db: Database,
  client: HttpClient,
  userId: string,
  advertId: string,
): Promise<{ answer: string }> {
  const res = await client.post(claimPath(advertId), { ...FROM_VIEW_PAGE }, AS_SCRIPT);
  if (!isAttentionCheck(res, advertId)) {
    throw new Error(`checkAskedAhead: the claim of ${advertId} answered ${res.status} ${res.body.slice(0, 200)}`);
  }
  return pickedRightly(db, userId, advertId);
}

/** The claim form's field with the right choice of the check set on the member's view. */
async function pickedRightly(db: Database, userId: string, advertId: string): Promise<{ answer: string }> {
  return { answer: String(await correctAnswer(db, userId, advertId)) };
}
