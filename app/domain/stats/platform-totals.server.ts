import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerDailyTotals } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";

/**
 * Every reward ever paid to members, by kind: advert rewards (advert_reward transfers) and
 * referral rewards (referral_reward), summed from ledger_daily_totals (migration 0016; checked
 * against the ledger by reconcile) — a few rows per day by the primary key, where summing the
 * ledger itself reads every reward ever posted.
 */
export async function rewardsPaid(db: Database): Promise<{ advertKobo: Kobo; referralKobo: Kobo }> {
  const rows = await db
    .select({
      kind: ledgerDailyTotals.kind,
      total: sql<string>`coalesce(sum(${ledgerDailyTotals.amountKobo}), 0)::text`,
    })
    .from(ledgerDailyTotals)
    .where(inArray(ledgerDailyTotals.kind, ["advert_reward", "referral_reward"]))
    .groupBy(ledgerDailyTotals.kind);
  const total = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.total ?? "0");
  return { advertKobo: total("advert_reward"), referralKobo: total("referral_reward") };
}
