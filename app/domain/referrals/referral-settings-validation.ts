import { z } from "zod";
import { NairaAmountSchema } from "~/domain/shared/money-schema";

export const REFERRAL_REWARD_TYPES = ["fixed", "percentage"] as const;
export type ReferralRewardType = (typeof REFERRAL_REWARD_TYPES)[number];

export const PERCENTAGE_MESSAGES = {
  malformed: "Enter a percentage such as 5 or 12.5.",
  tooManyDecimals: "Use at most 2 decimal places.",
  outOfRange: "Percentage must be between 0 and 100.",
} as const;

/** A percentage typed by a person, 0–100 with at most 2 decimals, as basis points (exactly, no floats). */
export const PercentageBpsSchema = z.string().transform((input, ctx): number => {
  const text = input.trim().replace(/%$/, "").trimEnd();
  const fail = (message: string) => {
    ctx.issues.push({ code: "custom", message, input });
    return z.NEVER;
  };
  if (/^\d+\.\d{3,}$/.test(text)) return fail(PERCENTAGE_MESSAGES.tooManyDecimals);
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail(PERCENTAGE_MESSAGES.malformed);
  const bps = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (bps > 10_000) return fail(PERCENTAGE_MESSAGES.outOfRange);
  return bps;
});

/**
 * The referral settings form: the switch (a checkbox, absent when off), the reward type and the
 * input of that type. The other type's input is not read, so its saved value stays as it was.
 */
export const ReferralSettingsSchema = z
  .object({
    referralActive: z.string().optional(),
    rewardType: z.enum(REFERRAL_REWARD_TYPES, { error: "Choose a reward type." }),
    fixedAmount: z.string().optional(),
    percentage: z.string().optional(),
  })
  .transform((form, ctx) => {
    const active = form.referralActive === "on";
    if (form.rewardType === "fixed") {
      const kobo = NairaAmountSchema.refine((k) => k > 0n, "Fixed amount must be more than ₦0.00.").safeParse(
        form.fixedAmount ?? "",
      );
      if (!kobo.success) {
        ctx.issues.push({ code: "custom", message: kobo.error.issues[0]!.message, path: ["fixedAmount"], input: form });
        return z.NEVER;
      }
      return { referralActive: active, rewardType: "fixed" as const, fixedKobo: kobo.data };
    }
    const bps = PercentageBpsSchema.safeParse(form.percentage ?? "");
    if (!bps.success) {
      ctx.issues.push({ code: "custom", message: bps.error.issues[0]!.message, path: ["percentage"], input: form });
      return z.NEVER;
    }
    return { referralActive: active, rewardType: "percentage" as const, percentBps: bps.data };
  });

export type ReferralSettingsInput = z.output<typeof ReferralSettingsSchema>;

/** Basis points as the form shows them: 4000 → "40", 1250 → "12.5", 1234 → "12.34". */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = (bps % 100).toString().padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
