import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, upgradeRequests } from "~/db/schema";
import { referralRewardKobo } from "~/domain/referrals/rewards";
import { getAppSettings } from "~/domain/settings/app-settings";
import type { Kobo } from "~/domain/shared/money";
import { linkedUnderReview } from "~/domain/risk/clusters.server";
import { HOLD_REASONS } from "./referral-abuse";
import { payReferralReward } from "./money.server";
import { mailReferrer } from "./referral-mail.server";

export type ReferralRewardResult =
  | { status: "paid"; referralId: string; referrerId: string; rewardKobo: Kobo }
  /** Looked like a self-referral: the reward waits for an admin's release or void; nothing paid. */
  | { status: "held"; referralId: string; referrerId: string; rewardKobo: Kobo; holdReason: string }
  /** Not referred, an earlier upgrade was approved, the referral is settled, or the rule is off. */
  | { status: "none" };

/**
 * Inside the approval of `upgradeId`: when the member was referred, this is their first approved
 * upgrade and the referral rule is on right now, credits the referrer once (`referral_rewards →
 * referrer available`, key `referral:<id>:reward`) with the rule's reward on `paidKobo` (never
 * more than it) and marks the referral approved with its reward. A referral that looks like a
 * self-referral — its reason recorded at sign-up, or found now from the addresses both members
 * signed up and recently signed in from — is held with its reward instead, and nothing is paid until an admin
 * releases it. The referral's conditional update on `pending` decides between concurrent
 * approvals; the key is the last line.
 */
export async function rewardReferrer(
  tx: Database,
  input: { referredId: string; upgradeId: string; paidKobo: Kobo; now: Date },
): Promise<ReferralRewardResult> {
  const earlier = await tx.$count(
    upgradeRequests,
    and(
      eq(upgradeRequests.userId, input.referredId),
      eq(upgradeRequests.status, "approved"),
      ne(upgradeRequests.id, input.upgradeId),
    ),
  );
  if (earlier > 0) return { status: "none" };
  const rewardKobo = referralRewardKobo(await getAppSettings(tx), input.paidKobo);
  if (rewardKobo === null) return { status: "none" };

  const holdReason = await holdReasonNow(tx, input.referredId);
  if (holdReason !== null) {
    const [held] = await tx
      .update(referrals)
      .set({ status: "held", rewardKobo, holdReason, updatedAt: sql`now()` })
      .where(and(eq(referrals.referredId, input.referredId), eq(referrals.status, "pending")))
      .returning();
    if (!held) return { status: "none" };
    await mailReferrer(tx, held, "held", rewardKobo);
    return { status: "held", referralId: held.id, referrerId: held.referrerId, rewardKobo, holdReason };
  }

  const [referral] = await tx
    .update(referrals)
    .set({ status: "approved", rewardKobo, approvedAt: input.now, updatedAt: sql`now()` })
    .where(and(eq(referrals.referredId, input.referredId), eq(referrals.status, "pending")))
    .returning();
  if (!referral) return { status: "none" };
  await payReferralReward(tx, referral, rewardKobo);
  await mailReferrer(tx, referral, "paid", rewardKobo);
  return { status: "paid", referralId: referral.id, referrerId: referral.referrerId, rewardKobo };
}

/**
 * The reason recorded at sign-up (the same mailbox), else one found now: the referrer or the
 * referred is in linked accounts (a shared device or bank account, app/domain/risk) waiting for
 * a review. Null when none.
 */
async function holdReasonNow(tx: Database, referredId: string): Promise<string | null> {
  const [row] = await tx
    .select({ holdReason: referrals.holdReason, referrerId: referrals.referrerId })
    .from(referrals)
    .where(eq(referrals.referredId, referredId));
  if (!row) return null;
  if (row.holdReason) return row.holdReason;
  // Either one in linked accounts under review: the reward waits for the review. Read, not locked:
  // the upgrade's transaction holds member rows a review would lock after the cluster (a
  // deadlock); held or paid, either answer is the policy at that moment.
  const underReview = async (id: string) => linkedUnderReview(tx, [id], { lock: false });
  return (await underReview(row.referrerId)) || (await underReview(referredId)) ? HOLD_REASONS.linked : null;
}
