/**
 * Client addresses as the app compares and counts them: one spelling per address, and the
 * network a subscriber holds (an IPv4 address, an IPv6 /64). Pure: rate limits (request
 * plumbing) and the self-referral checks (domain) both use it.
 */

/** The eight 16-bit groups of an IPv6 address (`::`, an IPv4 tail and a `%zone` allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/%.*$/, "");
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const octets = v4[2]!.split(".").map(Number);
    if (octets.some((o) => o > 255)) return null;
    text = `${v4[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** `::ffff:a.b.c.d` (in either spelling) is the IPv4 address a.b.c.d; anything else null. */
function mappedIpv4(groups: readonly number[]): string | null {
  if (!groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
}

/**
 * A client address in one spelling (`::ffff:1.2.3.4` and `::ffff:102:304` are `1.2.3.4`, IPv6
 * lower-cased), or null when there is none to compare ("unknown", empty).
 */
export function normalizeIp(ip: string | null | undefined): string | null {
  const trimmed = ip?.trim().toLowerCase() ?? "";
  if (!trimmed || trimmed === "unknown") return null;
  if (!trimmed.includes(":")) return trimmed;
  const groups = ipv6Groups(trimmed);
  return (groups && mappedIpv4(groups)) ?? trimmed;
}

/**
 * What two addresses must share to count as one subscriber: an IPv4 address exactly, an IPv6
 * address's /64 (one home or phone line is given a /64 and picks a new address in it at will,
 * so comparing whole IPv6 addresses would miss the same line, and a limit per address would let
 * one phone rotate past it). Null when there is no address. A network given back is its own
 * network (`2c0f:f5c0:440:1a2b::/64` stays so), so stored networks and fresh addresses compare.
 */
export function networkOf(ip: string | null | undefined): string | null {
  const address = normalizeIp(ip?.includes(":") ? ip.trim().replace(/\/64$/, "") : ip);
  if (address === null || !address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return normalizeIp(ip);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
