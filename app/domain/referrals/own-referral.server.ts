import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";

/** A referral, by its id or by the member it brought in. */
export type ReferralOf = { referralId: string } | { referredId: string };

/** The refused attempt as the audit log records it. */
type Attempt = Pick<Parameters<typeof recordAudit>[1], "action" | "targetType" | "targetId">;

/**
 * The rule both decisions that pay a referral reward keep (approving the referred member's
 * upgrade, releasing a held reward): an admin, or the super admin, never decides a reward that
 * would be paid to themselves. True when the actor is the referral's referrer: the attempt is
 * then audited in the caller's transaction (`after: { reason: "own referral" }`), and the caller
 * answers `{ status: "own-referral" }` and changes nothing; another admin decides.
 */
export async function refusedAsOwnReferral(
  tx: Database,
  actor: Actor,
  referral: ReferralOf,
  attempt: Attempt,
): Promise<boolean> {
  const which =
    "referralId" in referral ? eq(referrals.id, referral.referralId) : eq(referrals.referredId, referral.referredId);
  const [own] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(which, eq(referrals.referrerId, actor.id)));
  if (!own) return false;
  await recordAudit(tx, { actor, ...attempt, after: { reason: "own referral" } });
  return true;
}
