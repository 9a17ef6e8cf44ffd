import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { networkOf, normalizeIp } from "./ip-network";

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

  it("gives a network back as itself, so stored networks compare with fresh addresses", () => {
    for (const ip of ["102.89.3.4", "::ffff:102.89.3.4", "2c0f:f5c0:440:1a2b::1", "::1", "2C0F:F5C0:440:1A2B::/64"]) {
      const network = networkOf(ip);
      expect(networkOf(network), ip).toBe(network);
    }
    expect(networkOf("2C0F:F5C0:0440:1A2B::/64")).toBe("2c0f:f5c0:440:1a2b::/64");
    const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
        const network = networkOf(groups.join(":"));
        expect(networkOf(network)).toBe(network);
      }),
    );
  });
});
