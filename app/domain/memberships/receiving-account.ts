import type { AppSettings } from "~/db/schema";
import { bankByCode } from "~/domain/banks/nigerian-banks";

/** The platform's account members pay upgrades into by bank transfer: shown in full, it is public. */
export type ReceivingAccount = {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
};

/** The receiving account from the settings, or null until an admin sets one (no bank transfer offered). */
export function receivingAccountOf(
  settings: Pick<AppSettings, "receivingBankCode" | "receivingAccountNumber" | "receivingAccountName">,
): ReceivingAccount | null {
  const { receivingBankCode: bankCode, receivingAccountNumber: accountNumber, receivingAccountName } = settings;
  if (bankCode === null || accountNumber === null || receivingAccountName === null) return null;
  return {
    bankCode,
    bankName: bankByCode(bankCode)?.name ?? `Unknown bank (${bankCode})`,
    accountNumber,
    accountName: receivingAccountName,
  };
}
