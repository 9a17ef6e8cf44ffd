import { z } from "zod";
import { ADVERTISER_STATUSES } from "~/domain/advertisers/validation";
import { listHref, pageParam } from "~/domain/shared/paging";

/** The Advertisers page, and the routes of its decision forms beside it. */
export const ADVERTISERS_PATH = "/admin/advertisers";
export const ADVERTISER_FORM_ACTIONS = {
  approve: `${ADVERTISERS_PATH}/approve`,
  reject: `${ADVERTISERS_PATH}/reject`,
  restriction: `${ADVERTISERS_PATH}/restriction`,
} as const;

export const ADVERTISER_FILTERS = [...ADVERTISER_STATUSES, "all"] as const;
export type AdvertiserListFilter = (typeof ADVERTISER_FILTERS)[number];

export const ADVERTISER_FILTER_LABELS: Record<AdvertiserListFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  all: "All",
};

const id = z.string().trim().min(1).max(64).optional().catch(undefined);

export const AdvertisersQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(ADVERTISER_FILTERS).catch("pending"),
  page: pageParam,
  /** The approve question asked on the page (the link followed without JavaScript). */
  approve: id,
  /** The reject dialog, open in the URL. */
  reject: id,
  /** The restrict and unrestrict questions asked on the page (the links followed without JavaScript). */
  restrict: id,
  unrestrict: id,
});
export type AdvertisersQuery = z.infer<typeof AdvertisersQuerySchema>;

export const readAdvertisersQuery = (url: string) =>
  AdvertisersQuerySchema.parse(Object.fromEntries(new URL(url).searchParams));

/**
 * The list as the admin left it (status, search and page; no dialog, no question) with any extra
 * parameters; with `path`, one of the page's form routes instead, so the page it renders is the same list.
 */
export function advertisersHref(
  query: Pick<AdvertisersQuery, "q" | "status" | "page">,
  extra: Record<string, string | undefined> = {},
  path: string = ADVERTISERS_PATH,
) {
  return listHref(
    { q: query.q, status: query.status === "pending" ? undefined : query.status, page: query.page, ...extra },
    path,
  );
}
