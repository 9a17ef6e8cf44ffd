import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect, type PgTable } from "drizzle-orm/pg-core";
import { type Database, rowsOf } from "~/db/client.server";
import { auditLog, membershipTiers, referrals, upgradeRequests, users, withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { onPage, pageWindow } from "~/domain/shared/paging";

/**
 * One member as the admins see them (`/admin/users/:userId`): who they are, their money, and
 * each of their histories as a short page of its own. Members and advertisers have a page; staff
 * have none (null, as for an id that names no one).
 */

/** Rows per page of each list on a member's page. */
export const MEMBER_PAGE_LIST_SIZE = 10;

/** How many other members a shared address names (the count goes on to SHARED_COUNT_CAP). */
export const SHARED_NAMES_SHOWN = 5;
const SHARED_COUNT_CAP = 1000;

const referrer = alias(users, "referrer");

/** The member's profile and balances; null for an unknown id or a staff account. */
export async function memberProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayId: users.displayId,
      name: users.name,
      email: users.email,
      role: users.role,
      isApproved: users.isApproved,
      isRestricted: users.isRestricted,
      emailConfirmedAt: users.emailConfirmedAt,
      referralCode: users.referralCode,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      payoutsFrozenAt: users.payoutsFrozenAt,
      riskClusterId: users.riskClusterId,
      tierName: membershipTiers.name,
      referrerId: referrer.id,
      referrerName: referrer.name,
      referrerDisplayId: referrer.displayId,
    })
    .from(users)
    .innerJoin(membershipTiers, eq(membershipTiers.id, users.membershipTierId))
    .leftJoin(referrer, eq(referrer.id, users.referredById))
    .where(and(eq(users.id, userId), inArray(users.role, ["user", "advertiser"])));
  if (!row) return null;
  const [money, earned] = await Promise.all([balances(db, userId), earnedTotals(db, userId)]);
  const { referrerId, referrerName, referrerDisplayId, ...profile } = row;
  return {
    ...profile,
    referredBy: referrerId ? { id: referrerId, name: referrerName!, displayId: referrerDisplayId! } : null,
    availableKobo: money.availableKobo,
    heldKobo: money.heldKobo,
    earnedKobo: earned.totalKobo,
  };
}

export type MemberProfile = NonNullable<Awaited<ReturnType<typeof memberProfile>>>;

/** The audit actions that changed the account's standing. */
export const STATUS_ACTIONS = [
  "user.approve",
  "user.restrict",
  "user.unrestrict",
  "payouts.freeze",
  "payouts.release",
  "advertiser.approve",
  "advertiser.reject",
  "advertiser.restrict",
  "advertiser.unrestrict",
] as const;

/** The latest changes of standing (approved, restricted, unrestricted), newest first: who and when. At most 20. */
export async function memberStatusHistory(db: Database, userId: string) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      actorName: users.name,
      actorDisplayId: users.displayId,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.targetId, userId), inArray(auditLog.action, [...STATUS_ACTIONS])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(20);
}

/** One page of a member's list: the rows `where` matches counted in `table`, then `query` (in its order) a page at a time. */
async function pageOf<T extends PgSelect>(
  db: Database,
  table: PgTable,
  where: SQL,
  requestedPage: number | undefined,
  query: T,
) {
  const { page, pageCount, total, ...window } = pageWindow(
    await db.$count(table, where),
    requestedPage,
    MEMBER_PAGE_LIST_SIZE,
  );
  const rows: Awaited<T> = await onPage(query, window);
  return { rows, page, pageCount, total };
}

const referred = alias(users, "referred");

