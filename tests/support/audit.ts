import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** The audit rows about one target (of one action, when given), oldest first. */
export function auditRowsFor(db: Database, targetId: string, action?: string) {
  const target = eq(auditLog.targetId, targetId);
  return db
    .select()
    .from(auditLog)
    .where(action ? and(target, eq(auditLog.action, action)) : target)
    .orderBy(auditLog.createdAt, auditLog.id);
}

/** The one audit row about `targetId` (of `action`, when given); fails unless there is exactly one. */
export async function onlyAuditRow(db: Database, targetId: string, action?: string) {
  const rows = await auditRowsFor(db, targetId, action);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
