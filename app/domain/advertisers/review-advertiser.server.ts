import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, users } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { queueEmail } from "~/domain/mail/outbox.server";
import { advertiserApprovedMail, advertiserRejectedMail } from "~/domain/mail/templates";
import { hasPermission } from "~/domain/permissions/permissions";
import { FORBIDDEN, type Forbidden, type RefusalTexts } from "~/domain/shared/outcome";
import type { AdvertiserStatus } from "./validation";

export type AdvertiserDecision = "approve" | "reject";

export type ReviewAdvertiserResult =
  | { status: "ok"; mailId: string }
  | Forbidden
  /** No advertiser with this id. */
  | { status: "not-found" }
  /** Already decided (by another admin, or a second submit): nothing changed. */
  | { status: "conflict"; current: AdvertiserStatus }
  /** A rejection without a reason. */
  | { status: "reason-required" };

/** What the admin is told for each refusal. */
export const REVIEW_ADVERTISER_REFUSALS: RefusalTexts<ReviewAdvertiserResult> = {
  forbidden: "Access Denied. You do not have permission to manage advertisers.",
  "not-found": "This advertiser no longer exists.",
  conflict: "This advertiser has already been reviewed, perhaps by another admin.",
  "reason-required": "Please give a reason for the rejection.",
};

/**
 * An admin approves or rejects a pending business (manage_adverts). A conditional update on
 * status pending: of two admins deciding at once, the second is answered with a conflict. The
 * audit row and the mail to the business are written in the same transaction.
 */
export async function reviewAdvertiser(
  db: Database,
  actor: Actor,
  userId: string,
  decision: AdvertiserDecision,
  reason: string | undefined,
  appUrl: URL,
  now: Date = new Date(),
): Promise<ReviewAdvertiserResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  const rejectionReason = decision === "reject" ? (reason?.trim() ?? "") : null;
  if (rejectionReason === "") return { status: "reason-required" };
  return db.transaction(async (tx): Promise<ReviewAdvertiserResult> => {
    const status = decision === "approve" ? "approved" : "rejected";
    const [changed] = await tx
      .update(advertiserProfiles)
      .set({ status, rejectionReason, reviewedAt: now, reviewedById: actor.id, updatedAt: now })
      .where(and(eq(advertiserProfiles.userId, userId), eq(advertiserProfiles.status, "pending")))
      .returning({ businessName: advertiserProfiles.businessName });
    if (!changed) {
      const [row] = await tx
        .select({ status: advertiserProfiles.status })
        .from(advertiserProfiles)
        .where(eq(advertiserProfiles.userId, userId));
      return row ? { status: "conflict", current: row.status } : { status: "not-found" };
    }
    const [user] = await tx
      .select({ email: users.email, name: users.name, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor,
      action: decision === "approve" ? "advertiser.approve" : "advertiser.reject",
      targetType: "advertiser",
      targetId: userId,
      before: { status: "pending" },
      after: rejectionReason === null ? { status } : { status, reason: rejectionReason },
    });
    // Not confirmed yet: nothing the registrant typed, since they may not own the address.
    const name = user!.confirmedAt ? user!.name : null;
    const businessName = user!.confirmedAt ? changed.businessName : null;
    const loginLink = new URL("/login", appUrl).href;
    const mail =
      rejectionReason === null
        ? advertiserApprovedMail(user!.email, name, businessName, loginLink)
        : advertiserRejectedMail(user!.email, name, businessName, rejectionReason, loginLink);
    return { status: "ok", mailId: await queueEmail(tx, mail) };
  });
}
