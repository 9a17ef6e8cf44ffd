import { describe, expect, it } from "vitest";
import { PAYOUT_CSV_HEADER, payoutCsv } from "./payout-csv";

describe("payoutCsv", () => {
  const row = {
    accountHolderName: "Adaeze Okafor",
    bankName: "Guaranty Trust Bank",
    bankCode: "058",
    accountNumber: "0123456789",
    netKobo: 1_960n,
    reference: "W7KQ2M9XD",
  };

  it("has the bank-upload header and one CRLF-terminated line per payout", () => {
    expect(PAYOUT_CSV_HEADER).toBe("name,bank,bank_code,account_number,net_amount,reference");
    expect(
      payoutCsv([row, { ...row, accountHolderName: "Okafor, Chidi", netKobo: 100_000n, reference: "W22222222" }]),
    ).toBe(
      "name,bank,bank_code,account_number,net_amount,reference\r\n" +
        "Adaeze Okafor,Guaranty Trust Bank,058,0123456789,19.60,W7KQ2M9XD\r\n" +
        '"Okafor, Chidi",Guaranty Trust Bank,058,0123456789,1000.00,W22222222\r\n',
    );
  });

  it("is just the header when nothing is being processed", () => {
    expect(payoutCsv([])).toBe("name,bank,bank_code,account_number,net_amount,reference\r\n");
  });

  it("neutralises a hostile account holder name", () => {
    expect(payoutCsv([{ ...row, accountHolderName: "=cmd|' /C calc'!A0" }]).split("\r\n")[1]).toBe(
      "'=cmd|' /C calc'!A0,Guaranty Trust Bank,058,0123456789,19.60,W7KQ2M9XD",
    );
  });
});
