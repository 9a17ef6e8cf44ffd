import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages, users } from "~/db/schema";

/**
 * Whom an advertiser's Send Message form writes to unless they choose: the admin who last wrote
 * to them (the conversation goes on with them), else the super admin (support's first inbox).
 * Null when there is no active staff account at all.
 */
export async function supportContactFor(db: Database, advertiserId: string): Promise<string | null> {
  const [lastWriter] = await db
    .select({ displayId: users.displayId })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.recipientId, advertiserId),
        inArray(users.role, ["admin", "super_admin"]),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (lastWriter) return lastWriter.displayId;
  const [superAdmin] = await db
    .select({ displayId: users.displayId })
    .from(users)
    .where(and(eq(users.role, "super_admin"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return superAdmin?.displayId ?? null;
}
