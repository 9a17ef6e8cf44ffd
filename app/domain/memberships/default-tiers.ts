import type { Database } from "~/db/client.server";
import { membershipTiers } from "~/db/schema";

// The default benefit lines say only what the platform delivers (issue 40): what a tier changes is
// its daily advert limit, and its price is paid once. They quote no figure (price, daily limit,
// referral reward): those are settings admins change, and every screen that lists benefits shows
// the live daily limit beside them (and My Referrals the live referral reward). Migration 0036
// puts these lines in place of the spec's on tiers whose lines no admin had edited; change them
// together.
const BASIC_BENEFITS = [
  "Earn naira for each advert you view, up to your daily advert limit",
  "Refer friends with your link: My Referrals shows what each referral earns",
  "Withdraw your earnings to your Nigerian bank account",
];

/** A paid tier's lines: the tier below's, a higher daily advert limit, and a price paid once. */
const paidBenefits = (below: string) => [
  `Everything in ${below}`,
  `A higher daily advert limit than ${below}, from the moment your upgrade is approved`,
  "Paid once: the tier stays yours, with nothing to renew",
];

/** The tiers a new installation starts with (Basic is the free tier everyone starts on). */
export const DEFAULT_TIERS = [
  { id: "basic", name: "Basic Member", priceKobo: 0n, dailyAdViews: 5, rank: 0, benefits: BASIC_BENEFITS },
  {
    id: "bronze",
    name: "Advert Bronze",
    priceKobo: 50_000n,
    dailyAdViews: 10,
    rank: 1,
    benefits: paidBenefits("Basic Member"),
  },
  {
    id: "silver",
    name: "Advert Silver",
    priceKobo: 100_000n,
    dailyAdViews: 20,
    rank: 2,
    benefits: paidBenefits("Advert Bronze"),
  },
  {
    id: "gold",
    name: "Advert Gold",
    priceKobo: 150_000n,
    dailyAdViews: 30,
    rank: 3,
    benefits: paidBenefits("Advert Silver"),
  },
  {
    id: "vip",
    name: "Advert VIP",
    priceKobo: 200_000n,
    dailyAdViews: 50,
    rank: 4,
    benefits: paidBenefits("Advert Gold"),
  },
] as const satisfies readonly {
  id: string;
  name: string;
  priceKobo: bigint;
  dailyAdViews: number;
  rank: number;
  benefits: readonly string[];
}[];

/** Inserts the default tiers once; admins' later edits are never overwritten. */
export async function seedDefaultTiers(db: Database): Promise<void> {
  await db
    .insert(membershipTiers)
    .values(DEFAULT_TIERS.map((t) => ({ ...t, benefits: [...t.benefits] })))
    .onConflictDoNothing();
}
