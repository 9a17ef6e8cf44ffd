import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import type { AdvertisersData } from "~/components/advertisers-admin/advertisers-page";
import { readAdvertisersQuery } from "~/components/advertisers-admin/advertisers-query";
import type { AdvertiserRowView } from "~/components/advertisers-admin/types";
import { CAMPAIGNS_PATH } from "~/components/campaigns-admin/campaigns-query";
import { listAdvertisers } from "~/domain/advertisers/list-advertisers.server";
import { formatKobo } from "~/domain/shared/money";
import { listHref } from "~/domain/shared/paging";
import { requireAdmin } from "~/server/auth.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { ADVERTISERS_DENIED } from "./advertisers.server";

/**
 * The Advertisers page's data, for the routes under this layout that render the page:
 * /admin/advertisers and one route per decision form (approve, reject, restriction).
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Advertisers");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", ADVERTISERS_DENIED);
  // A payment lookup from before campaigns had their own page: it is looked up there.
  const reference = new URL(request.url).searchParams.get("reference");
  if (reference !== null) throw redirect(listHref({ reference }, CAMPAIGNS_PATH));
  const query = readAdvertisersQuery(request.url);
  const list = await listAdvertisers(context.services.db, { status: query.status, search: query.q, page: query.page });
  const rows: AdvertiserRowView[] = list.advertisers.map((a) => ({
    id: a.id,
    displayId: a.displayId,
    businessName: a.businessName,
    name: a.name,
    email: a.email,
    emailConfirmed: a.emailConfirmed,
    phone: a.phone,
    status: a.status,
    rejectionReason: a.rejectionReason,
    isRestricted: a.isRestricted,
    joined: formatLagosDate(a.createdAt),
    balance: formatKobo(a.balanceKobo),
  }));
  // The row a question or the reject dialog is about: on this page of the list (pending only).
  const pendingRow = (userId?: string) => rows.find((r) => r.id === userId && r.status === "pending") ?? null;
  return {
    query,
    rows,
    counts: list.counts,
    page: list.page,
    pageCount: list.pageCount,
    approving: pendingRow(query.approve),
    rejecting: pendingRow(query.reject),
    // Restrict is asked about an advertiser not restricted yet, unrestrict about a restricted one.
    restricting: rows.find((r) => r.id === query.restrict && !r.isRestricted) ?? null,
    unrestricting: rows.find((r) => r.id === query.unrestrict && r.isRestricted) ?? null,
  } satisfies AdvertisersData;
}

/** A refusal (409: changed by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function AdvertisersLayout() {
  return <Outlet />;
}
