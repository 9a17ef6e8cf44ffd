import { z } from "zod";
import type { CampaignStatus } from "./rules";

/** The statuses an admin reviews campaigns in, in the filter's order (In review first). */
export const ADMIN_CAMPAIGN_FILTERS = ["in_review", "awaiting_payment", "active"] as const;
export type AdminCampaignFilter = (typeof ADMIN_CAMPAIGN_FILTERS)[number];

export const REJECTION_REASON_MAX = 500;

/** The admin's reject form: the reason the advertiser reads. */
export const RejectCampaignSchema = z.object({
  campaignId: z.string().trim().min(1, "Choose a campaign to reject.").max(64, "Choose a campaign to reject."),
  reason: z
    .string({ error: "Give the advertiser a reason." })
    .trim()
    .min(1, "Give the advertiser a reason.")
    .max(REJECTION_REASON_MAX, `Keep the reason to ${REJECTION_REASON_MAX} characters.`),
});

/** What the admin is told when a review step finds the campaign no longer where it was. */
export const conflictMessage = (current: CampaignStatus, label: string) =>
  current === "rejected" || current === "cancelled"
    ? `This campaign has already been decided: it is now ${label.toLowerCase()}.`
    : `This campaign is no longer waiting for this step: it is now ${label.toLowerCase()}.`;
