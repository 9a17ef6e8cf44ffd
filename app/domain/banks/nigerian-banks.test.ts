import { describe, expect, it } from "vitest";
import { BANK_KIND_LABELS, bankByCode, banksOfKind, NIGERIAN_BANKS, NUBAN_CHECKED_BANK_CODES } from "./nigerian-banks";

describe("NIGERIAN_BANKS", () => {
  it("is sorted by name", () => {
    const names = NIGERIAN_BANKS.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  });

  it("has unique codes and names", () => {
    expect(new Set(NIGERIAN_BANKS.map((b) => b.code)).size).toBe(NIGERIAN_BANKS.length);
    expect(new Set(NIGERIAN_BANKS.map((b) => b.name.toLowerCase())).size).toBe(NIGERIAN_BANKS.length);
  });

  it("uses 3-digit CBN codes for commercial banks and 6-digit institution codes for the rest", () => {
    for (const bank of NIGERIAN_BANKS) {
      if (bank.kind === "commercial") {
        expect(bank.code, bank.name).toMatch(/^\d{3}$/);
        // Checked only where a published account confirms the code (./published-accounts.test.ts).
        expect(bank.nuban, bank.name).toBe(NUBAN_CHECKED_BANK_CODES.has(bank.code));
      } else {
        expect(bank.code, bank.name).toMatch(/^\d{6}$/);
        expect(bank.nuban, bank.name).toBe(false);
      }
    }
  });

  it("knows the well-known codes", () => {
    const expected: Record<string, string> = {
      "044": "Access Bank",
      "058": "Guaranty Trust Bank (GTBank)",
      "057": "Zenith Bank",
      "011": "First Bank of Nigeria",
      "033": "United Bank for Africa (UBA)",
      "070": "Fidelity Bank",
      "214": "First City Monument Bank (FCMB)",
      "032": "Union Bank of Nigeria",
      "232": "Sterling Bank",
      "221": "Stanbic IBTC Bank",
      "035": "Wema Bank",
      "076": "Polaris Bank",
      "050": "Ecobank Nigeria",
      "082": "Keystone Bank",
      "215": "Unity Bank",
      "023": "Citibank Nigeria",
      "068": "Standard Chartered Bank",
      "301": "Jaiz Bank",
      "101": "Providus Bank",
      "090267": "Kuda Microfinance Bank",
      "100004": "OPay",
      "100033": "PalmPay",
      "090405": "Moniepoint Microfinance Bank",
      "120001": "9 Payment Service Bank (9PSB)",
      "120002": "HopePSB",
      "120003": "MoMo Payment Service Bank (MTN)",
    };
    for (const [code, name] of Object.entries(expected)) expect(bankByCode(code)?.name, code).toBe(name);
  });

  it("leaves out Heritage Bank (licence revoked in 2024)", () => {
    expect(bankByCode("030")).toBeUndefined();
    expect(NIGERIAN_BANKS.some((b) => /heritage/i.test(b.name))).toBe(false);
  });

  it("covers the three kinds, each non-empty", () => {
    for (const kind of Object.keys(BANK_KIND_LABELS) as (keyof typeof BANK_KIND_LABELS)[]) {
      expect(banksOfKind(kind).length, kind).toBeGreaterThan(0);
    }
    expect(banksOfKind("payment_service").map((b) => b.name)).toEqual(
      expect.arrayContaining(["OPay", "PalmPay", "Moniepoint Microfinance Bank", "HopePSB"]),
    );
    expect(
      banksOfKind("commercial").length + banksOfKind("microfinance").length + banksOfKind("payment_service").length,
    ).toBe(NIGERIAN_BANKS.length);
  });
});

describe("bankByCode", () => {
  it("answers for known codes and nothing for others", () => {
    expect(bankByCode("058")).toEqual({
      code: "058",
      name: "Guaranty Trust Bank (GTBank)",
      kind: "commercial",
      nuban: true,
    });
    expect(bankByCode("58")).toBeUndefined();
    expect(bankByCode("000058")).toBeUndefined();
    expect(bankByCode("")).toBeUndefined();
    expect(bankByCode("__proto__")).toBeUndefined();
    expect(bankByCode("058")?.nuban).toBe(true);
    expect(bankByCode("100004")?.nuban).toBe(false);
    expect(bankByCode("104")?.nuban).toBe(false); // Parallex: code not confirmed
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(NIGERIAN_BANKS)).toBe(true);
  });
});
