import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers, upgradeRequests, users, type UpgradeRequest } from "~/db/schema";
import type { AuditAction } from "~/domain/audit/actions";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { queueEmail } from "~/domain/mail/outbox.server";
import { upgradeApprovedMail, upgradeRejectedMail } from "~/domain/mail/templates";
import { hasPermission } from "~/domain/permissions/permissions";
import { refusedAsOwnReferral } from "~/domain/referrals/own-referral.server";
import { rewardReferrer, type ReferralRewardResult } from "~/domain/referrals/referral-reward.server";
import { formatKobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { judgeReport, recordBooking, type SettleOutcome } from "~/domain/payments/settlement.server";
import type { ProviderPaymentReport } from "~/domain/payments/provider";
import type { Role } from "~/domain/permissions/permissions";
import { bookUpgradePayment, releaseUpgradePrice } from "./money.server";
import { summaryOf, type UpgradeRequestSummary } from "./request-upgrade.server";
import type { UpgradeStatus } from "./upgrades";

export type DecideUpgradeResult =
  | { status: "ok"; request: UpgradeRequestSummary }
  /** The actor lacks manage_memberships: nothing was changed. */
  | Forbidden
  | { status: "not-found" }
  /** No longer pending (another admin decided first, or the member cancelled). */
  | { status: "conflict"; current: UpgradeStatus };

export type ApproveUpgradeResult =
  | (Extract<DecideUpgradeResult, { status: "ok" }> & { referral: ReferralRewardResult })
  | Exclude<DecideUpgradeResult, { status: "ok" }>
  /** The admin referred this member: another admin must approve it. Nothing changed; the attempt is audited. */
  | { status: "own-referral" }
  /** Paid online: the provider's confirmation approves it, never an admin. Nothing changed. */
  | { status: "paid-online" };

/** The words for the refusals only approving has (the route picks them). */
export const APPROVE_UPGRADE_REFUSALS = {
  "own-referral":
    "You referred this member, so you cannot approve their upgrade: its referral reward would be paid to you. Ask another admin to approve it.",
  "paid-online":
    "This member chose to pay online: the upgrade is approved by itself as soon as Paystack confirms the payment. If the member has not paid, reject the request.",
} as const satisfies Partial<Record<ApproveUpgradeResult["status"], string>>;

/**
 * pending → `to`, stamped and signed by the admin (no one for an online payment: the provider's
 * confirmation approves it); null when it was not pending.
 */
async function decide(tx: Database, adminId: string | null, requestId: string, to: "approved" | "rejected", now: Date) {
  const [changed] = await tx
    .update(upgradeRequests)
    .set({ status: to, processedAt: now, processedById: adminId })
    .where(and(eq(upgradeRequests.id, requestId), eq(upgradeRequests.status, "pending")))
    .returning();
  return changed ?? null;
}

async function notDecided(tx: Database, requestId: string): Promise<Exclude<DecideUpgradeResult, { status: "ok" }>> {
  const [row] = await tx
    .select({ status: upgradeRequests.status })
    .from(upgradeRequests)
    .where(eq(upgradeRequests.id, requestId));
  return row ? { status: "conflict", current: row.status } : { status: "not-found" };
}

/** The audit row and the member's mail of a decision, in its transaction. */
async function auditAndTell(
  tx: Database,
  actor: Actor,
  request: UpgradeRequest,
  extra: Record<string, string> = {},
  action: AuditAction = request.status === "approved" ? "upgrade.approve" : "upgrade.reject",
) {
  const [member] = await tx
    .select({ displayId: users.displayId, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, request.userId));
  const [tier] = await tx
    .select({ name: membershipTiers.name, dailyAdViews: membershipTiers.dailyAdViews })
    .from(membershipTiers)
    .where(eq(membershipTiers.id, request.tierId));
  if (!member || !tier) throw new Error(`upgrade ${request.id}: its member or tier is missing`);
  const approved = request.status === "approved";
  await recordAudit(tx, {
    actor,
    action,
    targetType: "upgrade_request",
    targetId: request.id,
    before: { status: "pending" },
    after: {
      status: request.status,
      reference: request.reference,
      member: member.displayId,
      tier: request.tierId,
      amount: formatKobo(request.priceKobo),
      method: request.method,
      ...extra,
    },
  });
  const facts = {
    reference: request.reference,
    tierName: tier.name,
    priceKobo: request.priceKobo,
    method: request.method,
    dailyAdViews: tier.dailyAdViews,
  };
  await queueEmail(tx, (approved ? upgradeApprovedMail : upgradeRejectedMail)(member.email, member.name, facts));
}

/**
 * "Approve", in one transaction: pending → approved with a conditional update (two admins at
 * once: the second waits on the row lock and updates nothing), the member's tier set (their
 * next claim counts against the new daily limit), the stored price booked to membership revenue
 * — from the member's held balance, or from bank receipts when they paid by bank transfer — the
 * referrer's reward on a first upgrade, an audit row and the member's mail (outbox). A later price change never changes the
 * amount: it is the one stored with the request. An admin (or the super admin) never approves
 * the upgrade of a member they referred, whatever the referral's state: the attempt is refused
 * and audited (`upgrade.approve_refused`), and another admin decides.
 */
export async function approveUpgrade(
  db: Database,
  actor: Actor,
  requestId: string,
  now: Date = new Date(),
): Promise<ApproveUpgradeResult> {
  if (!hasPermission(actor, "manage_memberships")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<ApproveUpgradeResult> => {
    const [request] = await tx
      .select({ userId: upgradeRequests.userId, method: upgradeRequests.method })
      .from(upgradeRequests)
      .where(eq(upgradeRequests.id, requestId));
    if (request?.method === "online") return { status: "paid-online" };
    const attempt = { action: "upgrade.approve_refused", targetType: "upgrade_request", targetId: requestId } as const;
    if (request && (await refusedAsOwnReferral(tx, actor, { referredId: request.userId }, attempt))) {
      return { status: "own-referral" };
    }
    const approved = await approvePending(tx, { requestId, adminId: actor.id, now, actor });
    if (!approved) return notDecided(tx, requestId);
    const { changed, referral } = approved;
    return { status: "ok", request: summaryOf(changed), referral };
  });
}

/**
 * The approval itself, inside the caller's transaction: pending → approved with a conditional
 * update (null when it was not pending: nothing written), the member's tier set, the stored price
 * booked to membership revenue — from the member's held balance, from bank receipts (bank
 * transfer), or from provider clearing (paid online) — under the one key an upgrade's payment
 * has (so it is never booked twice, whoever approves), the referrer's reward on a first upgrade,
 * an audit row and the member's mail. `adminId` is null for an online payment (the provider's
 * confirmation approves it); its audit row is then the member's `upgrade.paid_online`.
 */
async function approvePending(
  tx: Database,
  input: { requestId: string; adminId: string | null; actor: Actor; now: Date; audit?: Record<string, string> },
): Promise<{ changed: UpgradeRequest; referral: ReferralRewardResult } | null> {
  const { requestId, adminId, actor, now } = input;
  const changed = await decide(tx, adminId, requestId, "approved", now);
  if (!changed) return null;
  await tx.update(users).set({ membershipTierId: changed.tierId, updatedAt: now }).where(eq(users.id, changed.userId));
  await bookUpgradePayment(tx, changed);
  const referral = await rewardReferrer(tx, {
    referredId: changed.userId,
    upgradeId: changed.id,
    paidKobo: changed.priceKobo,
    now,
  });
  await auditAndTell(
    tx,
    actor,
    changed,
    {
      ...input.audit,
      ...(referral.status === "paid"
        ? { referralReward: formatKobo(referral.rewardKobo) }
        : referral.status === "held"
          ? { referralRewardHeld: formatKobo(referral.rewardKobo) }
          : {}),
    },
    adminId ? "upgrade.approve" : "upgrade.paid_online",
  );
  return { changed, referral };
}

/** The reasons an upgrade's payment is held although it matched its attempt. */
export const UPGRADE_HELD_REASONS: Record<Exclude<UpgradeStatus, "pending">, string> = {
  approved: "The upgrade request was already approved when this payment arrived: it was paid twice.",
  rejected: "The upgrade request had been rejected when this payment arrived.",
  cancelled: "The member had cancelled the upgrade request when this payment arrived.",
};

/**
 * Settles one report of an upgrade's online payment (webhook, return or minute job), once, in one
 * transaction: the payment judged and recorded by payments/settlement; paid as asked → the
 * upgrade approved at once with no admin (approvePending: tier, `provider clearing → membership
 * revenue` under the upgrade's one payment key, the referral reward, the audit row
 * `upgrade.paid_online` with the member as actor, the mail) and the provider's fee booked; a
 * request no longer pending is held with the reason, never approved.
 */
export async function settleUpgradePayment(
  db: Database,
  report: ProviderPaymentReport,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  return db.transaction(async (tx): Promise<SettleOutcome> => {
    const judged = await judgeReport(tx, "upgrade", report, now);
    if (judged.status !== "to-book") return judged;
    const { attempt } = judged;
    const requestId = attempt.upgradeRequestId!;
    const actor = { id: attempt.userId, role: "user" as Role, permissions: [] };
    const approved = await approvePending(tx, {
      requestId,
      adminId: null,
      actor,
      now,
      audit: { paidVia: "Paystack", paymentReference: attempt.reference },
    });
    if (approved) return recordBooking(tx, attempt, report, { status: "booked" }, now);
    const current = await notDecided(tx, requestId);
    const status = current.status === "conflict" && current.current !== "pending" ? current.current : "cancelled";
    return recordBooking(tx, attempt, report, { status: "hold", reason: UPGRADE_HELD_REASONS[status] }, now);
  });
}

/**
 * "Reject", in one transaction: pending → rejected with a conditional update, a held price back
 * to the member's available balance (nothing to record for a bank transfer: no money came in),
 * an audit row and the member's mail. The member keeps their tier.
 */
export async function rejectUpgrade(
  db: Database,
  actor: Actor,
  requestId: string,
  now: Date = new Date(),
): Promise<DecideUpgradeResult> {
  if (!hasPermission(actor, "manage_memberships")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<DecideUpgradeResult> => {
    const changed = await decide(tx, actor.id, requestId, "rejected", now);
    if (!changed) return notDecided(tx, requestId);
    await releaseUpgradePrice(tx, changed);
    await auditAndTell(tx, actor, changed);
    return { status: "ok", request: summaryOf(changed) };
  });
}
