import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";

export type RestrictAdvertiserResult =
  | { status: "ok" }
  | Forbidden
  /** No advertiser with this id (a member's or an admin's id is not one). */
  | { status: "not-found" }
  /** Already restricted (or already not): a second submit, or another admin first. Nothing changed. */
  | { status: "conflict"; restricted: boolean };

/** What the admin is told for each refusal. */
export const RESTRICT_ADVERTISER_REFUSALS: RefusalTexts<RestrictAdvertiserResult> = {
  forbidden: "Access Denied. You do not have permission to manage advertisers.",
  "not-found": "This advertiser no longer exists.",
  conflict: "Nothing changed: this advertiser was already in that state, perhaps changed by another admin.",
};

/**
 * An admin restricts or unrestricts an advertiser's account (manage_adverts). A restricted
 * advertiser cannot sign in and their sessions end in the same transaction; their payouts are
 * refused. Running campaigns are not touched (an admin stops those on /admin/campaigns). A
 * conditional update on the current state: a second identical action is a conflict. Audited.
 */
export async function setAdvertiserRestricted(
  db: Database,
  actor: Actor,
  userId: string,
  restricted: boolean,
): Promise<RestrictAdvertiserResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<RestrictAdvertiserResult> => {
    const advertiser = and(eq(users.id, userId), eq(users.role, "advertiser"));
    const [changed] = await tx
      .update(users)
      .set({ isRestricted: restricted, updatedAt: new Date() })
      .where(and(advertiser, eq(users.isRestricted, !restricted)))
      .returning({ id: users.id });
    if (!changed) {
      const [row] = await tx.select({ isRestricted: users.isRestricted }).from(users).where(advertiser);
      return row ? { status: "conflict", restricted: row.isRestricted } : { status: "not-found" };
    }
    if (restricted) await deleteUserSessions(tx, userId);
    await recordAudit(tx, {
      actor,
      action: restricted ? "advertiser.restrict" : "advertiser.unrestrict",
      targetType: "advertiser",
      targetId: userId,
      before: { isRestricted: !restricted },
      after: { isRestricted: restricted },
    });
    return { status: "ok" };
  });
}