/** The referrals the member made, newest first, a page at a time: whom, its status, reward and why it is held. */
export async function memberReferrals(db: Database, userId: string, requestedPage?: number) {
  const mine = eq(referrals.referrerId, userId);
  return pageOf(
    db,
    referrals,
    mine,
    requestedPage,
    db
      .select({
        id: referrals.id,
        referredId: referred.id,
        referredName: referred.name,
        referredDisplayId: referred.displayId,
        status: referrals.status,
        rewardKobo: referrals.rewardKobo,
        holdReason: referrals.holdReason,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .where(mine)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .$dynamic(),
  );
}

/** The member's withdrawals, newest first, a page at a time. */
export async function memberWithdrawals(db: Database, userId: string, requestedPage?: number) {
  const mine = eq(withdrawals.userId, userId);
  return pageOf(
    db,
    withdrawals,
    mine,
    requestedPage,
    db
      .select({
        id: withdrawals.id,
        reference: withdrawals.reference,
        amountKobo: withdrawals.amountKobo,
        feeKobo: withdrawals.feeKobo,
        status: withdrawals.status,
        bankName: withdrawals.bankName,
        requestedAt: withdrawals.requestedAt,
      })
      .from(withdrawals)
      .where(mine)
      .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
      .$dynamic(),
  );
}

/** The member's upgrade requests, whatever became of them, newest first, a page at a time. */
export async function memberUpgrades(db: Database, userId: string, requestedPage?: number) {
  const mine = eq(upgradeRequests.userId, userId);
  return pageOf(
    db,
    upgradeRequests,
    mine,
    requestedPage,
    db
      .select({
        id: upgradeRequests.id,
        reference: upgradeRequests.reference,
        tierName: membershipTiers.name,
        priceKobo: upgradeRequests.priceKobo,
        method: upgradeRequests.method,
        status: upgradeRequests.status,
        createdAt: upgradeRequests.createdAt,
      })
      .from(upgradeRequests)
      .innerJoin(membershipTiers, eq(membershipTiers.id, upgradeRequests.tierId))
      .where(mine)
      .orderBy(desc(upgradeRequests.createdAt), desc(upgradeRequests.id))
      .$dynamic(),
  );
}

export type SignInAddress = {
  /** The network (an IPv4 address, an IPv6 /64), as the database spells it. */
  network: string;
  /** Where it was seen: the sign-up, a recent sign-in, or both. */
  signup: boolean;
  signIn: boolean;
  /** How many other accounts used the same network (counted up to 1,000). */
  sharedWith: number;
  /** The first few of them, newest first. */
  others: { id: string; name: string; displayId: string }[];
};

/**
 * The networks the member signed up and recently signed in from (ip_network: an IPv4 address
 * exactly, an IPv6 address by its /64, as the self-referral check compares them), each with the
 * other accounts that used it too, found through the indexes on ip_network(signup_ip) and
 * ip_networks(recent_login_ips) (migration 0025).
 */
export async function memberSignInAddresses(db: Database, userId: string): Promise<SignInAddress[]> {
  const rows = rowsOf<{
    network: string;
    signup: boolean;
    sign_in: boolean;
    shared: number | string;
    others: { id: string; name: string; displayId: string }[] | string | null;
  }>(
    await db.execute(sql`
      with mine as (
        select ip_network(u.signup_ip) as network, true as signup, false as sign_in, 0 as ord
          from users u where u.id = ${userId} and u.signup_ip is not null
        union all
        select ip_network(a.address), false, true, a.ord
          from users u, unnest(u.recent_login_ips) with ordinality as a(address, ord)
         where u.id = ${userId}
      ),
      networks as (
        select network, bool_or(signup) as signup, bool_or(sign_in) as sign_in, min(ord) as ord
          from mine where network is not null group by network
      )
      select n.network, n.signup, n.sign_in,
             (select count(*) from (
                select 1 from users o
                 where o.id <> ${userId} and o.role in ('user', 'advertiser')
                   and (ip_network(o.signup_ip) = n.network or ip_networks(o.recent_login_ips) @> array[n.network])
                 limit ${SHARED_COUNT_CAP}) c) as shared,
             (select json_agg(json_build_object('id', f.id, 'name', f.name, 'displayId', f.display_id)) from (
                select o.id, o.name, o.display_id from users o
                 where o.id <> ${userId} and o.role in ('user', 'advertiser')
                   and (ip_network(o.signup_ip) = n.network or ip_networks(o.recent_login_ips) @> array[n.network])
                 order by o.created_at desc, o.id desc
                 limit ${SHARED_NAMES_SHOWN}) f) as others
        from networks n
       order by n.signup desc, n.ord`),
  );
  return rows.map((row) => ({
    network: row.network,
    signup: row.signup,
    signIn: row.sign_in,
    sharedWith: Number(row.shared),
    others: (typeof row.others === "string" ? JSON.parse(row.others) : row.others) ?? [],
  }));
}
