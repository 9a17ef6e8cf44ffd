import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipTiers } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { MAX_BENEFIT_LENGTH, MAX_BENEFITS } from "./benefits-validation";
import { DEFAULT_TIERS, seedDefaultTiers } from "./default-tiers";

const { db } = await openTestDatabase();

const tiers = () => db.select().from(membershipTiers).orderBy(asc(membershipTiers.rank));

describe("default membership tiers", () => {
  it("seeds Basic (free) and the four paid tiers with their default prices and daily limits", async () => {
    const rows = await tiers();
    expect(rows.map((t) => [t.id, t.name, t.priceKobo, t.dailyAdViews, t.rank])).toEqual([
      ["basic", "Basic Member", 0n, 5, 0],
      ["bronze", "Advert Bronze", 50_000n, 10, 1],
      ["silver", "Advert Silver", 100_000n, 20, 2],
      ["gold", "Advert Gold", 150_000n, 30, 3],
      ["vip", "Advert VIP", 200_000n, 50, 4],
    ]);
  });

  it("says only what the platform delivers: no promise of a feature that does not exist, no copied figure", async () => {
    const rows = await tiers();
    expect(rows.map((t) => [t.id, t.benefits])).toEqual(DEFAULT_TIERS.map((t) => [t.id, [...t.benefits]]));
    expect(rows[0]!.benefits).toEqual([
      "Earn naira for each advert you view, up to your daily advert limit",
      "Refer friends with your link: My Referrals shows what each referral earns",
      "Withdraw your earnings to your Nigerian bank account",
    ]);
    for (const tier of rows) {
      // The old defaults promised these; a price, a limit or a reward copied in would go stale.
      expect(tier.benefits.join("\n")).not.toMatch(
        /registration fee|immediate|competition|quiz|learning hub|course|career|LED|gig|%|₦|\d/i,
      );
      expect(tier.benefits.length).toBeLessThanOrEqual(MAX_BENEFITS);
      for (const line of tier.benefits) expect(line.length).toBeLessThanOrEqual(MAX_BENEFIT_LENGTH);
    }
  });

  it("each paid tier says it has everything of the one below, a higher daily limit, and is paid once", async () => {
    const rows = await tiers();
    for (const [below, tier] of rows.slice(0, -1).map((t, i) => [t, rows[i + 1]!] as const)) {
      expect(tier.benefits).toEqual([
        `Everything in ${below.name}`,
        `A higher daily advert limit than ${below.name}, from the moment your upgrade is approved`,
        "Paid once: the tier stays yours, with nothing to renew",
      ]);
      // True of the seeded limits: each paid tier's is higher than the one below's.
      expect(tier.dailyAdViews).toBeGreaterThan(below.dailyAdViews);
    }
  });

  it("seeding again (every start) never overwrites an admin's price or limit changes", async () => {
    await db
      .update(membershipTiers)
      .set({ priceKobo: 75_000n, dailyAdViews: 12 })
      .where(eq(membershipTiers.id, "bronze"));
    await seedDefaultTiers(db);
    const [bronze] = await db.select().from(membershipTiers).where(eq(membershipTiers.id, "bronze"));
    expect(bronze!.priceKobo).toBe(75_000n);
    expect(bronze!.dailyAdViews).toBe(12);
    expect(await tiers()).toHaveLength(5);
  });
});
