import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertViews } from "~/db/schema";
import { claimAdvertReward, type ClaimResult } from "~/domain/adverts/advert-views.server";

/** The index of the right choice of the attention check set on the member's view of the advert. */
export async function correctAnswer(db: Database, userId: string, advertId: string): Promise<number> {
  const [view] = await db
    .select({ index: advertViews.checkAnswerIndex })
    .from(advertViews)
    .where(and(eq(advertViews.userId, userId), eq(advertViews.advertId, advertId)));
  if (view?.index == null) throw new Error(`correctAnswer: no attention check on ${userId}'s view of ${advertId}`);
  return view.index;
}

/**
 * A claim as a member who pays attention makes it: Claim Reward, then — when the countdown had
 * ended and the attention check came — the right choice. Any other first outcome is returned as it
 * is. For tests of what comes around the claim; the check itself is tested with claimAdvertReward.
 */
export async function claimAnswering(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
  options: { fromViewPage?: boolean } = {},
): Promise<ClaimResult> {
  const first = await claimAdvertReward(db, userId, advertId, now, options);
  if (first.status !== "check") return first;
  const answer = await correctAnswer(db, userId, advertId);
  return claimAdvertReward(db, userId, advertId, now, { ...options, answer });
}
