import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers, upgradeRequests } from "~/db/schema";
import {
  attemptByReference,
  settlePayment,
  startCheckout,
  verifyAttempt,
  type PaymentTarget,
  type SettleOutcome,
  type StartCheckoutResult,
} from "~/domain/payments/payment-attempts.server";
import type { PaymentProvider, ProviderPaymentReport } from "~/domain/payments/provider";
import type { Role } from "~/domain/permissions/permissions";
import { approvePending } from "./process-upgrade.server";
import type { UpgradeStatus } from "./upgrades";

/** Where the provider's checkout sends the member back (`?reference=` is added by the provider). */
export const UPGRADE_PAID_PATH = "/membership/upgrade/paid";

export type PayUpgradeOnlineResult =
  /** redirect (to the checkout), settled (paid already: no new one), refused / unavailable (the request stays pending). */
  | StartCheckoutResult
  | { status: "not-found" }
  /** It is no longer pending (approved, rejected, cancelled). */
  | { status: "conflict"; current: UpgradeStatus }
  /** The request is to be paid from the balance or by bank transfer. */
  | { status: "not-online" };

/** The member's words for each refusal of "Pay online" / "Try again". */
export const PAY_UPGRADE_ONLINE_REFUSALS = {
  "not-found": "That upgrade request was not found.",
  "not-online": "This upgrade request is not paid online.",
  refused:
    "Paystack could not start your payment. Your request is saved: use Try again on your pending upgrade, or cancel it.",
  unavailable:
    "We could not reach Paystack just now. Your request is saved: use Try again on your pending upgrade in a few minutes, or cancel it.",
} as const;

const targetOf = (requestId: string): PaymentTarget => ({ purpose: "upgrade", upgradeRequestId: requestId });

/**
 * "Pay online" (right after the request is stored) and "Try again": sends the member to a
 * checkout for their own pending online request, at the price fixed with the request. An open
 * attempt is first verified with the provider (it may have been paid: then it is settled, never
 * paid twice; still at the checkout: the member goes back to it); otherwise a new attempt is made
 * (reference UPG-…, then UPG-…-2, -3…) and the provider asked for its checkout.
 */
export async function payUpgradeOnline(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; requestId: string; callbackUrl: string; now?: Date },
): Promise<PayUpgradeOnlineResult> {
  const now = input.now ?? new Date();
  const own = and(eq(upgradeRequests.id, input.requestId), eq(upgradeRequests.userId, input.userId));
  const [request] = await db.select().from(upgradeRequests).where(own);
  if (!request) return { status: "not-found" };
  if (request.method !== "online") return { status: "not-online" };
  if (request.status !== "pending") return { status: "conflict", current: request.status };
  return startCheckout<{ status: "conflict"; current: UpgradeStatus }>(db, provider, {
    target: targetOf(request.id),
    settle: (report) => settleUpgradePayment(db, report, now),
    payable: async (tx) => {
      const [locked] = await tx.select({ status: upgradeRequests.status }).from(upgradeRequests).where(own);
      if (!locked || locked.status !== "pending") {
        return { refusal: { status: "conflict", current: locked?.status ?? "cancelled" } };
      }
      return { baseReference: request.reference, userId: request.userId, amountKobo: request.priceKobo };
    },
    callbackUrl: input.callbackUrl,
    metadata: { upgradeRequest: request.reference },
    now,
  });
}

/** The reasons an upgrade's payment is held although it matched its attempt. */
export const UPGRADE_HELD_REASONS: Record<Exclude<UpgradeStatus, "pending">, string> = {
  approved: "The upgrade request was already approved when this payment arrived: it was paid twice.",
  rejected: "The upgrade request had been rejected when this payment arrived.",
  cancelled: "The member had cancelled the upgrade request when this payment arrived.",
};

/**
 * Settles one report of an upgrade's online payment (webhook or return), once: paid as asked →
 * the upgrade approved at once with no admin (approvePending: tier, `provider clearing →
 * membership revenue` under the upgrade's one payment key, the referral reward, the audit row
 * `upgrade.paid_online` with the member as actor, the mail) and the provider's fee booked; a
 * request no longer pending is held with the reason, never approved.
 */
export async function settleUpgradePayment(
  db: Database,
  report: ProviderPaymentReport,
  now: Date = new Date(),
): Promise<SettleOutcome> {
  return settlePayment(
    db,
    "upgrade",
    report,
    async (tx, attempt) => {
      const [request] = await tx
        .select({ status: upgradeRequests.status })
        .from(upgradeRequests)
        .where(eq(upgradeRequests.id, attempt.upgradeRequestId!));
      const actor = { id: attempt.userId, role: "user" as Role, permissions: [] };
      const approved = await approvePending(tx, {
        requestId: attempt.upgradeRequestId!,
        adminId: null,
        actor,
        now,
        audit: { paidVia: "Paystack", paymentReference: attempt.reference },
      });
      if (approved) return { status: "booked" };
      const current = request?.status ?? "cancelled";
      return { status: "hold", reason: UPGRADE_HELD_REASONS[current === "pending" ? "cancelled" : current] };
    },
    now,
  );
}

/** An attempt of the member's own, with what it pays for, for the return page (another member's is not found). */
export async function ownUpgradeAttempt(db: Database, userId: string, reference: string) {
  const attempt = await attemptByReference(db, reference);
  if (!attempt || attempt.purpose !== "upgrade" || attempt.userId !== userId) return null;
  const [request] = await db
    .select({
      id: upgradeRequests.id,
      reference: upgradeRequests.reference,
      status: upgradeRequests.status,
      priceKobo: upgradeRequests.priceKobo,
      tierName: membershipTiers.name,
      dailyAdViews: membershipTiers.dailyAdViews,
    })
    .from(upgradeRequests)
    .innerJoin(membershipTiers, eq(membershipTiers.id, upgradeRequests.tierId))
    .where(eq(upgradeRequests.id, attempt.upgradeRequestId!));
  return request ? { attempt, request } : null;
}

/**
 * "Check payment" on the return page: verifies the member's own attempt with the provider and
 * settles what it says. `unavailable` when the provider did not answer (nothing changed).
 */
export async function checkUpgradePayment(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; reference: string; now?: Date },
): Promise<SettleOutcome | { status: "unavailable" }> {
  const now = input.now ?? new Date();
  const own = await ownUpgradeAttempt(db, input.userId, input.reference);
  if (!own) return { status: "unknown" };
  return verifyAttempt(provider, own.attempt, (report) => settleUpgradePayment(db, report, now));
}
