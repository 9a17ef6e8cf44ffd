import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { riskClusters, users } from "~/db/schema";

/**
 * Whether the accounts are in one cluster that waits for a review (open): then a referral reward
 * between them is held and their withdrawals are not paid automatically. Linked within the
 * allowances (a family phone), or trusted by an admin, holds nothing. The cluster row is
 * shared-locked (unless `lock: false`, for a page that only shows it): a decision being made on
 * it finishes first, and this reads its outcome.
 */
export async function linkedUnderReview(
  db: Database,
  accountIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<boolean> {
  // A merge moves accounts to another cluster and deletes theirs: read again after the lock, and
  // look once more when the accounts moved meanwhile.
  for (let attempt = 0; attempt < 3; attempt++) {
    const clusterId = await commonCluster(db, accountIds);
    if (!clusterId) return false;
    const query = db.select({ status: riskClusters.status }).from(riskClusters).where(eq(riskClusters.id, clusterId));
    const [cluster] = options.lock === false ? await query : await query.for("share");
    if (cluster) return cluster.status === "open";
  }
  return false;
}

/** The one cluster all these accounts are in, or null (none, or not all in the same one). */
async function commonCluster(db: Database, accountIds: readonly string[]): Promise<string | null> {
  const rows = await db
    .select({ clusterId: users.riskClusterId })
    .from(users)
    .where(inArray(users.id, [...accountIds]));
  const ids = new Set(rows.map((r) => r.clusterId));
  if (rows.length !== new Set(accountIds).size || ids.size !== 1) return null;
  return [...ids][0] ?? null;
}
