import { referrals } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { newId } from "~/domain/shared/ids";
import type { ReferralStatus } from "~/domain/referrals/referral-statuses";
import type { Kobo } from "~/domain/shared/money";
import { createUser, type UserOverrides } from "./factories";

/**
 * A new member who registered with `referrer`'s code: pending, or approved with `rewardKobo`
 * at `approvedAt` (now unless given) (the referral row only; no money moves).
 */
export async function referredMember(
  db: Database,
  referrer: { id: string; referralCode: string },
  options: UserOverrides & { approvedRewardKobo?: Kobo; approvedAt?: Date; createdAt?: Date } = {},
) {
  const { approvedRewardKobo, approvedAt, createdAt, ...overrides } = options;
  const referred = await createUser(db, overrides);
  const approved = approvedRewardKobo !== undefined;
  await db.insert(referrals).values({
    id: newId(),
    referrerId: referrer.id,
    referredId: referred.id,
    referralCode: referrer.referralCode,
    status: approved ? "approved" : "pending",
    rewardKobo: approved ? approvedRewardKobo : null,
    approvedAt: approved ? (approvedAt ?? new Date()) : null,
    ...(createdAt ? { createdAt } : {}),
  });
  return referred;
}

/**
 * A new person referred by `referrerId`, the referral in `status` since `approvedAt` (null while
 * pending): the referral row only, with a made-up code; no money moves.
 */
export async function referralOf(db: Database, referrerId: string, status: ReferralStatus, approvedAt: Date | null) {
  const referred = await createUser(db);
  await db.insert(referrals).values({
    id: newId(),
    referrerId,
    referredId: referred.id,
    referralCode: "TESTCODE22",
    status,
    approvedAt,
  });
  return referred;
}
