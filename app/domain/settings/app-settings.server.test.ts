import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { DEFAULT_APP_SETTINGS, getAppSettings, seedDefaultSettings } from "./app-settings";

const { db } = await openTestDatabase();

describe("app settings", () => {
  it("seeds the defaults, in kobo and basis points", async () => {
    const settings = await getAppSettings(db);
    expect(settings).toMatchObject({
      id: 1,
      appName: "AdNaira",
      logoUrl: "/logo.svg",
      referralActive: true,
      referralRewardType: "percentage",
      referralPercentBps: 4_000, // 40% of the tier price
      referralFixedKobo: 10_000n, // ₦100
      minWithdrawalKobo: 1_000n, // ₦10
      maxWithdrawalKobo: 100_000n, // ₦1,000
      withdrawalFeeBps: 200, // 2%
      advertDwellSeconds: 10,
    });
  });

  it("seeding again never overwrites an admin's changes", async () => {
    await db.update(appSettings).set({ appName: "Naira Ads", withdrawalFeeBps: 150 }).where(eq(appSettings.id, 1));
    await seedDefaultSettings(db);
    const settings = await getAppSettings(db);
    expect(settings.appName).toBe("Naira Ads");
    expect(settings.withdrawalFeeBps).toBe(150);
  });

  it("there is only ever one settings row", async () => {
    const second = await db
      .insert(appSettings)
      .values({ ...DEFAULT_APP_SETTINGS, id: 2 })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(second).not.toBeNull();
    expect(await db.select().from(appSettings)).toHaveLength(1);
  });

  it("getAppSettings says clearly when the database was not seeded", async () => {
    await db.delete(appSettings);
    await expect(getAppSettings(db)).rejects.toThrow(/not seeded/);
    await seedDefaultSettings(db);
    expect((await getAppSettings(db)).appName).toBe("AdNaira");
  });
});
