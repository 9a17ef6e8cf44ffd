import { Outlet, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/layout";
import type { AdvertRow, AdvertsData } from "~/components/adverts-admin/adverts-page";
import { campaignsHref } from "~/components/campaigns-admin/campaigns-query";
import { getAdvert, listAdvertsForAdmin, type AdminAdvert } from "~/domain/adverts/manage-adverts.server";
import { advertImageRules } from "~/domain/adverts/validation";
import { ADMIN_CAMPAIGN_FILTERS } from "~/domain/campaigns/review-validation";
import { getAppSettings } from "~/domain/settings/app-settings";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";
import { ADVERTS_DENIED } from "./adverts.server";

/**
 * Manage Adverts' data, for the routes under this layout that render the page: /admin/adverts
 * (and /admin/adverts/new, whose create/edit form posts to the page itself) and /admin/adverts/delete.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Adverts");

const QuerySchema = z.object({
  page: pageParam,
  edit: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** A link from before campaigns had their own page (`?campaigns=active`): it goes there. */
  campaigns: z.enum(ADMIN_CAMPAIGN_FILTERS).optional().catch("in_review"),
});

/** `imageSrc`: the stored image address when it may be loaded (an upload, or a legacy https one). */
const toRow = (a: AdminAdvert, appUrl: URL): AdvertRow => ({
  id: a.id,
  title: a.title,
  description: a.description,
  rewardText: formatKobo(a.rewardKobo),
  rewardAmount: koboToDecimal(a.rewardKobo),
  maxClicks: a.maxClicks,
  currentClicks: a.currentClicks,
  imageSrc: displayImageUrl(a.imageUrl, advertImageRules(appUrl), null),
  status: a.status,
  check: a.check,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", ADVERTS_DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (query.campaigns) throw redirect(campaignsHref({ status: query.campaigns, page: 1 }));
  const { db, config } = context.services;
  const [list, editing, settings] = await Promise.all([
    listAdvertsForAdmin(db, { page: query.page }),
    query.edit ? getAdvert(db, query.edit) : null,
    getAppSettings(db),
  ]);
  return {
    limits: {
      maxReward: formatKobo(settings.maxAdvertRewardKobo),
      maxBudget: formatKobo(settings.maxAdvertBudgetKobo),
    },
    page: list.page,
    pageCount: list.pageCount,
    adverts: list.adverts.map((a) => toRow(a, config.appUrl)),
    editing: editing ? toRow(editing, config.appUrl) : null,
  } satisfies AdvertsData;
}

export default function AdvertsLayout() {
  return <Outlet />;
}
