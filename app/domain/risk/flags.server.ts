import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { riskClusters, users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { appLink, greeting } from "~/domain/mail/templates";
import { staffHolding } from "~/domain/permissions/holders.server";
import { newId } from "~/domain/shared/ids";

/**
 * Puts a member on the review queue for what they did rather than what they share (three wrong
 * attention checks in a day): their cluster opens (a cluster of their own when they are linked to
 * nobody), so their automatic payouts and the referral rewards between them and others wait for a
 * review_risk holder, who is mailed. An open cluster stays as it is. Taken under the lock every
 * change of clusters takes (joinCluster), in one transaction.
 */
export async function flagForReview(db: Database, userId: string, why: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk_clusters'))`);
    const [member] = await tx
      .select({ clusterId: users.riskClusterId, name: users.name, displayId: users.displayId })
      .from(users)
      .where(eq(users.id, userId));
    if (!member) return false;
    let clusterId = member.clusterId;
    if (clusterId) {
      const [cluster] = await tx
        .select({ status: riskClusters.status })
        .from(riskClusters)
        .where(eq(riskClusters.id, clusterId))
        .for("update");
      if (cluster?.status === "open") return false;
      await tx
        .update(riskClusters)
        .set({ status: "open", openedAt: now, updatedAt: now })
        .where(eq(riskClusters.id, clusterId));
    } else {
      clusterId = newId();
      await tx
        .insert(riskClusters)
        .values({ id: clusterId, status: "open", openedAt: now, createdAt: now, updatedAt: now });
      await tx.update(users).set({ riskClusterId: clusterId }).where(eq(users.id, userId));
    }
    for (const admin of await staffHolding(tx, "review_risk")) {
      await queueEmail(tx, {
        to: admin.email,
        subject: "A member to review",
        text:
          `${greeting(admin.name)}\n\n${member.name} (${member.displayId}) ${why}. Their automatic payouts ` +
          `wait until you decide: ${appLink("/admin/risk")}\n`,
      });
    }
    return true;
  });
}
