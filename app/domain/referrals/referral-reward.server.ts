import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, upgradeRequests } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { referralRewardKey, referralRewardKobo } from "~/domain/memberships/upgrades";
import { getAppSettings } from "~/domain/settings/app-settings";
import type { Kobo } from "~/domain/shared/money";

export type ReferralRewardResult =
  | { status: "paid"; referralId: string; referrerId: string; rewardKobo: Kobo }
  /** Not referred, an earlier upgrade was approved, the referral is settled, or the rule is off. */
  | { status: "none" };

/**
 * Inside the approval of `upgradeId`: when the member was referred, this is their first approved
 * upgrade and the referral rule is on right now, credits the referrer once (`referral_rewards →
 * referrer available`, key `referral:<id>:reward`) with the rule's reward on `paidKobo` (never
 * more than it) and marks the referral approved with its reward. The referral's conditional
 * update on `pending` decides between concurrent approvals; the key is the last line.
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

  const [referral] = await tx
    .update(referrals)
    .set({ status: "approved", rewardKobo, approvedAt: input.now, updatedAt: sql`now()` })
    .where(and(eq(referrals.referredId, input.referredId), eq(referrals.status, "pending")))
    .returning();
  if (!referral) return { status: "none" };
  if (rewardKobo > 0n) {
    const paid = await transfer(tx, {
      from: { platform: "referral_rewards" },
      to: { userId: referral.referrerId, kind: "available" },
      amountKobo: rewardKobo,
      kind: "referral_reward",
      idempotencyKey: referralRewardKey(referral.id),
      reference: { type: "referral", id: referral.id },
    });
    if (paid.status !== "posted") throw new Error(`referral ${referral.id}: its reward was already paid`);
  }
  return { status: "paid", referralId: referral.id, referrerId: referral.referrerId, rewardKobo };
}
