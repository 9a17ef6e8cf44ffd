import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/layout";
import { RISK_DENIED, type RiskPageData } from "~/components/risk-admin/risk-page";
import { listOpenClusters, reviewCluster } from "~/domain/risk-review/review-queue.server";
import { CLUSTER_DECISIONS, toClusterView } from "~/domain/risk-review/review-view";
import { pageParam } from "~/domain/shared/paging";
import { pageTitle } from "~/lib/meta";
import { requireAdmin } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Linked Accounts");

const QuerySchema = z.object({
  page: pageParam,
  cluster: z.string().trim().max(64).optional().catch(undefined),
  confirm: z.enum(CLUSTER_DECISIONS).optional().catch(undefined),
});

/** The review's data for /admin/risk and its decision's route. Changes nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "review_risk", RISK_DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.services.db;
  const [list, confirming] = await Promise.all([
    listOpenClusters(db, { page: query.page }),
    query.cluster && query.confirm ? reviewCluster(db, query.cluster) : null,
  ]);
  return {
    clusters: list.clusters.map(toClusterView),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    confirming:
      confirming && confirming.status === "open" && query.confirm
        ? { cluster: toClusterView(confirming), decision: query.confirm }
        : null,
  } satisfies RiskPageData;
}

/** A refused decision (decided by someone else, accounts changed) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function RiskLayout() {
  return <Outlet />;
}
