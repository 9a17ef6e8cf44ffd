import { z } from "zod";
import { type Kobo, formatKobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import type { FieldErrors } from "~/lib/forms";

/**
 * The "Update Membership Prices" form (client-safe: the dialog names its fields with these, the
 * server parses with the schema and the domain checks the ladder again on the locked tiers).
 *
 * Rules:
 * - The lowest tier (Basic) is free: its price is 0 and not editable; only its daily limit is.
 * - Each higher tier costs strictly more than the one below it, so an upgrade always has a price.
 * - A daily advert limit is a whole number from 1 to MAX_DAILY_AD_VIEWS, and higher than the tier
 *   below's: the daily limit is all a tier changes, so a member who pays to move up must be able
 *   to view more adverts a day than before (the default benefit lines promise it).
 */

/** A sensible ceiling: far above the defaults (50 for VIP), low enough that a typo (5000) is caught. */
export const MAX_DAILY_AD_VIEWS = 1_000;

export const TIER_MESSAGES = {
  basicIsFree: "The Basic tier is free: its price cannot be changed.",
  priceNotPositive: "A paid tier must cost more than ₦0.00.",
  dailyLimit: `Enter a whole number of adverts a day, from 1 to ${MAX_DAILY_AD_VIEWS.toLocaleString("en-NG")}.`,
  tiersChanged: "The membership tiers have changed since this form was opened. Reload the page and try again.",
} as const;

export const priceNotAbove = (tier: string, below: string, belowPrice: Kobo) =>
  `${tier} must cost more than ${below} (${formatKobo(belowPrice)}).`;
export const limitNotAbove = (tier: string, below: string, belowLimit: number) =>
  `${tier}'s daily advert limit must be higher than ${below}'s (${belowLimit}).`;

/** The form's field names for one tier. */
export const priceField = (tierId: string) => `price-${tierId}`;
export const limitField = (tierId: string) => `limit-${tierId}`;

export type LadderTier = { id: string; name: string; rank: number };
export type TierValues = { tierId: string; priceKobo: Kobo; dailyAdViews: number };

/** True for the free tier every member starts on: the lowest rank. */
export const isFreeTier = (tiers: readonly LadderTier[], tierId: string) =>
  tiers.reduce((low, t) => (t.rank < low.rank ? t : low)).id === tierId;

/**
 * The ladder rules on a full set of values (one per tier), as field errors (empty when fine).
 * Each tier is compared with the one just below it; a tier whose own value is missing or
 * invalid is skipped, so its one message is its field's own.
 */
export function ladderErrors(tiers: readonly LadderTier[], values: ReadonlyMap<string, Partial<TierValues>>) {
  const errors: FieldErrors = {};
  const ordered = [...tiers].sort((a, b) => a.rank - b.rank);
  ordered.forEach((tier, i) => {
    const own = values.get(tier.id);
    if (i === 0) {
      if (own?.priceKobo !== undefined && own.priceKobo !== 0n) errors[priceField(tier.id)] = TIER_MESSAGES.basicIsFree;
      return;
    }
    const below = ordered[i - 1]!;
    const under = values.get(below.id);
    if (own?.priceKobo !== undefined && under?.priceKobo !== undefined && own.priceKobo <= under.priceKobo) {
      errors[priceField(tier.id)] =
        i === 1 ? TIER_MESSAGES.priceNotPositive : priceNotAbove(tier.name, below.name, under.priceKobo);
    }
    if (
      own?.dailyAdViews !== undefined &&
      under?.dailyAdViews !== undefined &&
      own.dailyAdViews <= under.dailyAdViews
    ) {
      errors[limitField(tier.id)] = limitNotAbove(tier.name, below.name, under.dailyAdViews);
    }
  });
  return errors;
}

const DailyLimitSchema = z
  .string({ error: TIER_MESSAGES.dailyLimit })
  .trim()
  .regex(/^\d{1,7}$/, TIER_MESSAGES.dailyLimit)
  .transform(Number)
  .pipe(z.number().int().min(1, TIER_MESSAGES.dailyLimit).max(MAX_DAILY_AD_VIEWS, TIER_MESSAGES.dailyLimit));

const PriceSchema = z.string({ error: "Enter an amount." }).pipe(NairaAmountSchema);

/**
 * The form's schema for these tiers: a price input per paid tier (`price-<id>`, naira), a daily
 * limit input per tier (`limit-<id>`); out comes one TierValues per tier (the free tier at 0),
 * in rank order. Every field's first problem at once, then the ladder's.
 */
export function tierPricesSchema(tiers: readonly LadderTier[]) {
  const ordered = [...tiers].sort((a, b) => a.rank - b.rank);
  const shape: Record<string, z.ZodType> = {};
  for (const tier of ordered) {
    if (!isFreeTier(ordered, tier.id)) shape[priceField(tier.id)] = PriceSchema;
    shape[limitField(tier.id)] = DailyLimitSchema;
  }
  return z
    .object(shape)
    .superRefine(
      (form, ctx) => {
        // Runs after a failed field too (`when`): each valid pair is still compared.
        const input = form as Record<string, unknown>;
        const values = new Map<string, Partial<TierValues>>();
        for (const tier of ordered) {
          // A field that parsed holds its output (kobo, a number); one that failed, what was sent
          // (or a number out of range): only valid values are compared.
          const price = input[priceField(tier.id)];
          const limit = input[limitField(tier.id)];
          values.set(tier.id, {
            priceKobo: isFreeTier(ordered, tier.id) ? 0n : typeof price === "bigint" ? price : undefined,
            dailyAdViews: DailyLimitSchema.safeParse(String(limit)).success ? Number(limit) : undefined,
          });
        }
        for (const [field, message] of Object.entries(ladderErrors(ordered, values))) {
          ctx.addIssue({ code: "custom", path: [field], message });
        }
      },
      { when: () => true },
    )
    .transform((form): TierValues[] =>
      ordered.map((tier) => ({
        tierId: tier.id,
        priceKobo: isFreeTier(ordered, tier.id) ? 0n : (form[priceField(tier.id)] as Kobo),
        dailyAdViews: form[limitField(tier.id)] as number,
      })),
    );
}
