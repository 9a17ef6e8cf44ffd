import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NIGERIAN_BANKS } from "./nigerian-banks";
import {
  ACCOUNT_NUMBER_MESSAGES,
  checkAccountNumber,
  isValidNuban,
  maskAccountNumber,
  nubanCheckDigit,
  nubanInstitutionCode,
} from "./nuban";

/** The 2020 rule written out longhand, independent of the module's loop. */
function referenceCheckDigit(institution6: string, serial9: string): number {
  const w = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const d = (institution6 + serial9).split("").map(Number);
  const sum = d.reduce((acc, digit, i) => acc + digit * w[i]!, 0);
  return (10 - (sum % 10)) % 10;
}

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(""));
const bankCode = fc.oneof(digits(3), digits(6));

describe("nubanCheckDigit", () => {
  it("reproduces the CBN's worked examples (First Bank, 011)", () => {
    // CBN NUBAN proposals v0.4: serial 000001457 → check digit 9; serial 000000022 → 0.
    expect(nubanCheckDigit("011", "000001457")).toBe(9);
    expect(nubanCheckDigit("011", "000000022")).toBe(0);
    expect(isValidNuban("011", "0000014579")).toBe(true);
    expect(isValidNuban("011", "0000000220")).toBe(true);
  });

  it("computes hand-checked digits for other banks", () => {
    // GTBank 058, serial 012345678: 000058 → 5·7 + 8·3 = 59; serial 0·3+1·7+2·3+3·3+4·7+5·3+6·3+7·7+8·3 = 156;
    // 215 mod 10 = 5 → 10 − 5 = 5.
    expect(nubanCheckDigit("058", "012345678")).toBe(5);
    expect(isValidNuban("058", "0123456785")).toBe(true);
    // Zenith 057, serial 221234567: 5·7+7·3 = 56; 2·3+2·7+1·3+2·3+3·7+4·3+5·3+6·7+7·3 = 140; 196 → 4.
    expect(nubanCheckDigit("057", "221234567")).toBe(4);
    expect(isValidNuban("057", "2212345674")).toBe(true);
    // A 6-digit institution code is used as it is: 090267 + 000000001 → 0·3+9·7+0·3+2·3+6·7+7·3 = 132, +1·3 = 135 → 5.
    expect(nubanCheckDigit("090267", "000000001")).toBe(5);
  });

  it("treats a 3-digit code as the same code prefixed with 000", () => {
    fc.assert(
      fc.property(digits(3), digits(9), (code, serial) => {
        expect(nubanCheckDigit(code, serial)).toBe(nubanCheckDigit(`000${code}`, serial));
      }),
    );
    expect(nubanInstitutionCode("058")).toBe("000058");
    expect(nubanInstitutionCode("100004")).toBe("100004");
    expect(nubanInstitutionCode("58")).toBeNull();
    expect(nubanInstitutionCode("05800")).toBeNull();
    expect(nubanInstitutionCode("abc")).toBeNull();
  });

  it("matches the longhand rule for any code and serial", () => {
    fc.assert(
      fc.property(bankCode, digits(9), (code, serial) => {
        const institution = code.length === 3 ? `000${code}` : code;
        expect(nubanCheckDigit(code, serial)).toBe(referenceCheckDigit(institution, serial));
      }),
    );
  });

  it("refuses malformed input instead of guessing", () => {
    expect(() => nubanCheckDigit("58", "012345678")).toThrow(RangeError);
    expect(() => nubanCheckDigit("058", "01234567")).toThrow(RangeError);
    expect(() => nubanCheckDigit("058", "01234567x")).toThrow(RangeError);
    expect(() => nubanCheckDigit("058", "٠١٢٣٤٥٦٧٨")).toThrow(RangeError); // Arabic-Indic digits
  });
});

