import { z } from "zod";

export const LINKED_ACCOUNTS_MAX = 20;

const accounts = (what: string) =>
  z
    .string()
    .trim()
    .default("")
    .pipe(
      z
        .string()
        .regex(/^[0-9]{1,2}$/, `Enter a whole number of accounts per ${what} from 1 to ${LINKED_ACCOUNTS_MAX}.`)
        .transform(Number)
        .refine(
          (n) => n >= 1 && n <= LINKED_ACCOUNTS_MAX,
          `Enter a whole number of accounts per ${what} from 1 to ${LINKED_ACCOUNTS_MAX}.`,
        ),
    );

export type LinkedAccountsSettings = { accountsPerDevice: number; accountsPerBankAccount: number };

/**
 * How many accounts one device and one bank account may hold before they are held for review
 * (app/domain/risk): 2 per device (a family phone) and 1 per bank account by default.
 */
export const LinkedAccountsSchema = z.object({
  accountsPerDevice: accounts("device"),
  accountsPerBankAccount: accounts("bank account"),
}) satisfies z.ZodType<LinkedAccountsSettings, unknown>;

export const areValidLinkedAccountsSettings = (s: LinkedAccountsSettings) =>
  [s.accountsPerDevice, s.accountsPerBankAccount].every(
    (n) => Number.isInteger(n) && n >= 1 && n <= LINKED_ACCOUNTS_MAX,
  );
