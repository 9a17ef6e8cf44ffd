import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerDailyTotals } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";

/**
 * Every advert reward ever paid to members: the advert_reward transfers, summed from
 * ledger_daily_totals (migration 0016; checked against the ledger by reconcile) — a few rows per
 * day by the primary key, where summing the ledger itself reads every reward ever posted.
 */
export async function advertRewardsPaid(db: Database): Promise<Kobo> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerDailyTotals.amountKobo}), 0)::text` })
    .from(ledgerDailyTotals)
    .where(eq(ledgerDailyTotals.kind, "advert_reward"));
  return BigInt(row?.total ?? "0");
}
