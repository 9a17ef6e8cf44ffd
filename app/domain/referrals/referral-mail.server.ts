import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { queueEmailOnce } from "~/domain/mail/outbox.server";
import { referralRewardMail, type ReferralRewardEvent } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";
import type { Kobo } from "~/domain/shared/money";

/**
 * Queues the referrer's mail about their reward, in the caller's transaction, once per referral
 * and event (`referral:<id>:paid`): a release from a hold is the same "paid" event. None for a
 * reward of nothing.
 */
export async function mailReferrer(
  tx: Database,
  referral: { id: string; referrerId: string; referredId: string },
  event: ReferralRewardEvent,
  rewardKobo: Kobo,
): Promise<void> {
  if (rewardKobo <= 0n) return;
  const [referrer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, referral.referrerId));
  const [referred] = await tx.select({ name: users.name }).from(users).where(eq(users.id, referral.referredId));
  if (!referrer || !referred) throw new Error(`referral ${referral.id}: a member is missing`);
  const { appName } = await getAppSettings(tx);
  await queueEmailOnce(
    tx,
    `referral:${referral.id}:${event}`,
    referralRewardMail(referrer.email, referrer.name, event, { appName, referredName: referred.name, rewardKobo }),
  );
}
