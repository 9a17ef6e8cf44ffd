import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { providerSettlements } from "~/db/schema";
import type { Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { bookProviderSettlement } from "./money.server";
import { PROVIDER_CURRENCY, type PaymentProvider, type ProviderSettlementReport } from "./provider";
import { DAY_MS } from "~/lib/lagos-time";

/**
 * The provider's settlements: its payouts of what it holds for AdNaira to AdNaira's bank account
 * (docs/decisions/023-paystack.md, "Settlements"). Paystack sends no webhook for them, so the
 * minute job lists them (`syncProviderSettlements`) and records each one here.
 */

/**
 * Settlements made this long ago or later are listed on each run (Paystack settles within days),
 * and from further back while one we saw is still pending or processing.
 */
export const SETTLEMENT_WATCH_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many pages a run (Paystack's default page is 50 settlements). */
const MAX_PAGES = 10;

export type RecordedSettlement = "booked" | "in-settlement" | "unchanged" | "not-booked";

/**
 * Records one reported settlement and, the first time it is reported successful, books it (bank
 * receipts → provider clearing, `provider-settlement:<id>`). Under the row's lock, so a replay, a
 * page seen twice, two processes or an older answer after a newer one book it once: success is
 * final, and a later report of anything else changes nothing. A success in a currency other than
 * naira is recorded but never booked (AdNaira collects naira only).
 */
export async function recordProviderSettlement(
  db: Database,
  report: ProviderSettlementReport,
  clock: Clock,
): Promise<RecordedSettlement> {
  return db.transaction(async (tx) => {
    await tx
      .insert(providerSettlements)
      .values({
        id: newId(),
        providerSettlementId: report.providerSettlementId,
        status: report.outcome === "success" ? "pending" : report.outcome,
        amountKobo: report.amountKobo,
        totalKobo: report.totalKobo,
        currency: report.currency,
        settledAt: report.settledAt,
      })
      .onConflictDoNothing({ target: providerSettlements.providerSettlementId });
    const [row] = await tx
      .select()
      .from(providerSettlements)
      .where(eq(providerSettlements.providerSettlementId, report.providerSettlementId))
      .for("update");
    if (!row) throw new Error(`provider settlement ${report.providerSettlementId} vanished`);
    if (row.status === "success") return "unchanged";
    const [updated] = await tx
      .update(providerSettlements)
      .set({
        status: report.outcome,
        amountKobo: report.amountKobo,
        totalKobo: report.totalKobo,
        currency: report.currency,
        settledAt: report.settledAt,
        updatedAt: sql`now()`,
      })
      .where(eq(providerSettlements.id, row.id))
      .returning();
    if (report.outcome !== "success") return report.outcome === "failed" ? "not-booked" : "in-settlement";
    if (report.currency !== PROVIDER_CURRENCY || report.amountKobo <= 0n) return "not-booked";
    await bookProviderSettlement(tx, updated!);
    await tx.update(providerSettlements).set({ bookedAt: clock() }).where(eq(providerSettlements.id, row.id));
    return "booked";
  });
}

/** `failed`: reports that could not be recorded (a negative amount, a database error); the others still are. */
export type SettlementSync =
  | { status: "ok"; listed: number; booked: number; failed: number }
  | { status: "unavailable"; detail: string; booked: number; failed: number };

/** Where to list from: the watch window, or earlier while a settlement we saw has not ended. */
async function listFrom(db: Database, now: Date): Promise<Date> {
  const window = now.getTime() - SETTLEMENT_WATCH_MS;
  const [open] = await db
    .select({ settledAt: providerSettlements.settledAt, createdAt: providerSettlements.createdAt })
    .from(providerSettlements)
    .where(inArray(providerSettlements.status, ["pending", "processing"]))
    .orderBy(asc(providerSettlements.createdAt))
    .limit(1);
  if (!open) return new Date(window);
  const seen = Math.min(open.createdAt.getTime(), open.settledAt?.getTime() ?? Infinity) - DAY_MS;
  return new Date(Math.min(window, seen));
}

/**
 * Lists the provider's settlements of the last {@link SETTLEMENT_WATCH_MS} (every page, up to
 * {@link MAX_PAGES}) and records each. A page that does not come records what the earlier pages
 * brought; the next run asks again.
 */
export async function syncProviderSettlements(
  db: Database,
  provider: PaymentProvider,
  now: Date,
  clock: Clock,
): Promise<SettlementSync> {
  const from = await listFrom(db, now);
  let listed = 0;
  let booked = 0;
  let failed = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await provider.listSettlements({ from, page });
    if (answer.status !== "ok") {
      const detail = answer.status === "refused" ? answer.message : answer.detail;
      return { status: "unavailable", detail, booked, failed };
    }
    for (const report of answer.settlements) {
      listed++;
      // One settlement that cannot be recorded (a negative amount after deductions, say) must not
      // keep every later one from being booked: each is its own transaction, and the next run asks again.
      if (report.amountKobo < 0n || report.totalKobo < 0n) {
        failed++;
        continue;
      }
      try {
        if ((await recordProviderSettlement(db, report, clock)) === "booked") booked++;
      } catch {
        failed++;
      }
    }
    if (answer.settlements.length === 0 || page >= answer.pageCount) break;
  }
  return { status: "ok", listed, booked, failed };
}
