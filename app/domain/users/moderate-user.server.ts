import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { AuditAction } from "~/domain/audit/actions";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { queueEmail } from "~/domain/mail/outbox.server";
import { accountApprovedMail } from "~/domain/mail/templates";
import { hasPermission } from "~/domain/permissions/permissions";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";

/** "not-applicable": not a member, or not in the state this moderation starts from (nothing changed). */
export type ModerationResult = { status: "ok"; mailId?: string } | Forbidden | { status: "not-applicable" };

type Transition = {
  action: AuditAction;
  /** The state the user must be in: the update is conditional on it, so racing admins change it once. */
  from: SQL;
  set: { isApproved?: boolean; isRestricted?: boolean };
};

const TRANSITIONS = {
  approve: {
    action: "user.approve",
    from: and(eq(users.isApproved, false), eq(users.isRestricted, false))!,
    set: { isApproved: true },
  },
  restrict: { action: "user.restrict", from: eq(users.isRestricted, false), set: { isRestricted: true } },
  unrestrict: { action: "user.unrestrict", from: eq(users.isRestricted, true), set: { isRestricted: false } },
} satisfies Record<string, Transition>;

export type Moderation = keyof typeof TRANSITIONS;

/**
 * Approve (pending → approved), restrict (pending/approved → restricted) or unrestrict
 * (restricted → not restricted) a member. Only members (role user) can be moderated; admins
 * are managed by the super admin. Restricting ends the member's sessions at once; approving
 * emails them. One audit row per effective change.
 */
export async function moderateUser(
  db: Database,
  actor: Actor,
  userId: string,
  moderation: Moderation,
  appUrl: URL,
): Promise<ModerationResult> {
  if (!hasPermission(actor, "manage_users")) return FORBIDDEN;
  const transition: Transition = TRANSITIONS[moderation];
  return db.transaction(async (tx): Promise<ModerationResult> => {
    const [before] = await tx
      .select({ isApproved: users.isApproved, isRestricted: users.isRestricted })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "user"), transition.from))
      .for("update");
    if (!before) return { status: "not-applicable" };
    const [changed] = await tx
      .update(users)
      .set({ ...transition.set, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.role, "user"), transition.from))
      .returning({
        email: users.email,
        name: users.name,
        confirmedAt: users.emailConfirmedAt,
        isApproved: users.isApproved,
        isRestricted: users.isRestricted,
      });
    if (!changed) return { status: "not-applicable" };
    if (moderation === "restrict") await deleteUserSessions(tx, userId);
    await recordAudit(tx, {
      actor,
      action: transition.action,
      targetType: "user",
      targetId: userId,
      before,
      after: { isApproved: changed.isApproved, isRestricted: changed.isRestricted },
    });
    if (moderation === "approve") {
      // Not confirmed yet: no name, since whoever registered may not own the address.
      const name = changed.confirmedAt ? changed.name : null;
      const mailId = await queueEmail(tx, accountApprovedMail(changed.email, name, new URL("/login", appUrl).href));
      return { status: "ok", mailId };
    }
    return { status: "ok" };
  });
}
