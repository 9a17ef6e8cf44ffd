import { and, asc, eq, gt, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import { payoutJobs, providerPayments, providerTransfers } from "~/db/schema";
import type { Clock } from "~/domain/shared/clock";
import { settleCampaignPayment } from "~/domain/campaigns/confirm-payment.server";
import { settleUpgradePayment } from "~/domain/memberships/process-upgrade.server";
import { checkWaitingRefunds, refundIfSuperseded, refundSupersededPayments } from "~/domain/payments/refunds.server";
import { verifyAttempt } from "~/domain/payments/checkout.server";
import { syncProviderSettlements } from "~/domain/payments/provider-settlements.server";
import { TRANSFER_FAILURE_REASONS, verifyTransferAttempt } from "~/domain/withdrawals/settle-transfer.server";
import type { Services } from "./services.server";

/** A payment or transfer that has waited this long without a webhook is asked about. */
export const VERIFY_AFTER_MS = 5 * 60 * 1000;
/**
 * A checkout is asked about for a day: a payer may still finish it, and after that Paystack's
 * checkout is long gone (a late webhook still settles it). One Paystack never heard of (its start
 * got no answer) is then not asked about for ever.
 */
const CHECKOUT_WATCH_MS = 24 * 60 * 60 * 1000;
/** A transfer taken as never sent (Paystack had no record of it) is asked about again for a day. */
const NOT_FOUND_WATCH_MS = 24 * 60 * 60 * 1000;
/** At most this many of each per run, oldest first: a backlog drains over a few minutes. */
const BATCH = 50;

export type ProviderCheckRun = {
  payments: number;
  transfers: number;
  /** Settlements booked this run (the provider's payouts to AdNaira's bank). */
  settlements: number;
  /** Settlements listed that could not be recorded (logged; asked again next run). */
  settlementsFailed: number;
  unavailable: number;
};

/**
 * The minute job: asks the provider about payments and transfers that have waited more than
 * {@link VERIFY_AFTER_MS} without a webhook (and were not asked in that time), and settles what it
 * says through the same functions as the webhook, so whichever comes first books it, once. Then
 * it lists the provider's recent settlements (Paystack sends no event for them) and books each new
 * successful one, once (`syncProviderSettlements`).
 */
export async function checkWaitingWithProvider(
  services: Pick<Services, "db" | "paymentProvider" | "flushMail">,
  now: Date = new Date(),
): Promise<ProviderCheckRun> {
  const { db, paymentProvider: provider } = services;
  const run: ProviderCheckRun = { payments: 0, transfers: 0, settlements: 0, settlementsFailed: 0, unavailable: 0 };
  if (!provider) return run;
  const waitedSince = new Date(now.getTime() - VERIFY_AFTER_MS);
  const notAskedSince = (checkedAt: typeof providerPayments.checkedAt | typeof providerTransfers.checkedAt) =>
    or(isNull(checkedAt), lt(checkedAt, waitedSince));

  const payments = await db
    .select()
    .from(providerPayments)
    .where(
      and(
        lt(providerPayments.createdAt, waitedSince),
        notAskedSince(providerPayments.checkedAt),
        inArray(providerPayments.status, ["initialized", "abandoned"]),
        gt(providerPayments.createdAt, new Date(now.getTime() - CHECKOUT_WATCH_MS)),
      ),
    )
    .orderBy(asc(providerPayments.createdAt))
    .limit(BATCH);
  for (const attempt of payments) {
    const settle = attempt.purpose === "upgrade" ? settleUpgradePayment : settleCampaignPayment;
    const result = await verifyAttempt(provider, attempt);
    if (result.status === "reported") await refundIfSuperseded(db, provider, await settle(db, result.report, now));
    await db.update(providerPayments).set({ checkedAt: now }).where(eq(providerPayments.id, attempt.id));
    if (result.status === "unavailable") run.unavailable++;
    else run.payments++;
  }

  const transfers = await db
    .select({
      id: providerTransfers.id,
      reference: providerTransfers.reference,
      createdAt: providerTransfers.createdAt,
      requestSentAt: providerTransfers.requestSentAt,
      requestEndedAt: providerTransfers.requestEndedAt,
    })
    .from(providerTransfers)
    .where(
      and(
        lt(providerTransfers.createdAt, waitedSince),
        notAskedSince(providerTransfers.checkedAt),
        or(
          and(
            inArray(providerTransfers.status, ["initiating", "pending", "unknown"]),
            // A withdrawal with an open payout job is the job's to settle (it re-sends under the
            // same reference what Paystack never had); this job would conclude "never sent".
            notExists(
              db
                .select({ id: payoutJobs.id })
                .from(payoutJobs)
                .where(
                  and(
                    eq(payoutJobs.withdrawalId, providerTransfers.withdrawalId),
                    inArray(payoutJobs.state, ["queued", "sending"]),
                  ),
                ),
            ),
          ),
          // Taken as never sent because Paystack had no record of it: a slow request may still
          // have made it. Asked again for a day; one found paid is listed for an admin.
          and(
            eq(providerTransfers.status, "failed"),
            eq(providerTransfers.failureReason, TRANSFER_FAILURE_REASONS.notFound),
            gt(providerTransfers.settledAt, new Date(now.getTime() - NOT_FOUND_WATCH_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(providerTransfers.createdAt))
    .limit(BATCH);
  // Each verify's time is read when it happens, counted from `now` (a run of many checks takes a while).
  const started = Date.now();
  const clock: Clock = () => new Date(now.getTime() + (Date.now() - started));
  for (const attempt of transfers) {
    const result = await verifyTransferAttempt(db, provider, attempt, clock);
    await db.update(providerTransfers).set({ checkedAt: clock() }).where(eq(providerTransfers.id, attempt.id));
    if (result.status === "unavailable") run.unavailable++;
    else run.transfers++;
  }

  // Refunds that waited without a word: an unanswered one looked for, one on its way asked about;
  // and a late checkout's refund the app did not get to ask for.
  run.unavailable += await checkWaitingRefunds(db, provider, waitedSince, clock);
  await refundSupersededPayments(db, provider, waitedSince, clock);

  const settled = await syncProviderSettlements(db, provider, now, clock);
  run.settlements = settled.booked;
  run.settlementsFailed = settled.failed;
  if (settled.status === "unavailable") run.unavailable++;
  if (run.payments + run.transfers > 0) void services.flushMail();
  return run;
}
