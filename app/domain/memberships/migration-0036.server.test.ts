import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Database } from "~/db/client.server";
import { openDatabaseToMigrate } from "~test/database";
import { DEFAULT_TIERS } from "./default-tiers";

// Migration 0036 on databases seeded before it: the tiers whose benefit lines are still exactly
// the old defaults (the spec's promises) get the new honest ones; lines an admin edited stay.
const untouched = await openDatabaseToMigrate();
const edited = await openDatabaseToMigrate();

const SPEC_BRONZE = ["40% of the registration fee from referrals", "Earn by clicking adverts", "Immediate withdrawal"];
const SPEC_SILVER = [...SPEC_BRONZE, "Weekly competitions, quizzes and contests"];
const SPEC_GOLD = [...SPEC_SILVER, "All learning hub courses and completion certificates"];
const SPEC_VIP = [
  ...SPEC_GOLD,
  "Listing on the career hub",
  "Own an LED minute of advert time",
  "80% of completed gigs or tasks",
];
/** The lines each tier was seeded with before migration 0036. */
const OLD_DEFAULTS: Record<string, string[]> = {
  basic: ["Earn by clicking adverts"],
  bronze: SPEC_BRONZE,
  silver: SPEC_SILVER,
  gold: SPEC_GOLD,
  vip: SPEC_VIP,
};
const BEFORE = "2026-01-01T00:00:00Z";

/** The tiers as the seeding before 0036 wrote them, with `benefits` as each tier's lines. */
async function seedTiersBefore(db: Database, benefits: Record<string, string[]>) {
  for (const tier of DEFAULT_TIERS) {
    await db.execute(sql`
      insert into membership_tiers (id, name, price_kobo, benefits, daily_ad_views, rank, created_at, updated_at)
      values (${tier.id}, ${tier.name}, ${tier.priceKobo.toString()}, array[${sql.join(
        benefits[tier.id]!.map((line) => sql`${line}`),
        sql`, `,
      )}]::text[],
              ${tier.dailyAdViews}, ${tier.rank}, ${BEFORE}, ${BEFORE})`);
  }
}

async function tiersAfter(db: Database) {
  return rowsOf<{ id: string; benefits: string[]; changed: boolean }>(
    await db.execute(sql`
      select id, benefits, updated_at > ${BEFORE}::timestamptz as changed from membership_tiers order by rank`),
  );
}

const newDefaults = (id: string) => [...DEFAULT_TIERS.find((t) => t.id === id)!.benefits];

describe("migration 0036 (honest tier benefits)", () => {
  it("gives every tier still on the old defaults exactly the lines a new installation is seeded with", async () => {
    await untouched.migrateBefore(36);
    await seedTiersBefore(untouched.handle.db, OLD_DEFAULTS);

    await untouched.migrateAll();

    expect(await tiersAfter(untouched.handle.db)).toEqual(
      DEFAULT_TIERS.map((tier) => ({ id: tier.id, benefits: newDefaults(tier.id), changed: true })),
    );
  });

  it("keeps the lines of every tier an admin edited, however little", async () => {
    await edited.migrateBefore(36);
    // Gold as an admin rewrote it; Silver's last line edited by a word; VIP with its last line removed.
    const seeded: Record<string, string[]> = {
      ...OLD_DEFAULTS,
      gold: ["Everything in Silver", "Priority support on WhatsApp"],
      silver: [...SPEC_BRONZE, "Weekly competitions and quizzes"],
      vip: SPEC_VIP.slice(0, -1),
    };
    await seedTiersBefore(edited.handle.db, seeded);

    await edited.migrateAll();

    expect(await tiersAfter(edited.handle.db)).toEqual([
      { id: "basic", benefits: newDefaults("basic"), changed: true },
      { id: "bronze", benefits: newDefaults("bronze"), changed: true },
      { id: "silver", benefits: seeded.silver, changed: false },
      { id: "gold", benefits: seeded.gold, changed: false },
      { id: "vip", benefits: seeded.vip, changed: false },
    ]);
  });
});
