import type { Database } from "~/db/client.server";
import { membershipTiers } from "~/db/schema";

const BRONZE = ["40% of the registration fee from referrals", "Earn by clicking adverts", "Immediate withdrawal"];
const SILVER = [...BRONZE, "Weekly competitions, quizzes and contests"];
const GOLD = [...SILVER, "All learning hub courses and completion certificates"];
const VIP = [
  ...GOLD,
  "Listing on the career hub",
  "Own an LED minute of advert time",
  "80% of completed gigs or tasks",
];

/** The tiers a new installation starts with (Basic is the free tier everyone starts on). */
export const DEFAULT_TIERS = [
  {
    id: "basic",
    name: "Basic Member",
    priceKobo: 0n,
    dailyAdViews: 5,
    rank: 0,
    benefits: ["Earn by clicking adverts"],
  },
  { id: "bronze", name: "Advert Bronze", priceKobo: 50_000n, dailyAdViews: 10, rank: 1, benefits: BRONZE },
  { id: "silver", name: "Advert Silver", priceKobo: 100_000n, dailyAdViews: 20, rank: 2, benefits: SILVER },
  { id: "gold", name: "Advert Gold", priceKobo: 150_000n, dailyAdViews: 30, rank: 3, benefits: GOLD },
  { id: "vip", name: "Advert VIP", priceKobo: 200_000n, dailyAdViews: 50, rank: 4, benefits: VIP },
] as const;

/** Inserts the default tiers once; admins' later edits are never overwritten. */
export async function seedDefaultTiers(db: Database): Promise<void> {
  await db
    .insert(membershipTiers)
    .values(DEFAULT_TIERS.map((t) => ({ ...t, benefits: [...t.benefits] })))
    .onConflictDoNothing();
}
