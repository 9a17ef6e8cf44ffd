import { z } from "zod";
import { PercentageBpsSchema } from "~/domain/shared/percentage-schema";

/**
 * The campaign fee form: the platform's share of each view's reward, as a percentage from 0 to
 * 100 with at most 2 decimals ("20", "12.5%"), stored in basis points.
 */
export const CampaignFeeSchema = z
  .object({ campaignFee: PercentageBpsSchema })
  .transform((form) => ({ campaignFeeBps: form.campaignFee }));
