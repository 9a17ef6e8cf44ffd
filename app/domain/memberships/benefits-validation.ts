import { z } from "zod";
import type { LadderTier } from "./tier-prices-validation";

/**
 * The tier benefits form (client-safe: the card names its fields and shows the limits with
 * these): one textarea per tier, one benefit per line. Lines are trimmed and blank lines dropped;
 * a tier keeps 1 to 12 benefits of 1 to 120 characters each.
 */
export const MAX_BENEFITS = 12;
export const MAX_BENEFIT_LENGTH = 120;

export const BENEFIT_MESSAGES = {
  none: "Enter at least one benefit, one per line.",
  tooMany: `Enter at most ${MAX_BENEFITS} benefits, one per line.`,
  tooLong: (line: number) => `Benefit ${line} is too long: each can be at most ${MAX_BENEFIT_LENGTH} characters.`,
} as const;

/** The form's field for one tier's benefits. */
export const benefitsField = (tierId: string) => `benefits-${tierId}`;

export type TierBenefits = { tierId: string; benefits: string[] };

/** The lines of a textarea as benefits: each trimmed (spaces inside collapsed), blank ones dropped. */
export const benefitLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter((line) => line !== "");

/** The first rule a tier's benefits break, or null when they keep them all. */
export function benefitsProblem(benefits: readonly string[]): string | null {
  if (benefits.length === 0) return BENEFIT_MESSAGES.none;
  if (benefits.length > MAX_BENEFITS) return BENEFIT_MESSAGES.tooMany;
  const long = benefits.findIndex((line) => line.length > MAX_BENEFIT_LENGTH);
  return long === -1 ? null : BENEFIT_MESSAGES.tooLong(long + 1);
}

const BenefitsSchema = z
  .string()
  .default("")
  .transform((text, ctx) => {
    const lines = benefitLines(text);
    const problem = benefitsProblem(lines);
    if (problem === null) return lines;
    ctx.issues.push({ code: "custom", message: problem, input: text });
    return z.NEVER;
  });

/** The form's schema for these tiers: a `benefits-<id>` textarea per tier; out comes each tier's lines, in rank order. */
export function tierBenefitsSchema(tiers: readonly LadderTier[]) {
  const ordered = [...tiers].sort((a, b) => a.rank - b.rank);
  return z
    .object(Object.fromEntries(ordered.map((tier) => [benefitsField(tier.id), BenefitsSchema])))
    .transform((form): TierBenefits[] =>
      ordered.map((tier) => ({ tierId: tier.id, benefits: form[benefitsField(tier.id)] as string[] })),
    );
}
