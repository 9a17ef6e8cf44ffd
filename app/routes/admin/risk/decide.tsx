import { z } from "zod";
import type { Route } from "./+types/decide";
import { RISK_DENIED, RiskPage } from "~/components/risk-admin/risk-page";
import { DECIDE_REFUSALS, decideCluster } from "~/domain/risk-review/decide-cluster.server";
import { CLUSTER_DECISIONS, type ClusterDecisionName } from "~/domain/risk-review/review-view";
import { errorToast, type Toast } from "~/lib/toast";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";

const DecideSchema = z.object({
  clusterId: z.string().trim().min(1).max(64),
  decision: z.enum(CLUSTER_DECISIONS),
  accountsSeen: z.coerce.number().int().min(0).max(100_000),
  reason: z.string().max(2_000).optional(),
});

const FAILED = "Decision Failed";

const DONE: Record<ClusterDecisionName, (changed: number) => Toast> = {
  trust: (n) => ({
    type: "success",
    title: "Accounts Trusted",
    description: `${n} linked accounts are no longer held for their links.`,
  }),
  restrict: (n) => ({
    type: "success",
    title: "Accounts Restricted",
    description: `${n} accounts were restricted and signed out.`,
  }),
  "void-rewards": (n) => ({
    type: "success",
    title: "Rewards Voided",
    description: `${n} held referral reward${n === 1 ? " was" : "s were"} voided. Nothing was paid.`,
  }),
  "reject-withdrawals": (n) => ({
    type: "success",
    title: "Withdrawals Rejected",
    description: `${n} pending withdrawal${n === 1 ? " was" : "s were"} rejected and the amounts returned to the members' balances.`,
  }),
};

/** POST /admin/risk/decide: one decision on a cluster of linked accounts, answered with its toast (and in words without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "review_risk", RISK_DENIED);
  await requireFreshFactor(request, context);
  const parsed = DecideSchema.safeParse(await readForm(request));
  if (!parsed.success)
    return actionAnswer(errorToast(FAILED, "Could not read the decision. Reload the page and try again."));
  const input = parsed.data;
  const result = await decideCluster(context.services.db, actorFrom(user, context), input);
  switch (result.status) {
    case "forbidden":
      throw forbidden(RISK_DENIED);
    case "ok":
      return actionAnswer(DONE[input.decision](result.changed), { intent: input.decision });
    case "reason-required":
      return actionAnswer(errorToast(FAILED, DECIDE_REFUSALS[result.status]), { status: 400, intent: input.decision });
    case "not-found":
      return actionAnswer(errorToast(FAILED, DECIDE_REFUSALS[result.status]), { status: 404, intent: input.decision });
    case "decided":
    case "changed":
      return actionAnswer(errorToast(FAILED, DECIDE_REFUSALS[result.status]), { status: 409, intent: input.decision });
  }
}

/** The review page (also what a GET here shows: it changes nothing), with what was decided. */
export default function DecideCluster({ actionData }: Route.ComponentProps) {
  return <RiskPage answer={actionData} />;
}
