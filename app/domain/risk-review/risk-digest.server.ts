import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { riskClusters, users } from "~/db/schema";
import { queueEmailOnce } from "~/domain/mail/outbox.server";
import { appLink, greeting } from "~/domain/mail/templates";
import { staffHolding } from "~/domain/permissions/holders.server";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { lagosDay } from "~/lib/lagos-time";

/**
 * The daily digest of linked accounts waiting for a review, to each review_risk holder, once per
 * Lagos day (the mail's dedupe key) and only when some wait. Run hourly; any process may run it.
 * How many mails were queued.
 */
export async function mailRiskDigest(db: Database, clock: Clock = systemClock): Promise<number> {
  const [waiting] = await db
    .select({
      clusters: sql<number>`count(distinct ${riskClusters.id})`.mapWith(Number),
      accounts: sql<number>`count(${users.id})`.mapWith(Number),
    })
    .from(riskClusters)
    .innerJoin(users, eq(users.riskClusterId, riskClusters.id))
    .where(eq(riskClusters.status, "open"));
  if (!waiting || waiting.clusters === 0) return 0;
  const day = lagosDay(clock());
  let queued = 0;
  for (const admin of await staffHolding(db, "review_risk")) {
    const id = await queueEmailOnce(db, `risk-digest:${day}:${admin.email}`, {
      to: admin.email,
      subject: "Linked accounts waiting for a review",
      text:
        `${greeting(admin.name)}\n\n${waiting.clusters} group${waiting.clusters === 1 ? "" : "s"} of linked accounts ` +
        `(${waiting.accounts} accounts in all) wait for a review. Their automatic payouts and the referral rewards ` +
        `between them are held until you decide: ${appLink("/admin/risk")}\n`,
    });
    if (id) queued++;
  }
  return queued;
}
