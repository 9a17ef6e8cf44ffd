import { describe, expect, it } from "vitest";
import { receivingAccountOf } from "./receiving-account";

describe("receiving account", () => {
  it("is null until all three parts are set", () => {
    const none = { receivingBankCode: null, receivingAccountNumber: null, receivingAccountName: null };
    expect(receivingAccountOf(none)).toBeNull();
    expect(receivingAccountOf({ ...none, receivingBankCode: "058" })).toBeNull();
  });

  it("names the bank from its code", () => {
    expect(
      receivingAccountOf({
        receivingBankCode: "058",
        receivingAccountNumber: "0123456789",
        receivingAccountName: "AdNaira Ltd",
      }),
    ).toEqual({
      bankCode: "058",
      bankName: "Guaranty Trust Bank (GTBank)",
      accountNumber: "0123456789",
      accountName: "AdNaira Ltd",
    });
  });
});
