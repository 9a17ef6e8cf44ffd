import type { Achievement } from "~/domain/adverts/achievements";

/** Referral achievements, counted in approved referrals. */
export const REFERRAL_ACHIEVEMENTS = [
  { id: "referral-champion", name: "Referral Champion", description: "Referred 5 members", referrals: 5 },
  { id: "network-builder", name: "Network Builder", description: "Referred 20 members", referrals: 20 },
] as const;

/** The referral achievements unlocked by this many approved referrals, lowest first. */
export function referralAchievements(approvedReferrals: number): Achievement[] {
  return REFERRAL_ACHIEVEMENTS.filter((a) => approvedReferrals >= a.referrals).map(({ id, name, description }) => ({
    id,
    name,
    description,
  }));
}
