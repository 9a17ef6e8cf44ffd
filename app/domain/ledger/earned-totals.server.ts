import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";

export type EarnedTotals = {
  /** Advert rewards paid into the member's available account. */
  advertKobo: Kobo;
  /** Referral rewards paid into the member's available account. */
  referralKobo: Kobo;
  /** Everything earned (advert + referral rewards); withdrawals do not lower it. */
  totalKobo: Kobo;
};

const earnedTotalsQuery = preparedPerDatabase((db) =>
  db
    .select({
      kind: ledgerTransfers.kind,
      total: sql<string>`coalesce(sum(${ledgerTransfers.amountKobo}), 0)::text`,
    })
    .from(ledgerTransfers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        eq(ledgerAccounts.userId, sql.placeholder("userId")),
        eq(ledgerAccounts.kind, "user_available"),
        inArray(ledgerTransfers.kind, ["advert_reward", "referral_reward"]),
      ),
    )
    .groupBy(ledgerTransfers.kind)
    .prepare("earned_totals"),
);

/**
 * What a member has earned, read from the ledger: the sum of the advert_reward and
 * referral_reward transfers credited to their available account. Earnings are a history, not a
 * balance, so money later withdrawn still counts.
 */
export async function earnedTotals(db: Database, userId: string): Promise<EarnedTotals> {
  const rows = await earnedTotalsQuery(db).execute({ userId });
  const of = (kind: string): Kobo => BigInt(rows.find((r) => r.kind === kind)?.total ?? "0");
  const advertKobo = of("advert_reward");
  const referralKobo = of("referral_reward");
  return { advertKobo, referralKobo, totalKobo: advertKobo + referralKobo };
}
