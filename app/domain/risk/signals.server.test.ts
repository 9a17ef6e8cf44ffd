import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSignals, emails, oneOffTasks, riskClusters, users } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { clockAhead } from "~test/clock";
import { linkBackfilledBankAccounts, recordSignals, type Signal } from "./signals.server";

const { db } = await openTestDatabase();

let n = 0;
/** A value no other test uses. */
const unique = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const device = (value: string): Signal => ({ kind: "device", value });
const clusterOf = async (userId: string) =>
  (await db.select({ id: users.riskClusterId }).from(users).where(eq(users.id, userId)))[0]!.id;
const statusOf = async (clusterId: string | null) =>
  clusterId ? (await db.select().from(riskClusters).where(eq(riskClusters.id, clusterId)))[0]?.status : undefined;

describe("linked accounts", () => {
  it("two accounts on one phone are linked within the allowance (a family); a third opens the cluster for review", async () => {
    const phone = unique("device");
    const [a, b, c] = [await createUser(db), await createUser(db), await createUser(db)];
    expect(await recordSignals(db, a.id, [device(phone)])).toEqual({ clusterId: null, opened: false });
    const second = await recordSignals(db, b.id, [device(phone)]);
    expect(second.opened).toBe(false);
    expect(await clusterOf(a.id)).toBe(second.clusterId);
    expect(await statusOf(second.clusterId)).toBe("clear");

    const riskAdmin = await createUser(db, { role: "admin", permissions: ["review_risk"] });
    const third = await recordSignals(db, c.id, [device(phone)]);
    expect(third).toEqual({ clusterId: second.clusterId, opened: true });
    expect(await statusOf(second.clusterId)).toBe("open");
    const mails = await db.select().from(emails).where(eq(emails.toAddress, riskAdmin.email));
    expect(mails.map((m) => m.subject)).toEqual(["Linked accounts to review"]);
  });

  it("one bank account paying two members opens it at once; a shared network alone links nothing", async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const network = unique("102.89.1");
    await recordSignals(db, a.id, [{ kind: "network", value: network }]);
    expect(await recordSignals(db, b.id, [{ kind: "network", value: network }])).toEqual({
      clusterId: null,
      opened: false,
    });
    const account: Signal = { kind: "bank_account", value: `058:${unique("acct")}` };
    await recordSignals(db, a.id, [account]);
    expect(await recordSignals(db, b.id, [account])).toMatchObject({ opened: true });
  });

  it("a network and a fingerprint seen together link (a phone whose cookies were cleared)", async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const network: Signal = { kind: "network", value: unique("105.112.2") };
    const fingerprint: Signal = { kind: "fingerprint", value: unique("fp") };
    const together: Signal = { kind: "network_fingerprint", value: `${network.value}|${fingerprint.value}` };
    // The fingerprint alone (one phone model) and the network alone (carrier NAT) link nothing.
    const c = await createUser(db);
    await recordSignals(db, c.id, [{ kind: "fingerprint", value: fingerprint.value }, device(unique("device"))]);
    await recordSignals(db, a.id, [network, fingerprint, together, device(unique("device"))]);
    expect(await clusterOf(c.id)).toBeNull();
    const linked = await recordSignals(db, b.id, [network, fingerprint, together, device(unique("device"))]);
    expect(linked.clusterId).not.toBeNull();
    expect(await clusterOf(a.id)).toBe(linked.clusterId);
    // Two accounts on one probable device: within the allowance.
    expect(linked.opened).toBe(false);
  });

  it("a link between two clusters merges them into the older one", async () => {
    const [a, b, c, d] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const [p1, p2] = [unique("device"), unique("device")];
    await recordSignals(db, a.id, [device(p1)]);
    const first = await recordSignals(db, b.id, [device(p1)]);
    await recordSignals(db, c.id, [device(p2)]);
    const second = await recordSignals(db, d.id, [device(p2)]);
    expect(first.clusterId).not.toBe(second.clusterId);
    const account: Signal = { kind: "bank_account", value: `044:${unique("acct")}` };
    await recordSignals(db, b.id, [account]);
    const merged = await recordSignals(db, c.id, [account]);
    expect(merged.clusterId).toBe(first.clusterId);
    const members = await db.select({ id: users.id }).from(users).where(eq(users.riskClusterId, first.clusterId!));
    expect(members.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(await db.select().from(riskClusters).where(eq(riskClusters.id, second.clusterId!))).toEqual([]);
  });

  it("a value seen again within the hour writes nothing; later it moves its last-seen time", async () => {
    const a = await createUser(db);
    const phone = device(unique("device"));
    await recordSignals(db, a.id, [phone]);
    const [before] = await db.select().from(accountSignals).where(eq(accountSignals.userId, a.id));
    await recordSignals(db, a.id, [phone], clockAhead(30 * 60_000));
    const [again] = await db.select().from(accountSignals).where(eq(accountSignals.userId, a.id));
    expect(again!.lastSeenAt).toEqual(before!.lastSeenAt);
    await recordSignals(db, a.id, [phone], clockAhead(2 * 3_600_000));
    const [later] = await db.select().from(accountSignals).where(eq(accountSignals.userId, a.id));
    expect(later!.lastSeenAt.getTime()).toBeGreaterThan(before!.lastSeenAt.getTime());
    expect(later!.firstSeenAt).toEqual(before!.firstSeenAt);
  });

  it("sign-ups from one device at once all end in one cluster, open", async () => {
    const phone = unique("device");
    const accounts = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
    // Each inside a transaction of its own, as registration records them.
    await Promise.all(accounts.map((a) => db.transaction((tx) => recordSignals(tx, a.id, [device(phone)]))));
    const clusters = await db
      .selectDistinct({ id: users.riskClusterId })
      .from(users)
      .where(
        inArray(
          users.id,
          accounts.map((a) => a.id),
        ),
      );
    expect(clusters).toHaveLength(1);
    expect(await statusOf(clusters[0]!.id)).toBe("open");
  });
});

describe("accounts that shared a bank account before signals were recorded", () => {
  it("are linked once after the upgrade, and judged", async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const value = `058:${String(2_000_000_000 + ++n).slice(0, 10)}`;
    // As migration 0032's backfill stored them: rows, no links.
    await db.insert(accountSignals).values([
      { userId: a.id, kind: "bank_account", value },
      { userId: b.id, kind: "bank_account", value },
    ]);
    await db.delete(oneOffTasks);
    expect(await linkBackfilledBankAccounts(db)).toBeGreaterThanOrEqual(1);
    const cluster = await clusterOf(a.id);
    expect(cluster).not.toBeNull();
    expect(await clusterOf(b.id)).toBe(cluster);
    expect(await statusOf(cluster)).toBe("open");
    // Once: the task is recorded.
    expect(await linkBackfilledBankAccounts(db)).toBe(0);
  });
});
