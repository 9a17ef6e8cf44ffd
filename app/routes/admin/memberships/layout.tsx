import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/layout";
import type { MembershipsData } from "~/components/memberships-admin/memberships-page";
import type { AdminTierRow, AdminUpgradeRow } from "~/components/memberships-admin/types";
import { listPendingUpgrades } from "~/domain/memberships/list-upgrades.server";
import { receivingAccountOf } from "~/domain/memberships/receiving-account";
import { isFreeTier } from "~/domain/memberships/tier-prices-validation";
import { listTiers } from "~/domain/memberships/update-tiers.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { requireAdmin } from "~/server/auth.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

/**
 * Manage Memberships' data, for the routes under this layout that render the page:
 * /admin/memberships (prices, the receiving account and the upgrade decisions post there) and
 * /admin/memberships/benefits (the tier benefits form's own route).
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Memberships");

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_memberships", "Access Denied.");
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = context.services;
  const [tiers, settings, list] = await Promise.all([
    listTiers(db),
    getAppSettings(db),
    listPendingUpgrades(db, { search: query.q || undefined, page: query.page }),
  ]);
  const tierRows: AdminTierRow[] = tiers.map((t) => ({
    id: t.id,
    name: t.name,
    rank: t.rank,
    free: isFreeTier(tiers, t.id),
    price: formatKobo(t.priceKobo),
    priceDecimal: koboToDecimal(t.priceKobo),
    dailyAdViews: t.dailyAdViews,
    benefits: t.benefits,
  }));
  const rows: AdminUpgradeRow[] = list.rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    userName: r.userName,
    userEmail: r.userEmail,
    userId: r.userId,
    userDisplayId: r.userDisplayId,
    tierName: r.tierName,
    fromTierName: r.fromTierName,
    amount: formatKobo(r.priceKobo),
    method: r.method,
    payment: r.payment,
    heldReason: r.heldReason,
    requestedAt: r.createdAt.toISOString(),
    requestedAtText: formatLagosDateTime(r.createdAt),
  }));
  return {
    query,
    tiers: tierRows,
    receivingAccount: receivingAccountOf(settings),
    rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  } satisfies MembershipsData;
}

/** A refusal (409: decided by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function MembershipsLayout() {
  return <Outlet />;
}
