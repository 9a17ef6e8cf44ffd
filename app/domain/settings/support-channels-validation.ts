import { z } from "zod";
import { nigerianSubscriberDigits } from "~/domain/shared/nigerian-phone";

export const PAYOUT_SCHEDULE_MAX = 200;
export const SUPPORT_EMAIL_MAX = 254;

export const SUPPORT_MESSAGES = {
  email: "Enter an email address such as help@adnaira.ng, or leave it empty.",
  phone: "Enter a Nigerian phone number such as 0803 123 4567 or +234 803 123 4567, or leave it empty.",
  whatsapp:
    "Enter a Nigerian mobile number such as 0803 123 4567, +234 803 123 4567 or 2348031234567, or leave it empty.",
  scheduleRequired: "Enter the payout schedule: one sentence on when withdrawals are paid.",
  scheduleTooLong: `The payout schedule can be at most ${PAYOUT_SCHEDULE_MAX} characters.`,
} as const;

/** The support channels and payout schedule as stored: an empty channel is null (not offered). */
export type SupportChannels = {
  supportEmail: string | null;
  supportPhone: string | null;
  /** International form without "+" (2348031234567): what wa.me links take. */
  supportWhatsapp: string | null;
  payoutSchedule: string;
};

/** An optional field: trimmed; empty is null, anything else must pass `read` (null: refused with `message`). */
const optional = (message: string, read: (typed: string) => string | null) =>
  z
    .string()
    .trim()
    .default("")
    .transform((typed, ctx): string | null => {
      if (typed === "") return null;
      const value = read(typed);
      if (value === null) {
        ctx.issues.push({ code: "custom", message, input: typed });
        return z.NEVER;
      }
      return value;
    });

const EMAIL = z.email();

/**
 * The "Support and payouts" form: support email, phone and WhatsApp number (each optional: empty
 * means the channel is not offered), and the payout schedule sentence (required, one line, at
 * most 200 characters). Phones are Nigerian numbers: the phone is stored as +234XXXXXXXXXX, the
 * WhatsApp number as 234XXXXXXXXXX.
 */
export const SupportChannelsSchema = z
  .object({
    supportEmail: optional(SUPPORT_MESSAGES.email, (typed) =>
      typed.length <= SUPPORT_EMAIL_MAX && EMAIL.safeParse(typed).success ? typed.toLowerCase() : null,
    ),
    supportPhone: optional(SUPPORT_MESSAGES.phone, (typed) => {
      const digits = nigerianSubscriberDigits(typed, { bare234: true });
      return digits === null ? null : `+234${digits}`;
    }),
    supportWhatsapp: optional(SUPPORT_MESSAGES.whatsapp, (typed) => {
      const digits = nigerianSubscriberDigits(typed, { bare234: true });
      return digits === null ? null : `234${digits}`;
    }),
    payoutSchedule: z
      .string()
      .default("")
      .transform((typed) => typed.trim().replace(/\s+/g, " "))
      .pipe(
        z.string().min(1, SUPPORT_MESSAGES.scheduleRequired).max(PAYOUT_SCHEDULE_MAX, SUPPORT_MESSAGES.scheduleTooLong),
      ),
  })
  .transform((form): SupportChannels => form);
