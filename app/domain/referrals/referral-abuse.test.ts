import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOLD_REASONS, holdReasonFor, networkOf, normalizeEmail, normalizeIp } from "./referral-abuse";

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

describe("normalizeIp", () => {
  it("reads an IPv4-mapped IPv6 address as IPv4; no address is null", () => {
    expect(normalizeIp("::ffff:102.89.3.4")).toBe("102.89.3.4");
    expect(normalizeIp("::FFFF:665a:0304")).toBe("102.90.3.4");
    expect(normalizeIp("0:0:0:0:0:ffff:102.89.3.4")).toBe("102.89.3.4");
    expect(normalizeIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normalizeIp("unknown")).toBeNull();
    expect(normalizeIp("")).toBeNull();
    expect(normalizeIp(null)).toBeNull();
  });
});

describe("networkOf", () => {
  it("keeps an IPv4 address whole: neighbours on a carrier's block are different people", () => {
    expect(networkOf("102.89.3.4")).toBe("102.89.3.4");
    expect(networkOf("102.89.3.5")).not.toBe(networkOf("102.89.3.4"));
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(networkOf("::ffff:102.89.3.4")).toBe("102.89.3.4");
    expect(networkOf("::ffff:665a:304")).toBe("102.90.3.4");
  });

  it("takes an IPv6 address's /64, however it is written", () => {
    const home = "2c0f:f5c0:440:1a2b::/64";
    expect(networkOf("2c0f:f5c0:440:1a2b::1")).toBe(home);
    expect(networkOf("2C0F:F5C0:0440:1A2B:8d3e:12ff:fe00:9")).toBe(home);
    expect(networkOf("2c0f:f5c0:440:1a2b:ffff:ffff:ffff:ffff%wlan0")).toBe(home);
    expect(networkOf("2c0f:f5c0:440:1a2c::1")).not.toBe(home);
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("2c0f::1.2.3.4")).toBe("2c0f:0:0:0::/64");
  });

  it("leaves what is not an address as it is, and no address is null", () => {
    expect(networkOf("not:an:address")).toBe("not:an:address");
    expect(networkOf("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(networkOf("unknown")).toBeNull();
    expect(networkOf(undefined)).toBeNull();
  });

  it("gives every address of a /64 the same network, and different /64s different ones", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), groups(4), (prefix, a, b, other) => {
        const net = networkOf([...prefix, ...a].join(":"));
        expect(networkOf([...prefix, ...b].join(":"))).toBe(net);
        const differs = other.some((g, i) => parseInt(g, 16) !== parseInt(prefix[i]!, 16));
        if (differs) expect(networkOf([...other, ...a].join(":"))).not.toBe(net);
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
