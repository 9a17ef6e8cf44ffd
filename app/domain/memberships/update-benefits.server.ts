import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { FieldErrors } from "~/lib/forms";
import { benefitsProblem, type TierBenefits } from "./benefits-validation";
import { lockEveryTier } from "./update-tiers.server";

export type UpdateBenefitsResult =
  | { status: "ok"; changed: boolean }
  | Forbidden
  /** The values do not name every tier (one was added or removed since the form was opened). */
  | { status: "invalid"; errors: FieldErrors };

/**
 * The tiers' benefit lines, every tier at once, in one transaction (every tier locked, as a
 * price change locks them). Only with manage_memberships. Audited once
 * (membership_benefits.update) with each changed tier's lines before and after. Members see the
 * new lines on their next page (the upgrade dialog and page read them from the tiers). Lines that
 * break the form's rules throw: the form refuses them first.
 */
export async function updateTierBenefits(
  db: Database,
  actor: Actor,
  input: readonly TierBenefits[],
): Promise<UpdateBenefitsResult> {
  if (!hasPermission(actor, "manage_memberships")) return FORBIDDEN;
  for (const { tierId, benefits } of input) {
    const problem = benefitsProblem(benefits);
    if (problem !== null || benefits.some((line) => line !== line.trim()))
      throw new RangeError(`updateTierBenefits: invalid benefits for ${tierId}`);
  }
  return db.transaction(async (tx): Promise<UpdateBenefitsResult> => {
    const locked = await lockEveryTier(tx, input);
    if (locked.status !== "ok") return locked;
    const { tiers, given } = locked;
    const changes = tiers.flatMap((tier) => {
      const next = given.get(tier.id)!.benefits;
      return sameLines(tier.benefits, next) ? [] : [{ tier, next }];
    });
    if (changes.length === 0) return { status: "ok", changed: false };
    const now = new Date();
    const before: Record<string, string[]> = {};
    const after: Record<string, string[]> = {};
    for (const { tier, next } of changes) {
      await tx
        .update(membershipTiers)
        .set({ benefits: [...next], updatedAt: now })
        .where(eq(membershipTiers.id, tier.id));
      before[`${tier.name} benefits`] = tier.benefits;
      after[`${tier.name} benefits`] = [...next];
    }
    await recordAudit(tx, {
      actor,
      action: "membership_benefits.update",
      targetType: "membership_tiers",
      before,
      after,
    });
    return { status: "ok", changed: true };
  });
}

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, i) => line === b[i]);
