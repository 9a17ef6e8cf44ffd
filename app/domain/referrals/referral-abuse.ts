/**
 * Self-referral checks: a referral whose reward is paid only after an admin looks, when the
 * referred member shares the referrer's mailbox or network address. Pure, so the rules are
 * tested on their own; the sign-up and the reward both use them.
 */

export const HOLD_REASONS = {
  sameEmail: "Same email address as the referrer",
  sameIp: "Same IP address as the referrer",
} as const;

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches: lower-cased, a `+tag` dropped from the local part, and for
 * Gmail the dots too (googlemail.com is gmail.com). `Ada.Obi+x@GoogleMail.com` → `adaobi@gmail.com`.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}

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
 * so comparing whole IPv6 addresses would miss the same line). Null when there is no address.
 */
export function networkOf(ip: string | null | undefined): string | null {
  const address = normalizeIp(ip);
  if (address === null || !address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** A member's addresses for the comparison: where they signed up and their recent sign-ins. */
export type ReferralParty = { email: string; ips: readonly (string | null | undefined)[] };

/**
 * Why a referral's reward must wait for an admin, or null when nothing looks wrong: the same
 * normalized email as the referrer, or any shared network (sign-up or a recent sign-in; see
 * networkOf).
 */
export function holdReasonFor(referred: ReferralParty, referrer: ReferralParty): string | null {
  if (normalizeEmail(referred.email) === normalizeEmail(referrer.email)) return HOLD_REASONS.sameEmail;
  const theirs = new Set(referrer.ips.map(networkOf).filter((ip) => ip !== null));
  if (referred.ips.some((ip) => theirs.has(networkOf(ip) ?? ""))) return HOLD_REASONS.sameIp;
  return null;
}

/** How many sign-in addresses a member keeps for the comparison (newest first). */
export const RECENT_SIGN_IN_ADDRESSES = 5;