describe("isValidNuban", () => {
  it("accepts every serial followed by its computed check digit", () => {
    fc.assert(
      fc.property(bankCode, digits(9), (code, serial) => {
        expect(isValidNuban(code, serial + nubanCheckDigit(code, serial))).toBe(true);
      }),
    );
  });

  it("refuses every other last digit", () => {
    fc.assert(
      fc.property(bankCode, digits(9), fc.integer({ min: 1, max: 9 }), (code, serial, offset) => {
        const wrong = (nubanCheckDigit(code, serial) + offset) % 10;
        expect(isValidNuban(code, serial + wrong)).toBe(false);
      }),
    );
  });

  it("catches any single mistyped digit in the serial", () => {
    // Weights 3 and 7 are coprime with 10, so changing one digit always changes the sum mod 10.
    fc.assert(
      fc.property(
        bankCode,
        digits(9),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (code, serial, pos, delta) => {
          const valid = serial + nubanCheckDigit(code, serial);
          const changed = ((Number(valid[pos]) + delta) % 10).toString();
          const typo = valid.slice(0, pos) + changed + valid.slice(pos + 1);
          expect(isValidNuban(code, typo)).toBe(false);
        },
      ),
    );
  });

  it("is false for anything that is not 10 ASCII digits or a bad code", () => {
    expect(isValidNuban("011", "000001457")).toBe(false);
    expect(isValidNuban("011", "00000145790")).toBe(false);
    expect(isValidNuban("011", "000001457 9")).toBe(false);
    expect(isValidNuban("011", " 0000014579")).toBe(false);
    expect(isValidNuban("011", "")).toBe(false);
    expect(isValidNuban("11", "0000014579")).toBe(false);
    expect(isValidNuban("", "0000014579")).toBe(false);
  });
});

describe("checkAccountNumber", () => {
  it("holds NUBAN banks to the check digit with a clear message", () => {
    expect(checkAccountNumber("011", "0000014579")).toEqual({ status: "ok" });
    expect(checkAccountNumber("011", "0000014578")).toEqual({ status: "check-digit" });
    expect(ACCOUNT_NUMBER_MESSAGES["check-digit"]).toBe(
      "This account number is not valid for the selected bank. Check the number and the bank.",
    );
    // The right number at the wrong bank is the other common mistake.
    expect(checkAccountNumber("058", "0123456785")).toEqual({ status: "ok" });
    expect(checkAccountNumber("057", "0123456785")).toEqual({ status: "check-digit" });
  });

  it("accepts any 10 digits at banks with phone-based or non-NUBAN numbers", () => {
    const nonNuban = NIGERIAN_BANKS.filter((b) => !b.nuban).map((b) => b.code);
    expect(nonNuban).toEqual(expect.arrayContaining(["100004", "100033", "090405"]));
    fc.assert(
      fc.property(fc.constantFrom(...nonNuban), digits(10), (code, number) => {
        fc.pre(!/^(\d)\1{9}$/.test(number));
        expect(checkAccountNumber(code, number)).toEqual({ status: "ok" });
      }),
    );
    expect(checkAccountNumber("100004", "8031234567")).toEqual({ status: "ok" }); // OPay: phone number without its 0
  });

  it("refuses one digit repeated ten times at every bank", () => {
    expect(isValidNuban("011", "0000000000")).toBe(true); // passes the arithmetic at First Bank…
    for (const code of ["011", "100004"]) {
      for (const number of ["0000000000", "1111111111", "9999999999"]) {
        expect(checkAccountNumber(code, number)).toEqual({ status: "implausible" });
      }
    }
  });

  it("refuses an unknown bank and anything but exactly 10 ASCII digits", () => {
    expect(checkAccountNumber("999", "0000014579")).toEqual({ status: "unknown-bank" });
    expect(checkAccountNumber("", "0000014579")).toEqual({ status: "unknown-bank" });
    for (const number of [
      "",
      "123456789",
      "12345678901",
      "12345 67890",
      "123456789a",
      "１２３４５６７８９０",
      "-123456789",
    ]) {
      expect(checkAccountNumber("100004", number)).toEqual({ status: "not-ten-digits" });
    }
    expect(ACCOUNT_NUMBER_MESSAGES["not-ten-digits"]).toBe("Account number must be exactly 10 digits.");
  });
});

describe("maskAccountNumber", () => {
  it("shows only the last four digits", () => {
    expect(maskAccountNumber("0123457890")).toBe("******7890");
    fc.assert(
      fc.property(digits(10), (number) => {
        const masked = maskAccountNumber(number);
        expect(masked).toHaveLength(10);
        expect(masked.slice(0, 6)).toBe("******");
        expect(masked.slice(6)).toBe(number.slice(6));
      }),
    );
  });
});
