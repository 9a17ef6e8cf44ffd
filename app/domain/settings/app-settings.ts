import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { appSettings, type AppSettings } from "~/db/schema";

/** The settings a new installation starts with. */
export const DEFAULT_APP_SETTINGS = {
  id: 1,
  appName: "AdNaira",
  logoUrl: "/logo.svg",
  referralActive: true,
  referralRewardType: "percentage" as const,
  referralFixedKobo: 10_000n,
  referralPercentBps: 4_000,
  minWithdrawalKobo: 1_000n,
  maxWithdrawalKobo: 100_000n,
  /** Advertisers' maximum per withdrawal request: ₦1,000,000.00 (a refunded campaign comes back in one request). */
  advertiserMaxWithdrawalKobo: 100_000_000n,
  withdrawalFeeBps: 200,
  advertDwellSeconds: 10,
  /** Insider limits on the money an advert can pay out: ₦1,000.00 a click, ₦1,000,000.00 in all. */
  maxAdvertRewardKobo: 100_000n,
  maxAdvertBudgetKobo: 100_000_000n,
  /** The platform's fee on a campaign's rewards: 20%. */
  campaignFeeBps: 2_000,
};

export async function seedDefaultSettings(db: Database): Promise<void> {
  await db.insert(appSettings).values(DEFAULT_APP_SETTINGS).onConflictDoNothing();
}

/** Every page reads the settings (the root loader). */
const settingsQuery = preparedPerDatabase((db) =>
  db.select().from(appSettings).where(eq(appSettings.id, 1)).prepare("app_settings"),
);

export async function getAppSettings(db: Database): Promise<AppSettings> {
  const [row] = await settingsQuery(db).execute();
  return seeded(row);
}

/**
 * The settings, read in the caller's transaction with a row lock: "update" to change them,
 * "share" to act on them while a change of them waits.
 */
export async function lockAppSettings(tx: Database, strength: "update" | "share"): Promise<AppSettings> {
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.id, 1)).for(strength);
  return seeded(row);
}

function seeded(row: AppSettings | undefined): AppSettings {
  if (!row) throw new Error("app settings are missing: the database was not seeded");
  return row;
}
