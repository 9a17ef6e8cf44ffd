import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import type { TransferKind } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import { lagosDay } from "~/lib/lagos-time";
import { VISIBILITY_REPORT_CAP_MS } from "./advert-claim";

// The money of a verified view (docs/money.md). Its two movements are booked inside PostgreSQL,
// in one call of `claim_advert_reward` with the claim's checks (decision 010; live body in
// migration 0034, docs/database.md): the member's reward (`advert_reward`: advert rewards, or the
// campaign's escrow → the member's balance) and, for a campaign's advert, the platform's fee
// (`campaign_fee`: escrow → campaign fees). No transfer() here: this call is their one mover.

/** The transfer kinds `claim_advert_reward` books in SQL (tests/money-movers.test.ts reads it). */
export const KINDS_BOOKED_IN_SQL: readonly TransferKind[] = ["advert_reward", "campaign_fee"];

/** The ledger idempotency key of a member's reward for an advert: one payment, ever. */
export const advertRewardKey = (advertId: string, userId: string) => `advert-view:${advertId}:${userId}`;

/**
 * The call of `claim_advert_reward`, sent by name: PostgreSQL parses and plans it once per
 * connection instead of on every claim (a saving in its CPU per claim: docs/performance.md).
 * Column names stay snake_case: a raw row of the function.
 */
const claimQuery = preparedPerDatabase((db) =>
  db
    .select({
      outcome: sql<string>`outcome`,
      reward_kobo: sql<string | null>`reward_kobo::text`,
      view_id: sql<string | null>`view_id`,
      transfer_id: sql<string | null>`transfer_id`,
      daily_limit: sql<number | null>`daily_limit`,
      wait_ms: sql<number | null>`wait_ms::integer`,
      check_question: sql<string | null>`check_question`,
      check_choices: sql<string[] | null>`check_choices`,
      failed_today: sql<number | null>`failed_today`,
    })
    .from(
      sql`claim_advert_reward(${sql.placeholder("userId")}, ${sql.placeholder("advertId")}, ${sql.placeholder("now")}::timestamptz, ${sql.placeholder("lagosDay")}::date, ${sql.placeholder("idempotencyKey")}, ${sql.placeholder("transferId")}, ${sql.placeholder("debitEntryId")}, ${sql.placeholder("creditEntryId")}, ${sql.placeholder("feeTransferId")}, ${sql.placeholder("feeDebitEntryId")}, ${sql.placeholder("feeCreditEntryId")}, ${sql.placeholder("answer")}::smallint, ${sql.placeholder("reportCapMs")}::integer)`,
    )
    .prepare("claim_advert_reward"),
);

/** A row of `claim_advert_reward` (snake_case: a raw row). */
export type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimQuery>["execute"]>>[number];

/**
 * One claim of a member's view, judged and (when it pays) booked in the database: the reward and
 * the campaign's fee under the advert's one key per member. `answer` is the member's pick at the
 * attention check.
 */
export async function claimInDatabase(
  db: Database,
  input: { userId: string; advertId: string; now: Date; answer: number | null },
): Promise<ClaimRow> {
  const [row] = await claimQuery(db).execute({
    userId: input.userId,
    advertId: input.advertId,
    now: input.now.toISOString(),
    lagosDay: lagosDay(input.now),
    idempotencyKey: advertRewardKey(input.advertId, input.userId),
    transferId: newId(),
    debitEntryId: newId(),
    creditEntryId: newId(),
    feeTransferId: newId(),
    feeDebitEntryId: newId(),
    feeCreditEntryId: newId(),
    answer: input.answer,
    reportCapMs: VISIBILITY_REPORT_CAP_MS,
  });
  if (!row) throw new Error("claimAdvertReward: claim_advert_reward returned no row");
  return row;
}
