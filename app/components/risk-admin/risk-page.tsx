import { useRouteLoaderData } from "react-router";
import { AnswerNote } from "~/components/admin/answer-note";
import { useToastFrom } from "~/components/ui/toaster";
import { Pager } from "~/components/ui/pager";
import type { ClusterDecisionName, ClusterView } from "~/domain/risk-review/review-view";
import type { ActionAnswer } from "~/lib/forms";
import { ClusterCard, DecisionPanel } from "./cluster-card";

/** The review's data (app/routes/admin/risk/layout.tsx). */
export type RiskPageData = {
  clusters: ClusterView[];
  page: number;
  pageCount: number;
  total: number;
  /** The decision the page asks about (the buttons' link without JavaScript). */
  confirming: { cluster: ClusterView; decision: ClusterDecisionName } | null;
};

const RISK_ROUTE_ID = "routes/admin/risk/layout";

/** What an admin without review_risk is told. */
export const RISK_DENIED = "Access Denied. You do not have permission to review linked accounts.";

/**
 * Linked Accounts (/admin/risk, review_risk): accounts linked beyond the allowances, the most
 * money at stake first. Also rendered by the decision's route, with its answer in words.
 */
export function RiskPage({ answer }: { answer?: ActionAnswer }) {
  const data = useRouteLoaderData(RISK_ROUTE_ID) as RiskPageData;
  useToastFrom(answer?.toast);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header>
        <h1 className="text-2xl font-bold">Linked Accounts</h1>
        <p className="mt-1 text-gray-600">
          Accounts that share a device, a bank account or a mailbox beyond what one person or family has. Until you
          decide, their referral rewards between each other are held and their withdrawals are not paid automatically.
        </p>
      </header>
      {answer ? <AnswerNote answer={answer} /> : null}
      {data.confirming ? (
        <DecisionPanel cluster={data.confirming.cluster} decision={data.confirming.decision} page={data.page} />
      ) : null}
      {data.clusters.length === 0 ? (
        <p className="rounded-md border border-gray-200 bg-white p-6 text-center text-gray-700">
          No linked accounts to review.
        </p>
      ) : (
        data.clusters.map((cluster) => <ClusterCard key={cluster.id} cluster={cluster} page={data.page} />)
      )}
      <Pager
        page={data.page}
        pageCount={data.pageCount}
        hrefFor={(page) => (page > 1 ? `/admin/risk?page=${page}` : "/admin/risk")}
        label="Linked accounts pages"
      />
    </div>
  );
}
