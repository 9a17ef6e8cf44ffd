import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accountSignals, appSettings, oneOffTasks, riskClusters, users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { appLink, greeting } from "~/domain/mail/templates";
import { staffHolding } from "~/domain/permissions/holders.server";
import { systemClock, type Clock } from "~/domain/shared/clock";
import { newId } from "~/domain/shared/ids";
import { breachesOf, LINKING_KINDS, type AccountSignal, type SignalKind } from "./policy";

export type Signal = { kind: SignalKind; value: string };

/** A signal seen again within this long is not written again (sign-ins and claims repeat them). */
export const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/** A bank account as a signal: "<bank code>:<number>". */
export const bankAccountSignal = (bankCode: string, accountNumber: string): Signal => ({
  kind: "bank_account",
  value: `${bankCode}:${accountNumber}`,
});

/**
 * Records what this request tells about the account (device id, fingerprint, network, mailbox,
 * bank account), each with its first and last time seen, inside the caller's transaction when
 * given one. Only a value new to the account can link it to others; those it links to are put in
 * one cluster with it (merging the clusters they were in), and the cluster is judged against the
 * allowances (settings): beyond them it opens for review, and the review_risk holders are mailed.
 * A value seen again within LAST_SEEN_RESOLUTION_MS writes nothing.
 */
export async function recordSignals(
  db: Database,
  userId: string,
  signals: readonly (Signal | null | undefined)[],
  clock: Clock = systemClock,
): Promise<{ clusterId: string | null; opened: boolean }> {
  const fresh = uniqueSignals(signals);
  if (fresh.length === 0) return { clusterId: null, opened: false };
  const now = clock();
  const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  const upsert = (on: Database) =>
    on
      .insert(accountSignals)
      .values(fresh.map((s) => ({ userId, ...s, firstSeenAt: now, lastSeenAt: now })))
      .onConflictDoUpdate({
        target: [accountSignals.userId, accountSignals.kind, accountSignals.value],
        set: { lastSeenAt: now },
        setWhere: sql`${accountSignals.lastSeenAt} < ${stale}`,
      })
      // xmax = 0: the row was inserted, not updated (a value new to the account).
      .returning({ kind: accountSignals.kind, value: accountSignals.value, inserted: sql<boolean>`(xmax = 0)` });
  // Nothing that links (a claim's network): one statement, no transaction.
  if (!fresh.some((s) => LINKING_KINDS.includes(s.kind))) {
    await upsert(db);
    return { clusterId: null, opened: false };
  }
  // One transaction: a value is stored only with the links it makes (a failure stores neither,
  // and the next request tries again).
  return db.transaction(async (tx) => {
    const written = await upsert(tx);
    const added = written
      .filter((w) => w.inserted && LINKING_KINDS.includes(w.kind))
      .map(({ kind, value }) => ({ kind, value }))
      .sort((a, b) => `${a.kind}:${a.value}`.localeCompare(`${b.kind}:${b.value}`));
    if (added.length === 0) return { clusterId: null, opened: false };
    // Two accounts adding one value at once (two sign-ups from one phone): the second waits here
    // for the first to commit, then sees its row.
    for (const s of added)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signal:${s.kind}:${s.value}`}))`);
    const linked = await accountsLinkedTo(tx, userId, added);
    if (linked.length === 0) return { clusterId: null, opened: false };
    return joinCluster(tx, [userId, ...linked], now);
  });
}

function uniqueSignals(signals: readonly (Signal | null | undefined)[]): Signal[] {
  const seen = new Map<string, Signal>();
  for (const s of signals) {
    if (!s || s.value.length === 0 || s.value.length > 200) continue;
    seen.set(`${s.kind}\u0000${s.value}`, s);
  }
  return [...seen.values()];
}

