import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, riskClusters, users, withdrawals } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { voidHeldRewardInReview } from "~/domain/referrals/review-held-reward.server";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { rejectWithdrawalInReview } from "~/domain/withdrawals/process-withdrawal.server";
import { REASON_MAX_LENGTH, type ClusterDecisionName } from "./review-view";

/**
 * The review's decisions on a cluster of linked accounts (/admin/risk, review_risk), each in one
 * transaction with its audit rows, moving money only through the ledger (a rejected withdrawal's
 * amount back to the balance; a voided reward never paid):
 * - trust (with a reason, e.g. a family): the links stop holding (until an account joins);
 * - restrict all: every account restricted and signed out;
 * - void held rewards: the referral rewards held between them are never paid;
 * - reject pending withdrawals (with a reason): back to each member's balance.
 * The cluster row is locked first: two admins deciding at once decide once (the second is told
 * it was decided, or that its accounts changed since the page was read); a withdrawal asked for
 * meanwhile waits for the decision before its automatic payout is judged.
 */

export type DecideResult =
  | { status: "ok"; changed: number }
  | Forbidden
  | { status: "not-found" }
  /** Trusted or restricted already (by another admin): nothing changed. */
  | { status: "decided" }
  /** An account joined or left since the page was read: look again. */
  | { status: "changed" }
  | { status: "reason-required" };

export const DECIDE_REFUSALS = {
  "not-found": "These linked accounts are no longer on the review.",
  decided: "Another admin has decided on these linked accounts already.",
  changed: "The linked accounts changed since this page was loaded. Look at them again before deciding.",
  "reason-required": "Give a reason (up to 500 characters).",
} as const;

export async function decideCluster(
  db: Database,
  actor: Actor,
  input: { clusterId: string; decision: ClusterDecisionName; accountsSeen: number; reason?: string },
  clock: Clock = systemClock,
): Promise<DecideResult> {
  if (!hasPermission(actor, "review_risk")) return FORBIDDEN;
  const reason = input.reason?.trim() ?? "";
  const needsReason = input.decision === "trust" || input.decision === "reject-withdrawals";
  if (needsReason && (reason === "" || reason.length > REASON_MAX_LENGTH)) return { status: "reason-required" };
  return db.transaction(async (tx): Promise<DecideResult> => {
    const now = clock();
    const [cluster] = await tx.select().from(riskClusters).where(eq(riskClusters.id, input.clusterId)).for("update");
    if (!cluster) return { status: "not-found" };
    if (cluster.status !== "open") return { status: "decided" };
    const accounts = await tx
      .select({ id: users.id, displayId: users.displayId, isRestricted: users.isRestricted })
      .from(users)
      .where(eq(users.riskClusterId, cluster.id))
      .orderBy(asc(users.id))
      .for("update");
    if (accounts.length !== input.accountsSeen) return { status: "changed" };
    const ids = accounts.map((a) => a.id);
    const audit = (
      action: "risk.trust" | "risk.restrict_all" | "risk.void_rewards" | "risk.reject_withdrawals",
      after: Record<string, string | number>,
    ) =>
      recordAudit(tx, {
        actor,
        action,
        targetType: "risk_cluster",
        targetId: cluster.id,
        before: { status: cluster.status },
        after: { accounts: accounts.map((a) => a.displayId).join(", "), ...after },
      });
    const close = (status: "trusted" | "closed") =>
      tx
        .update(riskClusters)
        .set({
          status,
          decidedAt: now,
          decidedById: actor.id,
          decidedMemberCount: accounts.length,
          decisionNote: reason || null,
          updatedAt: now,
        })
        .where(eq(riskClusters.id, cluster.id));

    switch (input.decision) {
      case "trust":
        await close("trusted");
        await audit("risk.trust", { status: "trusted", reason });
        return { status: "ok", changed: accounts.length };
      case "restrict": {
        const restricted = accounts.filter((a) => !a.isRestricted);
        for (const a of restricted) {
          await tx.update(users).set({ isRestricted: true, updatedAt: now }).where(eq(users.id, a.id));
          await deleteUserSessions(tx, a.id);
          await recordAudit(tx, {
            actor,
            action: "user.restrict",
            targetType: "user",
            targetId: a.id,
            before: { isRestricted: false },
            after: { isRestricted: true },
          });
        }
        await close("closed");
        await audit("risk.restrict_all", { status: "closed", restricted: restricted.length });
        return { status: "ok", changed: restricted.length };
      }
      case "void-rewards": {
        const held = await tx
          .select({ id: referrals.id })
          .from(referrals)
          .where(
            and(eq(referrals.status, "held"), inArray(referrals.referrerId, ids), inArray(referrals.referredId, ids)),
          )
          .orderBy(asc(referrals.id));
        let voided = 0;
        for (const r of held) if ((await voidHeldRewardInReview(tx, actor, r.id, now)).status === "ok") voided++;
        await audit("risk.void_rewards", { voided });
        return { status: "ok", changed: voided };
      }
      case "reject-withdrawals": {
        const pending = await tx
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.status, "pending"), inArray(withdrawals.userId, ids)))
          .orderBy(asc(withdrawals.id));
        let rejected = 0;
        for (const w of pending) {
          if ((await rejectWithdrawalInReview(tx, actor, w.id, reason, now)).status === "ok") rejected++;
        }
        await audit("risk.reject_withdrawals", { rejected, reason });
        return { status: "ok", changed: rejected };
      }
    }
  });
}
