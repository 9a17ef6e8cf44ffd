import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatKobo } from "~/domain/shared/money";
import { withdrawalBreakdown } from "~/domain/withdrawals/fees";
import { previewWithdrawal, type WithdrawTerms } from "./withdraw-card";

const terms: WithdrawTerms = { availableKobo: "5000", minKobo: "1000", maxKobo: "100000", feeBps: 200 };

describe("previewWithdrawal (what the form shows as the member types)", () => {
  it("shows the fee and what the bank receives", () => {
    expect(previewWithdrawal("20", terms)).toEqual({ kind: "ok", fee: "₦0.40", net: "₦19.60", warning: null });
    expect(previewWithdrawal("25.25", terms)).toEqual({ kind: "ok", fee: "₦0.51", net: "₦24.74", warning: null }); // 50.5 kobo → 51
    expect(previewWithdrawal("₦1,000.00", { ...terms, availableKobo: "100000" })).toMatchObject({
      fee: "₦20.00",
      net: "₦980.00",
      warning: null,
    });
  });

  it("says nothing for an empty field and asks for a proper amount otherwise", () => {
    expect(previewWithdrawal("", terms)).toEqual({ kind: "none" });
    expect(previewWithdrawal("  ", terms)).toEqual({ kind: "none" });
    for (const text of ["0", "-5", "1.234", "abc", "1e3"])
      expect(previewWithdrawal(text, terms), text).toEqual({ kind: "invalid" });
  });

  it("warns, naming the limit, below the minimum, above the maximum and above the balance", () => {
    expect(previewWithdrawal("9.99", terms)).toMatchObject({ warning: "The minimum withdrawal is ₦10.00." });
    expect(previewWithdrawal("1000.01", { ...terms, availableKobo: "999999" })).toMatchObject({
      warning: "The maximum withdrawal is ₦1,000.00.",
    });
    expect(previewWithdrawal("50.01", terms)).toMatchObject({
      warning: "That is more than your available balance of ₦50.00.",
    });
  });

  it("agrees with the server's breakdown for every amount and fee", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 9_999 }), (kobo, feeBps) => {
        const text = `${kobo / 100n}.${(kobo % 100n).toString().padStart(2, "0")}`;
        const { feeKobo, netKobo } = withdrawalBreakdown(kobo, feeBps);
        expect(previewWithdrawal(text, { ...terms, feeBps })).toMatchObject({
          kind: "ok",
          fee: formatKobo(feeKobo),
          net: formatKobo(netKobo),
        });
      }),
    );
  });
});
