import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";

/**
 * A member who did not make a change of bank details freezes their payouts from the mail's link
 * (issue 39): from then on nothing is paid to them by transfer, automatically or by an admin's
 * press, until an admin with manage_users has looked and releases them. Both are audited.
 */

export type FreezeResult = { status: "ok"; frozenAt: Date; changed: boolean } | { status: "not-applicable" };

/** Freezes the signed-in member's (or advertiser's) payouts; a second press changes nothing. */
export async function freezePayouts(db: Database, actor: Actor, clock: Clock = systemClock): Promise<FreezeResult> {
  if (!["user", "advertiser"].includes(actor.role)) return { status: "not-applicable" };
  return db.transaction(async (tx) => {
    const now = clock();
    const [frozen] = await tx
      .update(users)
      .set({ payoutsFrozenAt: now, updatedAt: now })
      .where(and(eq(users.id, actor.id), isNull(users.payoutsFrozenAt)))
      .returning({ frozenAt: users.payoutsFrozenAt });
    if (!frozen) {
      const [already] = await tx.select({ frozenAt: users.payoutsFrozenAt }).from(users).where(eq(users.id, actor.id));
      return already?.frozenAt
        ? { status: "ok" as const, frozenAt: already.frozenAt, changed: false }
        : { status: "not-applicable" as const };
    }
    await recordAudit(tx, {
      actor,
      action: "payouts.freeze",
      targetType: "user",
      targetId: actor.id,
      before: { payoutsFrozen: false },
      after: { payoutsFrozen: true },
    });
    return { status: "ok" as const, frozenAt: frozen.frozenAt!, changed: true };
  });
}

export type ReleaseResult = { status: "ok" } | { status: "not-frozen" } | Forbidden;

/** An admin (manage_users) who has looked at the account releases its payouts. */
export async function releasePayouts(db: Database, actor: Actor, userId: string): Promise<ReleaseResult> {
  if (!hasPermission(actor, "manage_users")) return FORBIDDEN;
  return db.transaction(async (tx) => {
    const [released] = await tx
      .update(users)
      .set({ payoutsFrozenAt: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), inArray(users.role, ["user", "advertiser"]), isNotNull(users.payoutsFrozenAt)))
      .returning({ id: users.id });
    if (!released) return { status: "not-frozen" as const };
    await recordAudit(tx, {
      actor,
      action: "payouts.release",
      targetType: "user",
      targetId: userId,
      before: { payoutsFrozen: true },
      after: { payoutsFrozen: false },
    });
    return { status: "ok" as const };
  });
}

/** When the member's payouts were frozen, or null. */
export async function payoutsFrozenAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.payoutsFrozenAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}
