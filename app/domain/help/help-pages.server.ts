import type { Database } from "~/db/client.server";
import { listTiers } from "~/domain/memberships/update-tiers.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { helpFacts, referralTerms, type HelpFacts, type ReferralTerms } from "./help-facts";
import { supportChannels, type SupportChannel } from "./support-channels";

/**
 * What /help and /terms quote: the live settings and tiers. `online`: a payment provider is
 * configured (then upgrades and campaigns can be paid online).
 */
export async function readHelpFacts(db: Database, options: { online: boolean }): Promise<HelpFacts> {
  const [settings, tiers] = await Promise.all([getAppSettings(db), listTiers(db)]);
  return helpFacts(settings, tiers, options);
}

/** What a referral earns right now, for each paid tier (My Referrals). */
export async function readReferralTerms(db: Database): Promise<ReferralTerms> {
  const [settings, tiers] = await Promise.all([getAppSettings(db), listTiers(db)]);
  return referralTerms(settings, tiers);
}

/** The support channels an admin has set, for /contact. */
export async function readSupportChannels(db: Database): Promise<SupportChannel[]> {
  return supportChannels(await getAppSettings(db));
}
