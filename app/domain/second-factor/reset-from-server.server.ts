import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { deleteUserSessions } from "~/domain/sessions/sessions.server";
import { factorStatus, mailSecondFactorChange, removeSecondFactors } from "./factors.server";

export type ServerResetResult = { status: "ok"; name: string; role: string } | { status: "not-staff" };

/**
 * Resets a staff account's second factor from the server (`npm run second-factor:reset`): the
 * only way for the super admin's own, which no one may reset from the web. The account's
 * factors are removed and its sessions end; the next sign-in enrols again. Audited with the
 * account itself as the actor, from no address ("from the server" in the entry).
 */
export async function resetStaffFactorFromServer(db: Database, email: string): Promise<ServerResetResult> {
  return db.transaction(async (tx): Promise<ServerResetResult> => {
    const [staff] = await tx
      .select({ id: users.id, name: users.name, role: users.role, permissions: users.permissions })
      .from(users)
      .where(
        and(
          eq(users.email, email.trim().toLowerCase()),
          inArray(users.role, ["admin", "super_admin"]),
          isNull(users.deactivatedAt),
        ),
      )
      .for("update");
    if (!staff) return { status: "not-staff" };
    const before = await factorStatus(tx, staff.id);
    await removeSecondFactors(tx, staff.id);
    await deleteUserSessions(tx, staff.id);
    await mailSecondFactorChange(tx, staff.id, "reset");
    await recordAudit(tx, {
      actor: { id: staff.id, role: staff.role, permissions: staff.permissions },
      action: "admin.reset_second_factor",
      targetType: "user",
      targetId: staff.id,
      before: { authenticatorApp: before.enrolled, passkeys: before.passkeys.length },
      after: { authenticatorApp: false, passkeys: 0, from: "server" },
    });
    return { status: "ok", name: staff.name, role: staff.role };
  });
}
