import type { RefusalTexts } from "~/domain/shared/outcome";
import { bankByCode } from "./nigerian-banks";

/**
 * The CBN NUBAN check digit, 2020 revision (client-safe).
 *
 * A NUBAN is 10 digits: a 9-digit serial and a check digit. The check digit is computed over
 * 15 digits — the bank's 6-digit institution code followed by the serial — with the weights
 * 3,7,3,3,7,3,3,7,3,3,7,3,3,7,3: check = (10 − (Σ digit × weight) mod 10) mod 10. A bank with a
 * 3-digit CBN code uses "000" + that code, which gives exactly the 2010 scheme's result (the
 * three zeros weigh nothing), e.g. First Bank (011) serial 000001457 → 0000014579, the CBN's own
 * worked example.
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;
const TEN_DIGITS = /^\d{10}$/;

/** The 6-digit institution code the check digit is computed with, or null for a malformed code. */
export function nubanInstitutionCode(bankCode: string): string | null {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  return null;
}

/** The check digit (0–9) for a 9-digit serial at the bank with this 3- or 6-digit code. */
export function nubanCheckDigit(bankCode: string, serial9: string): number {
  const institution = nubanInstitutionCode(bankCode);
  if (institution === null)
    throw new RangeError(`nubanCheckDigit: bank code must be 3 or 6 digits (got "${bankCode}")`);
  if (!/^\d{9}$/.test(serial9)) throw new RangeError(`nubanCheckDigit: serial must be 9 digits (got "${serial9}")`);
  const digits = institution + serial9;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether `accountNumber` is a well-formed NUBAN of the bank with this code: 10 ASCII digits
 * whose last is the check digit of the first nine. The algorithm only; which banks are held to
 * it is {@link checkAccountNumber}'s business.
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!TEN_DIGITS.test(accountNumber) || nubanInstitutionCode(bankCode) === null) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

export type AccountNumberCheck =
  | { status: "ok" }
  | { status: "unknown-bank" }
  | { status: "not-ten-digits" }
  | { status: "check-digit" }
  | { status: "implausible" };

/** What the bank-details form says for each refusal of {@link checkAccountNumber}. */
export const ACCOUNT_NUMBER_MESSAGES: RefusalTexts<AccountNumberCheck> = {
  "unknown-bank": "Choose your bank from the list.",
  "not-ten-digits": "Account number must be exactly 10 digits.",
  "check-digit": "This account number is not valid for the selected bank. Check the number and the bank.",
  implausible: "This does not look like a real account number. Check the number and try again.",
};

/**
 * The account-number rule the bank-details form enforces:
 *
 * - the bank must be in the list and the number exactly 10 ASCII digits;
 * - a NUBAN bank's number must carry the right check digit for that bank (a wrong digit or the
 *   wrong bank are the usual typos);
 * - for the others (phone-based and microfinance numbers, see nigerian-banks.ts) any 10 digits
 *   are accepted;
 * - one digit repeated ten times is refused for every bank: no institution issues it, people
 *   type it to get past a form, and "0000000000" even passes the check digit at some banks.
 */
export function checkAccountNumber(bankCode: string, accountNumber: string): AccountNumberCheck {
  const bank = bankByCode(bankCode);
  if (!bank) return { status: "unknown-bank" };
  if (!TEN_DIGITS.test(accountNumber)) return { status: "not-ten-digits" };
  if (/^(\d)\1{9}$/.test(accountNumber)) return { status: "implausible" };
  if (bank.nuban && !isValidNuban(bank.code, accountNumber)) return { status: "check-digit" };
  return { status: "ok" };
}

/** "******7890": what the pages, the audit log and mails show of an account number. */
export function maskAccountNumber(accountNumber: string): string {
  return `${"*".repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}
