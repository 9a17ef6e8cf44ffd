import type { Database } from "~/db/client.server";
import { campaigns, type Campaign } from "~/db/schema";
import type { CustomCheck } from "~/domain/adverts/attention-check";
import { advertMoneyLimitErrors, type AdvertMoneyLimitErrors } from "~/domain/adverts/money-limits";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { newDisplayId, newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { isApprovedAdvertiser } from "./campaigns.server";
import { campaignBudget, MIN_CAMPAIGN_REWARD_KOBO } from "./rules";

/** What an advertiser types for a campaign (parsed by the route's form schema). */
export type CampaignInput = {
  title: string;
  description: string;
  imageUrl: string | null;
  rewardKobo: Kobo;
  viewsWanted: number;
  /** Africa/Lagos start of the first day, and start of the day after the last; null: open. */
  startsAt: Date | null;
  endsAt: Date | null;
  /** Their own attention check; null or left out: members pick the title among others'. */
  check?: CustomCheck | null;
};

export type CreateCampaignResult =
  | { status: "ok"; campaign: Campaign }
  /** The advertiser's business is not approved (yet): nothing was stored. */
  | { status: "not-approved" }
  /** Over the advert money limits (reward per view, or reward × views). */
  | { status: "over-limits"; errors: AdvertMoneyLimitErrors }
  /** The end date has already passed. */
  | { status: "ends-in-past" }
  /** Less than ₦1.00 a view (REWARD_BELOW_MINIMUM_MESSAGE): too little to take a fee from. */
  | { status: "reward-below-minimum"; minKobo: Kobo };

/**
 * A new campaign, stored as a draft with its budget worked out from the fee setting of today
 * (later changes of the setting never change it). The reward is at least ₦1.00 a view, and the
 * advert money limits apply as to an admin's advert: reward per view and reward × views.
 */
export async function createCampaign(
  db: Database,
  advertiserId: string,
  input: CampaignInput,
  now: Date = new Date(),
): Promise<CreateCampaignResult> {
  if (input.rewardKobo < MIN_CAMPAIGN_REWARD_KOBO)
    return { status: "reward-below-minimum", minKobo: MIN_CAMPAIGN_REWARD_KOBO };
  if (input.endsAt && input.endsAt <= now) return { status: "ends-in-past" };
  return db.transaction(async (tx): Promise<CreateCampaignResult> => {
    if (!(await isApprovedAdvertiser(tx, advertiserId))) return { status: "not-approved" };
    // Share: a change of the fee or the limits waits for this campaign, or comes first.
    const settings = await lockAppSettings(tx, "share");
    const errors = advertMoneyLimitErrors(
      { rewardKobo: input.rewardKobo, maxClicks: input.viewsWanted },
      { maxRewardKobo: settings.maxAdvertRewardKobo, maxBudgetKobo: settings.maxAdvertBudgetKobo },
    );
    if (errors) return { status: "over-limits", errors };
    const budget = campaignBudget({ ...input, feeBps: settings.campaignFeeBps });
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        id: newId(),
        reference: newDisplayId("CMP-"),
        advertiserId,
        title: input.title,
        description: input.description,
        imageUrl: input.imageUrl,
        rewardKobo: input.rewardKobo,
        viewsWanted: input.viewsWanted,
        feeBps: settings.campaignFeeBps,
        feePerViewKobo: budget.feePerViewKobo,
        budgetKobo: budget.budgetKobo,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        checkQuestion: input.check?.question ?? null,
        checkAnswer: input.check?.answer ?? null,
        checkWrongAnswers: input.check?.wrongAnswers ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { status: "ok", campaign: campaign! };
  });
}
