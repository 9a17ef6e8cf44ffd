import { z } from "zod";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import { PercentageBpsSchema } from "~/domain/shared/percentage-schema";

export const REFERRAL_REWARD_TYPES = ["fixed", "percentage"] as const;
export type ReferralRewardType = (typeof REFERRAL_REWARD_TYPES)[number];

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
