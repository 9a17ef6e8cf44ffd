/** Advert achievements. Referral achievements belong to the referrals domain. */
export const ADVERT_ACHIEVEMENTS = [
  { id: "ad-view-master", name: "Ad View Master", description: "Viewed 10 adverts", views: 10 },
  { id: "elite-viewer", name: "Elite Viewer", description: "Viewed 50 adverts", views: 50 },
] as const;

export type Achievement = { id: string; name: string; description: string };

/** The advert achievements unlocked by this many rewarded advert views, lowest first. */
export function advertAchievements(rewardedViews: number): Achievement[] {
  return ADVERT_ACHIEVEMENTS.filter((a) => rewardedViews >= a.views).map(({ id, name, description }) => ({
    id,
    name,
    description,
  }));
}
