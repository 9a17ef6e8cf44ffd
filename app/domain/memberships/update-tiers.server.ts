import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { FieldErrors } from "~/lib/forms";
import { ladderErrors, MAX_DAILY_AD_VIEWS, TIER_MESSAGES, type TierValues } from "./tier-prices-validation";

/** Every tier, lowest rank (the free tier) first. */
export async function listTiers(db: Database) {
  return db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank));
}

/**
 * Every tier, locked FOR UPDATE in the caller's transaction, with the form's values by tier id;
 * `invalid` when the values do not name every tier exactly once (one was added or removed since
 * the form was opened).
 */
export async function lockEveryTier<V extends { tierId: string }>(tx: Database, input: readonly V[]) {
  const tiers = await tx.select().from(membershipTiers).orderBy(asc(membershipTiers.rank)).for("update");
  const given = new Map(input.map((v) => [v.tierId, v]));
  if (given.size !== input.length || tiers.length !== given.size || tiers.some((t) => !given.has(t.id))) {
    return { status: "invalid" as const, errors: { form: TIER_MESSAGES.tiersChanged } as FieldErrors };
  }
  return { status: "ok" as const, tiers, given };
}

export type UpdateTiersResult =
  | { status: "ok"; changed: boolean }
  | Forbidden
  /** The values break a rule (checked again here on the locked tiers), or do not name every tier. */
  | { status: "invalid"; errors: FieldErrors };

/**
 * "Update Membership Prices": every tier's price and daily advert limit at once, in one
 * transaction. Only with manage_memberships. The tiers are locked (FOR UPDATE) and the ladder
 * rules checked again on what is stored, so two admins saving at once cannot leave prices that
 * fall with the rank. Audited once, with every changed tier before and after. Open upgrade
 * requests keep the price they were made at (it is stored with the request), and a member's new
 * daily limit applies from their next claim.
 */
export async function updateTiers(
  db: Database,
  actor: Actor,
  input: readonly TierValues[],
): Promise<UpdateTiersResult> {
  if (!hasPermission(actor, "manage_memberships")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<UpdateTiersResult> => {
    const locked = await lockEveryTier(tx, input);
    if (locked.status !== "ok") return locked;
    const { tiers, given } = locked;
    for (const v of input) {
      if (!Number.isInteger(v.dailyAdViews) || v.dailyAdViews < 1 || v.dailyAdViews > MAX_DAILY_AD_VIEWS) {
        throw new RangeError(`updateTiers: invalid daily limit ${v.dailyAdViews} for ${v.tierId}`);
      }
      if (v.priceKobo < 0n) throw new RangeError(`updateTiers: negative price for ${v.tierId}`);
    }
    const errors = ladderErrors(tiers, given);
    if (Object.keys(errors).length > 0) return { status: "invalid", errors };

    const changes = tiers.flatMap((tier) => {
      const next = given.get(tier.id)!;
      return tier.priceKobo === next.priceKobo && tier.dailyAdViews === next.dailyAdViews ? [] : [{ tier, next }];
    });
    if (changes.length === 0) return { status: "ok", changed: false };
    const now = new Date();
    for (const { tier, next } of changes) {
      await tx
        .update(membershipTiers)
        .set({ priceKobo: next.priceKobo, dailyAdViews: next.dailyAdViews, updatedAt: now })
        .where(eq(membershipTiers.id, tier.id));
    }
    // One flat key per changed value ("Advert Bronze price"), amounts as text: the audit log is JSON.
    const before: Record<string, string | number> = {};
    const after: Record<string, string | number> = {};
    for (const { tier, next } of changes) {
      if (tier.priceKobo !== next.priceKobo) {
        before[`${tier.name} price`] = formatKobo(tier.priceKobo);
        after[`${tier.name} price`] = formatKobo(next.priceKobo);
      }
      if (tier.dailyAdViews !== next.dailyAdViews) {
        before[`${tier.name} daily advert limit`] = tier.dailyAdViews;
        after[`${tier.name} daily advert limit`] = next.dailyAdViews;
      }
    }
    await recordAudit(tx, { actor, action: "membership_prices.update", targetType: "membership_tiers", before, after });
    return { status: "ok", changed: true };
  });
}
