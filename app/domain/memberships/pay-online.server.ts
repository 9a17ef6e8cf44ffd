import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { membershipTiers, upgradeRequests, type ProviderPayment } from "~/db/schema";
import { attemptByReference, createPaymentAttempt, type PaymentTarget } from "~/domain/payments/attempts.server";
import {
  answerBeforeNewAttempt,
  checkOpenAttempt,
  openCheckout,
  verifyAttempt,
  type StartCheckoutResult,
} from "~/domain/payments/checkout.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { refundIfSuperseded } from "~/domain/payments/refunds.server";
import type { SettleOutcome } from "~/domain/payments/settlement.server";
import { settleUpgradePayment } from "./process-upgrade.server";
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
  const target = targetOf(request.id);
  const open = await checkOpenAttempt(db, provider, target, now);
  const settled = open.status === "reported" ? await settleUpgradePayment(db, open.report, now) : undefined;
  if (settled) await refundIfSuperseded(db, provider, settled);
  const answer = answerBeforeNewAttempt(open, settled);
  if (answer) return answer;
  type Made =
    | { refusal: { status: "conflict"; current: UpgradeStatus } | { status: "too-many-attempts" } }
    | { attempt: ProviderPayment };
  const made = await db.transaction(async (tx): Promise<Made> => {
    // The request's row lock: two presses make one attempt, and a request decided meanwhile none.
    const [locked] = await tx.select().from(upgradeRequests).where(own).for("update");
    if (!locked || locked.status !== "pending") {
      return { refusal: { status: "conflict", current: locked?.status ?? "cancelled" } };
    }
    const { reference: baseReference, userId, priceKobo: amountKobo } = locked;
    const attempt = await createPaymentAttempt(tx, { target, baseReference, userId, amountKobo, now });
    return attempt ? { attempt } : { refusal: { status: "too-many-attempts" } };
  });
  if ("refusal" in made) return made.refusal;
  return openCheckout(db, provider, made.attempt, {
    callbackUrl: input.callbackUrl,
    metadata: { upgradeRequest: request.reference },
    now,
  });
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
  const verified = await verifyAttempt(provider, own.attempt);
  if (verified.status !== "reported") return verified;
  const settled = await settleUpgradePayment(db, verified.report, now);
  await refundIfSuperseded(db, provider, settled);
  return settled;
}
