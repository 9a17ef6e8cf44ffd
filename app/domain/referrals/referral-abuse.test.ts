import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOLD_REASONS, holdReasonFor, normalizeEmail } from "./referral-abuse";

describe("normalizeEmail", () => {
  it.each([
    ["Ada@Example.NG", "ada@example.ng"],
    ["ada.obi@gmail.com", "adaobi@gmail.com"],
    ["A.d.A.Obi+promo@GoogleMail.com", "adaobi@gmail.com"],
    ["ada.obi+x@yahoo.com", "ada.obi@yahoo.com"],
    ["ada+a+b@example.ng", "ada@example.ng"],
    ["  ada@example.ng ", "ada@example.ng"],
    // A leading plus is the whole local part, not a tag.
    ["+ada@example.ng", "+ada@example.ng"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it("keeps dots outside Gmail: they are different mailboxes there", () => {
    expect(normalizeEmail("ada.obi@example.ng")).not.toBe(normalizeEmail("adaobi@example.ng"));
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/);
  const tag = fc.stringMatching(/^[a-z0-9]{0,8}$/);
  const domain = fc.constantFrom("gmail.com", "googlemail.com", "example.ng", "yahoo.com");

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeEmail(s);
        expect(normalizeEmail(once)).toBe(once);
      }),
    );
  });

  it("ignores case and a +tag on every domain", () => {
    fc.assert(
      fc.property(local, tag, domain, (l, t, d) => {
        expect(normalizeEmail(`${l.toUpperCase()}+${t}@${d.toUpperCase()}`)).toBe(normalizeEmail(`${l}@${d}`));
      }),
    );
  });

  it("ignores dots and the googlemail spelling for Gmail", () => {
    fc.assert(
      fc.property(local, fc.array(fc.nat(), { maxLength: 4 }), (l, positions) => {
        const chars = [...l];
        for (const p of positions) chars.splice(1 + (p % chars.length), 0, ".");
        expect(normalizeEmail(`${chars.join("")}@googlemail.com`)).toBe(normalizeEmail(`${l}@gmail.com`));
      }),
    );
  });
});

describe("holdReasonFor", () => {
  const referrer = { email: "ada.obi@gmail.com" };

  it("holds the same mailbox, however it is spelt", () => {
    expect(holdReasonFor({ email: "AdaObi+2@googlemail.com" }, referrer)).toBe(HOLD_REASONS.sameEmail);
    expect(holdReasonFor({ email: " A.D.A.OBI@Gmail.com " }, referrer)).toBe(HOLD_REASONS.sameEmail);
    expect(holdReasonFor({ email: "ada+x@example.ng" }, { email: "ADA@example.ng" })).toBe(HOLD_REASONS.sameEmail);
  });

  it("passes another mailbox: dots outside Gmail, another domain or another name are other people", () => {
    expect(holdReasonFor({ email: "chidi@example.ng" }, referrer)).toBeNull();
    expect(holdReasonFor({ email: "adaobi@yahoo.com" }, referrer)).toBeNull();
    expect(holdReasonFor({ email: "ada.obi@example.ng" }, { email: "adaobi@example.ng" })).toBeNull();
  });

  it("a shared network holds nothing: the addresses that used to hold are not even compared (carrier NAT)", () => {
    // Extra fields (the members' addresses, as the rows carry them) play no part any more.
    const withAddresses = (email: string, ips: (string | null)[]) => ({ email, ips });
    const ada = withAddresses("ada.obi@gmail.com", ["102.89.3.4", "41.58.1.1", "2c0f:f5c0:440:1a2b::10"]);
    for (const ips of [
      ["::ffff:41.58.1.1"],
      [null, "102.89.3.4"],
      ["2c0f:f5c0:440:1a2b:abcd::1"],
      ["::ffff:665a:304"],
    ]) {
      expect(holdReasonFor(withAddresses("chidi@example.ng", ips), ada)).toBeNull();
    }
    // The mailbox still holds, whatever the addresses.
    expect(holdReasonFor(withAddresses("adaobi+2@gmail.com", ["197.210.5.5"]), ada)).toBe(HOLD_REASONS.sameEmail);
  });

  it("has no network reason left: only the mailbox and the linked-accounts reasons", () => {
    expect(Object.keys(HOLD_REASONS).sort()).toEqual(["linked", "sameEmail"]);
    expect(Object.values(HOLD_REASONS).join(" ")).not.toMatch(/IP address|network/i);
  });
});
