import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { membershipTiers, providerPayments, upgradeRequests, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { likeEscape, onPage, type PageInfo, pageWindow } from "~/domain/shared/paging";
import type { UpgradeMethod, UpgradeStatus } from "./upgrades";

/** An upgrade request with its tier's name, as the dashboard and the admin table show it. */
export type UpgradeRequestView = {
  id: string;
  reference: string;
  tierId: string;
  tierName: string;
  priceKobo: Kobo;
  method: UpgradeMethod;
  status: UpgradeStatus;
  createdAt: Date;
};

const viewColumns = {
  id: upgradeRequests.id,
  reference: upgradeRequests.reference,
  tierId: upgradeRequests.tierId,
  tierName: membershipTiers.name,
  priceKobo: upgradeRequests.priceKobo,
  method: upgradeRequests.method,
  status: upgradeRequests.status,
  createdAt: upgradeRequests.createdAt,
};

/** The member's pending upgrade request (at most one), or null. */
export async function pendingUpgradeOf(db: Database, userId: string): Promise<UpgradeRequestView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(upgradeRequests)
    .innerJoin(membershipTiers, eq(membershipTiers.id, upgradeRequests.tierId))
    .where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, "pending")));
  return row ?? null;
}

export type AdminUpgradeRequest = UpgradeRequestView & {
  /** Paid online but held for an admin (the amount or currency did not match): why. */
  heldReason: string | null;
  userId: string;
  userName: string;
  userEmail: string;
  userDisplayId: string;
  fromTierName: string;
};

export const UPGRADES_PAGE_SIZE = 25;

/**
 * Upgrade Requests (admin): the pending ones, oldest first (the queue's order), searched by
 * member name or email (case-insensitive substring, wildcards taken literally) or exactly by
 * payment reference ("UPG-7K2M9QXA") or member display id, `pageSize` (25) a page.
 */
export async function listPendingUpgrades(
  db: Database,
  options: { search?: string; page?: number; pageSize?: number } = {},
): Promise<PageInfo & { rows: AdminUpgradeRequest[] }> {
  const pageSize = Math.min(Math.max(1, Math.trunc(options.pageSize ?? UPGRADES_PAGE_SIZE)), 100);
  const term = options.search?.trim().slice(0, 100) ?? "";
  const search: SQL | undefined = term
    ? or(
        ilike(users.name, `%${likeEscape(term)}%`),
        ilike(users.email, `%${likeEscape(term)}%`),
        eq(upgradeRequests.reference, term.toUpperCase()),
        eq(users.displayId, term.toUpperCase()),
      )
    : undefined;
  const where = and(eq(upgradeRequests.status, "pending"), search);
  const [tally] = await db
    .select({ n: count() })
    .from(upgradeRequests)
    .innerJoin(users, eq(users.id, upgradeRequests.userId))
    .where(where);
  const total = tally?.n ?? 0;
  const { page, pageCount, ...window } = pageWindow(total, options.page, pageSize);
  const fromTier = alias(membershipTiers, "from_tier");
  const oldestFirst = db
    .select({
      ...viewColumns,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userDisplayId: users.displayId,
      fromTierName: fromTier.name,
      heldReason: sql<string | null>`(select p.held_reason from ${providerPayments} p
        where p.upgrade_request_id = ${upgradeRequests.id} and p.status = 'held'
        order by p.created_at desc limit 1)`,
    })
    .from(upgradeRequests)
    .innerJoin(users, eq(users.id, upgradeRequests.userId))
    .innerJoin(membershipTiers, eq(membershipTiers.id, upgradeRequests.tierId))
    .innerJoin(fromTier, eq(fromTier.id, upgradeRequests.fromTierId))
    .where(where)
    .orderBy(asc(upgradeRequests.createdAt), desc(upgradeRequests.id));
  const rows = await onPage(oldestFirst.$dynamic(), window);
  return { rows, total, page, pageCount };
}

/** The admin dashboard's Pending Upgrades card. */
export async function countPendingUpgrades(db: Database): Promise<number> {
  return db.$count(upgradeRequests, eq(upgradeRequests.status, "pending"));
}
