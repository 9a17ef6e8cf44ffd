import { z } from "zod";
import { ADMIN_CAMPAIGN_FILTERS, type AdminCampaignFilter } from "~/domain/campaigns/review-validation";
import { listHref, pageParam } from "~/domain/shared/paging";

/** The Campaigns page, and the routes of its decision forms beside it. */
export const CAMPAIGNS_PATH = "/admin/campaigns";
export const CAMPAIGN_FORM_ACTIONS = {
  activate: `${CAMPAIGNS_PATH}/activate`,
  reject: `${CAMPAIGNS_PATH}/reject`,
  confirmPayment: `${CAMPAIGNS_PATH}/confirm-payment`,
} as const;

/** The page's query: the list's filter and page, the reject dialog or activate question open, a payment reference looked up. */
export const CampaignsQuerySchema = z.object({
  /** The campaigns shown: In review unless the admin picked another filter. */
  status: z.enum(ADMIN_CAMPAIGN_FILTERS).catch("in_review"),
  page: pageParam,
  /** The campaign whose reject dialog is open. */
  reject: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** The campaign whose activation is asked on the page (the link followed before JavaScript has loaded). */
  activate: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** A payment reference to look up (the GET step of Confirm a payment). */
  reference: z.string().trim().max(40).optional().catch(undefined),
});
export type CampaignsQuery = z.infer<typeof CampaignsQuerySchema>;

export const readCampaignsQuery = (url: string) =>
  CampaignsQuerySchema.parse(Object.fromEntries(new URL(url).searchParams));

export const CAMPAIGN_FILTER_LABELS: Record<AdminCampaignFilter, string> = {
  in_review: "In review",
  awaiting_payment: "Awaiting payment",
  active: "Active",
};

/**
 * A link to the campaign list with its filter and page (defaults left out) and any extra
 * parameters; with `path`, to one of the page's form routes instead (so the page it renders after
 * a refusal is the same list).
 */
export function campaignsHref(
  query: { status: AdminCampaignFilter; page: number },
  extra: Record<string, string | undefined> = {},
  path: string = CAMPAIGNS_PATH,
) {
  return listHref(
    { status: query.status === "in_review" ? undefined : query.status, page: query.page, ...extra },
    path,
  );
}
