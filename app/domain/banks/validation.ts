import { z } from "zod";
import { PASSWORD_MAX } from "~/domain/accounts/validation";
import { fieldErrors } from "~/lib/forms";
import { bankByCode } from "./nigerian-banks";
import { ACCOUNT_NUMBER_MESSAGES, checkAccountNumber } from "./nuban";

/** The bank-details form (client-safe: the page uses the limits, the server parses with it). */

export const ACCOUNT_HOLDER_MAX = 100;

export const BANK_DETAILS_MESSAGES = {
  holderRequired: "Account holder name is required.",
  holderTooLong: `Account holder name must be at most ${ACCOUNT_HOLDER_MAX} characters.`,
  holderNoLetters: "Enter the name on the account as your bank shows it.",
  passwordRequired: "Current password is required.",
} as const;

/** People paste "0123 456 789" or "0123-456-789": spaces and dashes are not part of the number. */
export const normalizeAccountNumber = (value: string) => value.replace(/[\s-]/g, "");

// Letters of any script (Yoruba, Igbo and Hausa names carry diacritics), marks, spaces and the
// punctuation names use; no control characters.
export const HOLDER_CHARACTERS = /^[\p{L}\p{M}\p{N} .,'&()/-]+$/u;

const BankDetailsFields = z.object({
  accountHolderName: z
    .string({ error: BANK_DETAILS_MESSAGES.holderRequired })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, BANK_DETAILS_MESSAGES.holderRequired)
        .max(ACCOUNT_HOLDER_MAX, BANK_DETAILS_MESSAGES.holderTooLong)
        .regex(/\p{L}/u, BANK_DETAILS_MESSAGES.holderNoLetters)
        .regex(HOLDER_CHARACTERS, BANK_DETAILS_MESSAGES.holderNoLetters),
    ),
  bankCode: z.string({ error: ACCOUNT_NUMBER_MESSAGES["unknown-bank"] }).trim(),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGES["not-ten-digits"] })
    .max(40, ACCOUNT_NUMBER_MESSAGES["not-ten-digits"])
    .transform(normalizeAccountNumber),
  currentPassword: z
    .string({ error: BANK_DETAILS_MESSAGES.passwordRequired })
    .min(1, BANK_DETAILS_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX * 4),
});

/**
 * The bank-details form's schema. Every field's first problem at once: the bank and
 * account-number rule of checkAccountNumber runs on what was sent even when another field
 * (or the account number's own length) is also wrong.
 */
export const BankDetailsSchema = BankDetailsFields.superRefine(checkBankAndAccountNumber, { when: () => true });

/**
 * The bank and account-number rule of every bank-account form (members' payout accounts, the
 * platform's receiving account): a known bank, and a 10-digit NUBAN whose check digit fits that
 * bank. Meant for a `superRefine` with `when: () => true`, so it reads what was sent (fields
 * `bankCode` and `accountNumber`) even when another field is also wrong.
 */
export function checkBankAndAccountNumber(value: unknown, ctx: z.RefinementCtx) {
  const input = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const bankCode = typeof input.bankCode === "string" ? input.bankCode.trim() : "";
  const accountNumber = typeof input.accountNumber === "string" ? normalizeAccountNumber(input.accountNumber) : "";
  const problem = (field: "bankCode" | "accountNumber", message: string) =>
    ctx.addIssue({ code: "custom", path: [field], message });
  if (!bankByCode(bankCode)) {
    problem("bankCode", ACCOUNT_NUMBER_MESSAGES["unknown-bank"]);
    if (!/^\d{10}$/.test(accountNumber)) problem("accountNumber", ACCOUNT_NUMBER_MESSAGES["not-ten-digits"]);
  } else {
    const check = checkAccountNumber(bankCode, accountNumber);
    if (check.status !== "ok") problem("accountNumber", ACCOUNT_NUMBER_MESSAGES[check.status]);
  }
}

/**
 * The first step when the payment provider resolves names ("Check account"): the bank, the number
 * and the current password; the name is the bank's, never typed.
 */
export const BankAccountCheckSchema = BankDetailsFields.pick({
  bankCode: true,
  accountNumber: true,
  currentPassword: true,
}).superRefine(checkBankAndAccountNumber, { when: () => true });

/** What the page shows after a check: the bank's name for the account, and what confirms it. */
export type ResolvedAccountView = {
  accountName: string;
  bankCode: string;
  bankName: string;
  accountNumberMasked: string;
  /** Sealed (app/domain/banks/resolve-account.server.ts): posted back by "Confirm and save". */
  confirmation: string;
};

/** A check's answer to the bank-details form: the name to confirm, and why it is shown again. */
export type BankCheckAnswer = { ok: true; check: ResolvedAccountView; notice?: string };

export type BankDetailsInput = { [K in keyof z.input<typeof BankDetailsFields>]?: unknown };
export type BankDetails = z.output<typeof BankDetailsFields>;

/** "invalid": every field's first problem, as the form shows it. */
export type ParsedBankDetails =
  { status: "ok"; data: BankDetails } | { status: "invalid"; errors: Record<string, string> };

/** BankDetailsSchema for callers other than the form (saveBankDetails checks again what it is given). */
export function parseBankDetails(input: BankDetailsInput): ParsedBankDetails {
  const parsed = BankDetailsSchema.safeParse(input);
  if (parsed.success) return { status: "ok", data: parsed.data };
  return { status: "invalid", errors: fieldErrors(parsed.error, Object.keys(BankDetailsFields.shape)) };
}
