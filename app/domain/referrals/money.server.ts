import type { Database } from "~/db/client.server";
import { expectPosted, transfer } from "~/domain/ledger/transfer.server";
import type { Kobo } from "~/domain/shared/money";

// The one ledger movement of referrals (docs/money.md): a referrer's reward, once per referral.

/** The ledger key of a referral's reward: a referrer is paid at most once per referred member. */
export const referralRewardKey = (referralId: string) => `referral:${referralId}:reward`;

/**
 * Pays a referral's reward to its referrer's available balance, inside the caller's transaction
 * (nothing for a zero reward). Its key allows one payment per referral: a second one is a broken
 * invariant (the referral's status change should have stopped it) and rolls back.
 */
export async function payReferralReward(
  tx: Database,
  referral: { id: string; referrerId: string },
  rewardKobo: Kobo,
): Promise<void> {
  if (rewardKobo <= 0n) return;
  const key = referralRewardKey(referral.id);
  const paid = await transfer(tx, {
    from: { platform: "referral_rewards" },
    to: { userId: referral.referrerId, kind: "available" },
    amountKobo: rewardKobo,
    kind: "referral_reward",
    idempotencyKey: key,
    reference: { type: "referral", id: referral.id },
  });
  expectPosted(paid, key);
}
