import { z } from "zod";
import { ACCOUNT_NUMBER_MESSAGES } from "~/domain/banks/nuban";
import { checkBankAndAccountNumber, HOLDER_CHARACTERS, normalizeAccountNumber } from "~/domain/banks/validation";
import { fieldErrors } from "~/lib/forms";

/**
 * The platform's receiving-account form on /admin/memberships (client-safe). Validated like a
 * member's bank details: a listed bank, a 10-digit NUBAN whose check digit fits the bank, and the
 * account's name as the bank shows it (members copy it into their transfer, so it must be right).
 */

export const ACCOUNT_NAME_MAX = 100;

export const RECEIVING_ACCOUNT_MESSAGES = {
  nameRequired: "Account name is required.",
  nameTooLong: `Account name must be at most ${ACCOUNT_NAME_MAX} characters.`,
  nameNoLetters: "Enter the name on the account as the bank shows it.",
} as const;

const ReceivingAccountFields = z.object({
  bankCode: z.string({ error: ACCOUNT_NUMBER_MESSAGES["unknown-bank"] }).trim(),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGES["not-ten-digits"] })
    .max(40, ACCOUNT_NUMBER_MESSAGES["not-ten-digits"])
    .transform(normalizeAccountNumber),
  accountName: z
    .string({ error: RECEIVING_ACCOUNT_MESSAGES.nameRequired })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, RECEIVING_ACCOUNT_MESSAGES.nameRequired)
        .max(ACCOUNT_NAME_MAX, RECEIVING_ACCOUNT_MESSAGES.nameTooLong)
        .regex(/\p{L}/u, RECEIVING_ACCOUNT_MESSAGES.nameNoLetters)
        .regex(HOLDER_CHARACTERS, RECEIVING_ACCOUNT_MESSAGES.nameNoLetters),
    ),
});

/** Every field's first problem at once (the bank rule runs even when the name is also wrong). */
export const ReceivingAccountSchema = ReceivingAccountFields.superRefine(checkBankAndAccountNumber, {
  when: () => true,
});

export type ReceivingAccountInput = z.output<typeof ReceivingAccountFields>;

/** The schema for callers other than the form (the domain checks again what it is given). */
export function parseReceivingAccount(input: Record<string, unknown>) {
  const parsed = ReceivingAccountSchema.safeParse(input);
  if (parsed.success) return { status: "ok" as const, data: parsed.data };
  return {
    status: "invalid" as const,
    errors: fieldErrors(parsed.error, Object.keys(ReceivingAccountFields.shape)),
  };
}