/** The other accounts a new value links this one to: sharing a device, bank account, mailbox, or network with fingerprint. */
async function accountsLinkedTo(db: Database, userId: string, added: readonly Signal[]): Promise<string[]> {
  const linking = added.filter((s) => LINKING_KINDS.includes(s.kind));
  if (linking.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: accountSignals.userId })
    .from(accountSignals)
    .where(
      and(
        or(...linking.map((s) => and(eq(accountSignals.kind, s.kind), eq(accountSignals.value, s.value)))),
        ne(accountSignals.userId, userId),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * Puts the accounts in one cluster (the oldest of those they are in, else a new one), moving the
 * members of any other, then judges it. One change of clusters at a time (an advisory lock held
 * to the end of the transaction), so two links found at once never split a cluster.
 * The caller's transaction holds it all.
 */
async function joinCluster(tx: Database, accountIds: string[], now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('risk_clusters'))`);
  // The clusters first, in id order, then the accounts' rows: the order a decision on a cluster
  // and an automatic payout take them in (no deadlock).
  const current = await tx
    .select({
      id: riskClusters.id,
      createdAt: riskClusters.createdAt,
      status: riskClusters.status,
      openedAt: riskClusters.openedAt,
    })
    .from(riskClusters)
    .where(
      inArray(
        riskClusters.id,
        tx
          .select({ id: sql<string>`${users.riskClusterId}` })
          .from(users)
          .where(and(inArray(users.id, accountIds), sql`${users.riskClusterId} is not null`)),
      ),
    )
    .orderBy(riskClusters.id)
    .for("update");
  current.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  let clusterId = current[0]?.id;
  if (!clusterId) {
    clusterId = newId();
    await tx.insert(riskClusters).values({ id: clusterId, createdAt: now, updatedAt: now });
  }
  const merged = current.slice(1);
  if (merged.length > 0) {
    const mergedIds = merged.map((c) => c.id);
    await tx.update(users).set({ riskClusterId: clusterId }).where(inArray(users.riskClusterId, mergedIds));
    await tx.delete(riskClusters).where(inArray(riskClusters.id, mergedIds));
    // A review waiting on a merged cluster (a member flagged for review) waits on the one they join.
    const waiting = merged.filter((c) => c.status === "open");
    if (current[0]?.status !== "open" && waiting.length > 0) {
      const openedAt = new Date(Math.min(...waiting.map((c) => (c.openedAt ?? now).getTime())));
      await tx
        .update(riskClusters)
        .set({ status: "open", openedAt, updatedAt: now })
        .where(eq(riskClusters.id, clusterId));
    }
  }
  await tx.update(users).set({ riskClusterId: clusterId }).where(inArray(users.id, accountIds));
  const opened = await judgeCluster(tx, clusterId, now);
  return { clusterId, opened };
}

/**
 * Opens the cluster for review when its accounts are beyond the allowances and no admin has
 * decided on this many accounts already; mails the review_risk holders when it opens. True when
 * it opened now.
 */
export async function judgeCluster(tx: Database, clusterId: string, now: Date): Promise<boolean> {
  const [cluster] = await tx.select().from(riskClusters).where(eq(riskClusters.id, clusterId)).for("update");
  if (!cluster || cluster.status === "open") return false;
  const memberIds = (await tx.select({ id: users.id }).from(users).where(eq(users.riskClusterId, clusterId))).map(
    (u) => u.id,
  );
  // An admin's decision stands until an account joins that it did not see.
  if (cluster.decidedMemberCount !== null && memberIds.length <= cluster.decidedMemberCount) return false;
  const [settings] = await tx
    .select({
      accountsPerDevice: appSettings.accountsPerDevice,
      accountsPerBankAccount: appSettings.accountsPerBankAccount,
    })
    .from(appSettings)
    .where(eq(appSettings.id, 1));
  const signals: AccountSignal[] = await tx
    .select({ userId: accountSignals.userId, kind: accountSignals.kind, value: accountSignals.value })
    .from(accountSignals)
    .where(inArray(accountSignals.userId, memberIds));
  const breaches = breachesOf(signals, settings ?? { accountsPerDevice: 2, accountsPerBankAccount: 1 });
  if (breaches.length === 0) return false;
  await tx
    .update(riskClusters)
    .set({ status: "open", openedAt: now, updatedAt: now })
    .where(eq(riskClusters.id, clusterId));
  for (const admin of await staffHolding(tx, "review_risk")) {
    await queueEmail(tx, {
      to: admin.email,
      subject: "Linked accounts to review",
      text:
        `${greeting(admin.name)}\n\n${memberIds.length} accounts are linked beyond what one person or one family ` +
        `has (a shared device, bank account or mailbox). Their automatic payouts and referral rewards between them ` +
        `wait until you decide: ${appLink("/admin/risk")}\n`,
    });
  }
  return true;
}

/**
 * Links the accounts that already shared a bank account before signals were recorded (migration
 * 0032 stored their payout accounts without looking for links): once, after the upgrade
 * (one_off_tasks), one cluster per group, judged as any. How many groups it linked.
 */
export async function linkBackfilledBankAccounts(db: Database, clock: Clock = systemClock): Promise<number> {
  const TASK = "link-backfilled-bank-accounts";
  const [done] = await db.select().from(oneOffTasks).where(eq(oneOffTasks.name, TASK));
  if (done) return 0;
  const groups = await db
    .select({ value: accountSignals.value, accountIds: sql<string[]>`array_agg(${accountSignals.userId})` })
    .from(accountSignals)
    .where(eq(accountSignals.kind, "bank_account"))
    .groupBy(accountSignals.value)
    .having(sql`count(*) > 1`);
  for (const group of groups) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signal:bank_account:${group.value}`}))`);
      await joinCluster(tx, group.accountIds, clock());
    });
  }
  await db.insert(oneOffTasks).values({ name: TASK }).onConflictDoNothing();
  return groups.length;
}
