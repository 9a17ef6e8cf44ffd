import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messages, users } from "~/db/schema";

const STAFF_ROLES = ["admin", "super_admin"] as const;

/** The active staff member of the advertiser's newest message `direction` them, and when. */
async function lastStaffContact(db: Database, advertiserId: string, direction: "to" | "from") {
  const [row] = await db
    .select({ displayId: users.displayId, at: messages.createdAt })
    .from(messages)
    .innerJoin(users, eq(users.id, direction === "to" ? messages.senderId : messages.recipientId))
    .where(
      and(
        eq(direction === "to" ? messages.recipientId : messages.senderId, advertiserId),
        inArray(users.role, [...STAFF_ROLES]),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Whom an advertiser's Send Message form writes to unless they choose: the admin of their latest
 * message, sent or received (the conversation goes on with them), else the super admin (support's
 * first inbox). Null when there is no active staff account at all.
 */
export async function supportContactFor(db: Database, advertiserId: string): Promise<string | null> {
  const [received, sent] = await Promise.all([
    lastStaffContact(db, advertiserId, "to"),
    lastStaffContact(db, advertiserId, "from"),
  ]);
  const latest = received && sent ? (received.at >= sent.at ? received : sent) : (received ?? sent);
  if (latest) return latest.displayId;
  const [superAdmin] = await db
    .select({ displayId: users.displayId })
    .from(users)
    .where(and(eq(users.role, "super_admin"), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return superAdmin?.displayId ?? null;
}
