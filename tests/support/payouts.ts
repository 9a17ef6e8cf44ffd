import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import type { Database } from "~/db/client.server";
import { bankAccounts, ledgerTransfers, payoutJobs, type PayoutJob, users } from "~/db/schema";
import type { PayoutProgress } from "~/domain/withdrawals/payout-progress";
import type { PaystackStandin } from "./paystack";
import { until } from "./server-process";

/**
 * Paying by transfer is a queued job (app/domain/withdrawals/payout-queue.server.ts): a press of
 * "Pay via Paystack" answers at once and the payout worker in the app process sends the transfer
 * a moment later. These helpers wait for the queue and read what it recorded.
 */

/**
 * Makes a member's account one the automatic payout pays (app/domain/withdrawals/auto-pay.server.ts):
 * created a week ago, with bank details saved a week ago that Paystack resolved in their own name.
 * Every other rule (approval, restriction, holds, amounts) is left to the test.
 */
export async function readyForAutoPayout(db: Database, userId: string, ageMs = 7 * 24 * 3_600_000): Promise<void> {
  const then = new Date(Date.now() - ageMs);
  await db.update(users).set({ createdAt: then }).where(eq(users.id, userId));
  await db
    .update(bankAccounts)
    .set({ nameResolvedAt: then, holderNameMatches: true, updatedAt: then })
    .where(eq(bankAccounts.userId, userId));
}

/** A job still to be sent, or being sent. */
const OPEN_STATES = ["queued", "sending"] as const;

/** Every job whose withdrawal is `withdrawalId`, oldest first. */
export function payoutJobsOf(db: Database, withdrawalId: string): Promise<PayoutJob[]> {
  return db
    .select()
    .from(payoutJobs)
    .where(eq(payoutJobs.withdrawalId, withdrawalId))
    .orderBy(asc(payoutJobs.queuedAt), asc(payoutJobs.id));
}

/** The one job of `withdrawalId`; throws unless there is exactly one. */
export async function onlyPayoutJobOf(db: Database, withdrawalId: string): Promise<PayoutJob> {
  const jobs = await payoutJobsOf(db, withdrawalId);
  if (jobs.length !== 1) throw new Error(`expected one payout job for ${withdrawalId}, found ${jobs.length}`);
  return jobs[0]!;
}

/**
 * Waits until the payout queue is empty: no job queued or being sent (the worker has recorded
 * every outcome). Returns every job, oldest first.
 */
export async function waitForPayouts(db: Database, timeoutMs = 30_000): Promise<PayoutJob[]> {
  await until(
    "the payout queue to drain",
    async () => {
      const open = await db
        .select({ id: payoutJobs.id })
        .from(payoutJobs)
        .where(inArray(payoutJobs.state, [...OPEN_STATES]))
        .limit(1);
      return open.length === 0 ? true : undefined;
    },
    timeoutMs,
    100,
  );
  return db.select().from(payoutJobs).orderBy(asc(payoutJobs.queuedAt), asc(payoutJobs.id));
}

/** Waits until the job of `withdrawalId` is in `state` (e.g. "sending", while the stand-in is slow). */
export function waitForPayoutJobState(
  db: Database,
  withdrawalId: string,
  state: PayoutJob["state"],
  timeoutMs = 30_000,
): Promise<PayoutJob> {
  return until(
    `the payout job of ${withdrawalId} to be ${state}`,
    async () => (await payoutJobsOf(db, withdrawalId)).find((job) => job.state === state),
    timeoutMs,
    50,
  );
}

/**
 * The first row of the progress panel ("Payouts via Paystack" on /admin/withdrawals) for a
 * withdrawal in a page's HTML (the table's row: the newest batch holding it comes first), with
 * the status its badge shows (`data-status`) and its text; null when the panel does not list it.
 */
export function payoutProgressInHtml(
  html: string,
  reference: string,
): { status: PayoutProgress; html: string; text: string } | null {
  const start = html.indexOf(`data-testid="payout-progress-${reference}"`);
  if (start < 0) return null;
  const end = html.indexOf("</tr>", start);
  const row = html.slice(start, end < 0 ? undefined : end);
  const status = /data-status="([^"]+)"/.exec(row)?.[1];
  if (!status) return null;
  const text = row
    .replace(/^[^>]*>/, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return { status: status as PayoutProgress, html: row, text };
}

/**
 * In a browser: the progress panel's visible entry for a withdrawal (its table row on a wide
 * screen, its card on a phone), the newest batch's first.
 */
export function payoutProgressEntry(page: Page, reference: string): Locator {
  return page
    .locator(`[data-testid="payout-progress-${reference}"], [data-testid="payout-progress-card-${reference}"]`)
    .filter({ visible: true })
    .first();
}

/** The `data-status` of the badge in a withdrawal's visible progress entry (see payoutProgressEntry). */
export async function payoutProgressStatus(page: Page, reference: string): Promise<string | null> {
  const entry = payoutProgressEntry(page, reference);
  if ((await entry.count()) === 0) return null;
  return entry.locator("[data-status]").first().getAttribute("data-status");
}

/** In a browser: the progress panel ("Payouts via Paystack") on Withdrawal Requests. */
export const payoutProgressPanel = (page: Page): Locator => page.getByRole("region", { name: "Payouts via Paystack" });

/**
 * A job waiting on an earlier attempt of unknown outcome is taken again once its wait (the
 * app's RETRY_AFTER_MS, 30 s) is over: this ends the wait of `withdrawalId`'s open job now, as if
 * that time had passed. Kick the worker (`services.kickPayouts()`) or wait for its poll after.
 */
export async function endPayoutWait(db: Database, withdrawalId: string): Promise<void> {
  const ended = await db
    .update(payoutJobs)
    .set({ leaseUntil: new Date(Date.now() - 1_000) })
    .where(and(eq(payoutJobs.withdrawalId, withdrawalId), eq(payoutJobs.state, "sending")))
    .returning({ id: payoutJobs.id });
  if (ended.length !== 1) throw new Error(`no job of ${withdrawalId} is waiting`);
}

/**
 * What the ledger booked out by transfer for these withdrawals: each attempt's payout to the bank,
 * less any reversal of one (keys `withdrawal:<id>:transfer:<n>:payout` and `…:reversal:payout`).
 */
export async function ledgerPaidOutByTransfer(db: Database, withdrawalIds: readonly string[]): Promise<bigint> {
  let total = 0n;
  for (const id of withdrawalIds) {
    const rows = await db
      .select({ key: ledgerTransfers.idempotencyKey, amountKobo: ledgerTransfers.amountKobo })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `withdrawal:${id}:transfer:%payout`));
    for (const r of rows) total += r.key.endsWith(":reversal:payout") ? -r.amountKobo : r.amountKobo;
  }
  return total;
}

/**
 * The Paystack stand-in's transfers for these withdrawals (by their references, `adnaira-<ref>-<n>`):
 * how many each has there, and what the stand-in paid out (its transfers settled as success).
 */
export function paidOutAtStandin(standin: PaystackStandin, withdrawalReferences: readonly string[]) {
  const prefixes = withdrawalReferences.map((reference) => `adnaira-${reference.toLowerCase()}-`);
  const transfers = standin.transfers().filter((t) => prefixes.some((p) => t.reference.startsWith(p)));
  return {
    transfers,
    perWithdrawal: prefixes.map((p) => transfers.filter((t) => t.reference.startsWith(p)).length),
    paidOut: transfers.filter((t) => t.status === "success").reduce((sum, t) => sum + BigInt(t.amount), 0n),
  };
}
