import { z } from "zod";

// A percentage field shared by the referral settings and the campaign fee forms.

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
