import { and, eq } from "drizzle-orm";
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
