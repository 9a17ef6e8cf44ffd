import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { refusedAsOwnReferral } from "./own-referral.server";
import { mailReferrer } from "./referral-mail.server";
import { payReferralReward } from "./money.server";
import type { ReferralStatus } from "./referral-statuses";

type Referral = typeof referrals.$inferSelect;

export type ReviewedReferral = {
  id: string;
  referrerName: string;
  referredName: string;
  rewardKobo: Kobo;
  status: "approved" | "voided";
};

export type ReviewHeldRewardResult =
  | { status: "ok"; referral: ReviewedReferral }
  /** The actor lacks manage_referrals: nothing was changed. */
  | Forbidden
  | { status: "not-found" }
  /** No longer held: another admin (or another tab) released or voided it first. */
  | { status: "conflict"; current: ReferralStatus };

export type ReleaseHeldRewardResult =
  | ReviewHeldRewardResult
  /** The reward would be paid to the admin releasing it: nothing changed; the attempt is audited. */
  | { status: "own-referral" };

/** The words for the refusals only releasing has (the route picks them). */
export const RELEASE_HELD_REWARD_REFUSALS = {
  "own-referral": "This reward would be paid to you, so you cannot release it. Ask another admin to review it.",
} as const satisfies Partial<Record<ReleaseHeldRewardResult["status"], string>>;

/** held → `to`, stamped and signed by the admin; null when it was not held. */
async function decide(tx: Database, actor: Actor, referralId: string, to: "approved" | "voided", now: Date) {
  const [changed] = await tx
    .update(referrals)
    .set({
      status: to,
      reviewedAt: now,
      reviewedById: actor.id,
      ...(to === "approved" ? { approvedAt: now } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, "held")))
    .returning();
  return changed ?? null;
}

async function notDecided(tx: Database, referralId: string): Promise<ReviewHeldRewardResult> {
  const [row] = await tx.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referralId));
  return row ? { status: "conflict", current: row.status } : { status: "not-found" };
}

/** The audit row of a review (with both members by display id), and what the page says about it. */
async function auditReview(tx: Database, actor: Actor, referral: Referral): Promise<ReviewedReferral> {
  const people = await tx
    .select({ id: users.id, name: users.name, displayId: users.displayId })
    .from(users)
    .where(inArray(users.id, [referral.referrerId, referral.referredId]));
  const referrer = people.find((p) => p.id === referral.referrerId);
  const referred = people.find((p) => p.id === referral.referredId);
  if (!referrer || !referred) throw new Error(`referral ${referral.id}: a member is missing`);
  const rewardKobo = referral.rewardKobo ?? 0n;
  const released = referral.status === "approved";
  await recordAudit(tx, {
    actor,
    action: released ? "referral.release" : "referral.void",
    targetType: "referral",
    targetId: referral.id,
    before: { status: "held", holdReason: referral.holdReason },
    after: {
      status: referral.status,
      referrer: referrer.displayId,
      referred: referred.displayId,
      reward: formatKobo(rewardKobo),
    },
  });
  return {
    id: referral.id,
    referrerName: referrer.name,
    referredName: referred.name,
    rewardKobo,
    status: released ? "approved" : "voided",
  };
}

/**
 * "Release": an admin decides a held reward was fair, and it is paid as it would have been —
 * `referral_rewards → referrer available` with the referral's one idempotency key, so it can
 * never be paid twice — and the referral becomes approved, in one transaction with its audit
 * row. The conditional update on `held` decides between two admins pressing at once. An admin
 * (or the super admin) never releases a reward paid to themselves: refused and audited
 * (`referral.release_refused`); another admin reviews it.
 */
export async function releaseHeldReward(
  db: Database,
  actor: Actor,
  referralId: string,
  now: Date = new Date(),
): Promise<ReleaseHeldRewardResult> {
  if (!hasPermission(actor, "manage_referrals")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ReleaseHeldRewardResult> => {
    const attempt = { action: "referral.release_refused", targetType: "referral", targetId: referralId } as const;
    if (await refusedAsOwnReferral(tx, actor, { referralId }, attempt)) return { status: "own-referral" };
    const changed = await decide(tx, actor, referralId, "approved", now);
    if (!changed) return notDecided(tx, referralId);
    const rewardKobo = changed.rewardKobo ?? 0n;
    await payReferralReward(tx, changed, rewardKobo);
    await mailReferrer(tx, changed, "paid", rewardKobo);
    return { status: "ok", referral: await auditReview(tx, actor, changed) };
  });
}

/**
 * "Void": the held reward is never paid; the referral stays on record as voided, with its reason,
 * in one transaction with its audit row. Conditional on `held`, like Release.
 */
export async function voidHeldReward(
  db: Database,
  actor: Actor,
  referralId: string,
  now: Date = new Date(),
): Promise<ReviewHeldRewardResult> {
  if (!hasPermission(actor, "manage_referrals")) return FORBIDDEN;
  return db.transaction((tx) => voidHeldRewardInReview(tx, actor, referralId, now));
}

/**
 * Void, inside the caller's transaction: the linked-accounts review's "Void held rewards"
 * (app/domain/risk-review), whose caller checked review_risk.
 */
export async function voidHeldRewardInReview(
  tx: Database,
  actor: Actor,
  referralId: string,
  now: Date = new Date(),
): Promise<ReviewHeldRewardResult> {
  const changed = await decide(tx, actor, referralId, "voided", now);
  if (!changed) return notDecided(tx, referralId);
  await mailReferrer(tx, changed, "voided", changed.rewardKobo ?? 0n);
  return { status: "ok", referral: await auditReview(tx, actor, changed) };
}
