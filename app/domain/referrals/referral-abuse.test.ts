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
  const referrer = { email: "ada.obi@gmail.com", ips: ["102.89.3.4", "41.58.1.1"] };

  it("holds the same mailbox", () => {
    expect(holdReasonFor({ email: "AdaObi+2@googlemail.com", ips: ["197.210.5.5"] }, referrer)).toBe(
      HOLD_REASONS.sameEmail,
    );
  });

  it("holds a shared address, sign-up or last sign-in", () => {
    expect(holdReasonFor({ email: "chidi@example.ng", ips: ["::ffff:41.58.1.1"] }, referrer)).toBe(HOLD_REASONS.sameIp);
    expect(holdReasonFor({ email: "chidi@example.ng", ips: [null, "102.89.3.4"] }, referrer)).toBe(HOLD_REASONS.sameIp);
  });

  it("holds another address on the same IPv6 /64, and an IPv4-mapped spelling of the same IPv4 address", () => {
    const onIpv6 = { email: "ada@example.ng", ips: ["2c0f:f5c0:440:1a2b::10"] };
    expect(holdReasonFor({ email: "chidi@example.ng", ips: ["2c0f:f5c0:440:1a2b:abcd::1"] }, onIpv6)).toBe(
      HOLD_REASONS.sameIp,
    );
    expect(holdReasonFor({ email: "chidi@example.ng", ips: ["2c0f:f5c0:440:1a2c::10"] }, onIpv6)).toBeNull();
    expect(
      holdReasonFor({ email: "chidi@example.ng", ips: ["::ffff:665a:304"] }, { ...referrer, ips: ["102.90.3.4"] }),
    ).toBe(HOLD_REASONS.sameIp);
  });

  it("passes a different person on a different network, and never matches missing addresses", () => {
    expect(holdReasonFor({ email: "chidi@example.ng", ips: ["197.210.5.5"] }, referrer)).toBeNull();
    expect(
      holdReasonFor(
        { email: "chidi@example.ng", ips: [null, "unknown"] },
        { email: "ada@example.ng", ips: [null, "unknown"] },
      ),
    ).toBeNull();
  });
});
