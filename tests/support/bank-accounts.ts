import { nubanCheckDigit } from "~/domain/banks/nuban";

/** Banks on the CBN list (app/domain/banks) that members' payout accounts use in tests. */
export const GTB = "058";
export const ZENITH = "057";

/** The bank of the payout account `setBankDetails` writes unless told. */
export const TEST_BANK_CODE = GTB;

/** A ten-digit account number that passes the NUBAN check for `bankCode`: `serial` and its check digit. */
export const nuban = (bankCode: string, serial: string) => serial + nubanCheckDigit(bankCode, serial);

/** A valid GTBank number, 0123456785: what a member types into the bank-details form. */
export const GTB_ACCOUNT = nuban(GTB, "012345678");

/** `account` with its check digit moved by `by` (1 to 9): a typo the bank-details form refuses. */
export const withWrongCheckDigit = (account: string, by = 1) => account.slice(0, 9) + ((Number(account[9]) + by) % 10);

/**
 * The payout account `setBankDetails` writes straight into the table unless told: it skips the
 * form's checks, so the number need not pass the NUBAN check.
 */
export const TEST_BANK_ACCOUNT = {
  accountHolderName: "Adaeze Okafor",
  bankCode: TEST_BANK_CODE,
  accountNumber: "0123456789",
};

/** The platform's receiving account for upgrades paid by bank transfer (Zenith Bank, 1012345678 with its check digit). */
export const TEST_RECEIVING_ACCOUNT = {
  bankCode: ZENITH,
  accountNumber: nuban(ZENITH, "101234567"),
  accountName: "AdNaira Technologies Ltd",
};
