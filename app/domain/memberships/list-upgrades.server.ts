import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { membershipTiers, providerPayments, upgradeRequests, users } from "~/db/schema";
import type { ProviderPaymentStatus } from "~/domain/payments/payment-status";
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
/**
 * Paid online: where its payment is. A held attempt (Paystack took money that was not what was
 * asked) first, whatever came after it, since only an admin can settle that; otherwise the latest
 * attempt's status, and "initialized" (awaiting payment) while the member has not reached a
 * checkout yet. Null for a request paid from the balance or by bank transfer.
 */
const onlinePayment = sql<ProviderPaymentStatus | null>`case when ${upgradeRequests.method} = 'online' then coalesce(
  (select p.status from ${providerPayments} p where p.upgrade_request_id = ${upgradeRequests.id}
    order by p.status = 'held' desc, p.created_at desc limit 1),
  'initialized') end`;

/** The member's pending request, with where its online payment is (see {@link onlinePayment}). */
export async function pendingUpgradeOf(
  db: Database,
  userId: string,
): Promise<(UpgradeRequestView & { payment: ProviderPaymentStatus | null }) | null> {
  const [row] = await db
    .select({ ...viewColumns, payment: onlinePayment })
    .from(upgradeRequests)
    .innerJoin(membershipTiers, eq(membershipTiers.id, upgradeRequests.tierId))
    .where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, "pending")));
  return row ?? null;
}

export type AdminUpgradeRequest = UpgradeRequestView & {
  /** Paid online: where its payment is (see {@link onlinePayment}). */
  payment: ProviderPaymentStatus | null;
  /** Its payment is held for an admin (the amount or currency did not match): why. */
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
      payment: onlinePayment,
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

/**
 * Pending requests that wait for an admin: those paid from the balance or by bank transfer (an
 * admin approves or rejects them), and those paid online whose payment Paystack took but that were
 * held for review. A request paid online whose payment is still to be made, failed or was abandoned
 * waits for its member (to pay, try again or cancel), not for an admin: Paystack's confirmation
 * approves it by itself.
 */
const waitsForAdmin = sql`(${upgradeRequests.method} <> 'online' or exists (select 1 from ${providerPayments} p
  where p.upgrade_request_id = ${upgradeRequests.id} and p.status = 'held'))`;

/**
 * The admin dashboard's Pending Upgrades card: the pending requests waiting for an admin
 * ({@link waitsForAdmin}), counted through the pending requests' index (a short queue, not a
 * table that grows with the platform, so no rollup).
 */
export async function countUpgradesAwaitingAdmin(db: Database): Promise<number> {
  return db.$count(upgradeRequests, and(eq(upgradeRequests.status, "pending"), waitsForAdmin));
}
