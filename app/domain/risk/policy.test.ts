import { describe, expect, it } from "vitest";
import { breachesOf, type AccountSignal } from "./policy";

const policy = { accountsPerDevice: 2, accountsPerBankAccount: 1 };
const s = (userId: string, kind: AccountSignal["kind"], value: string): AccountSignal => ({ userId, kind, value });

describe("breachesOf", () => {
  it("a family phone (2 accounts, own bank accounts) is within the allowances", () => {
    expect(
      breachesOf(
        [s("a", "device", "d1"), s("b", "device", "d1"), s("a", "bank_account", "1"), s("b", "bank_account", "2")],
        policy,
      ),
    ).toEqual([]);
  });

  it("a third account on a device, a second on a bank account or a mailbox is beyond them", () => {
    expect(breachesOf([s("a", "device", "d"), s("b", "device", "d"), s("c", "device", "d")], policy)).toEqual([
      { kind: "device", accounts: 3 },
    ]);
    expect(breachesOf([s("a", "bank_account", "x"), s("b", "bank_account", "x")], policy)).toEqual([
      { kind: "bank_account", accounts: 2 },
    ]);
    expect(breachesOf([s("a", "email", "ada@gmail.com"), s("b", "email", "ada@gmail.com")], policy)).toEqual([
      { kind: "email", accounts: 2 },
    ]);
  });

  it("a network and a fingerprint seen together count as one device; either alone counts nothing", () => {
    const onePhone = ["a", "b", "c"].map((u) => s(u, "network_fingerprint", "n1|f1"));
    expect(breachesOf(onePhone, policy)).toEqual([{ kind: "probable-device", accounts: 3 }]);
    const sameNetworkOnly = ["a", "b", "c"].flatMap((u) => [
      s(u, "network", "n1"),
      s(u, "network_fingerprint", `n1|f-${u}`),
    ]);
    expect(breachesOf(sameNetworkOnly, policy)).toEqual([]);
    const sameModelElsewhere = ["a", "b", "c"].flatMap((u) => [
      s(u, "fingerprint", "f1"),
      s(u, "network_fingerprint", `n-${u}|f1`),
    ]);
    expect(breachesOf(sameModelElsewhere, policy)).toEqual([]);
  });
});
