import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipTiers } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { seedDefaultTiers } from "./default-tiers";

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

  it("each paid tier keeps the benefits of the one below and adds its own", async () => {
    const [, bronze, silver, gold, vip] = await tiers();
    expect(bronze!.benefits).toEqual([
      "40% of the registration fee from referrals",
      "Earn by clicking adverts",
      "Immediate withdrawal",
    ]);
    for (const [lower, higher] of [
      [bronze!, silver!],
      [silver!, gold!],
      [gold!, vip!],
    ] as const) {
      expect(higher.benefits.slice(0, lower.benefits.length)).toEqual(lower.benefits);
      expect(higher.benefits.length).toBeGreaterThan(lower.benefits.length);
    }
    expect(silver!.benefits).toContain("Weekly competitions, quizzes and contests");
    expect(gold!.benefits).toContain("All learning hub courses and completion certificates");
    expect(vip!.benefits).toContain("80% of completed gigs or tasks");
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
