import { and, arrayContains, asc, eq, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Permission } from "./permissions";

/** Who is told of something a permission's holders act on: active admins holding it, and the super admin. */
export async function staffHolding(db: Database, permission: Permission): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        isNull(users.deactivatedAt),
        or(eq(users.role, "super_admin"), and(eq(users.role, "admin"), arrayContains(users.permissions, [permission]))),
      ),
    )
    .orderBy(asc(users.createdAt));
}
