import { type AnyColumn, sql } from "drizzle-orm";
import { providerTransfers } from "~/db/schema";

/**
 * The transfer attempts that may be paying a withdrawal (provider_transfers_one_live_idx keeps at
 * most one): claimed and not answered yet, taken by the provider, unknown until verified, or paid.
 * While one exists, nothing else may pay, complete, reject or export the withdrawal.
 */
export const LIVE_TRANSFER_STATUSES = ["initiating", "pending", "unknown", "success"] as const;

/** `EXISTS` a live transfer attempt of the withdrawal whose id is `withdrawalId` (a column of the outer query). */
export const liveTransferExists = (withdrawalId: AnyColumn) =>
  sql`exists (select 1 from ${providerTransfers} where ${providerTransfers.withdrawalId} = ${withdrawalId} and ${providerTransfers.status} in ('initiating', 'pending', 'unknown', 'success'))`;
