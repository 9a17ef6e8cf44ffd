import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { messages, referrals, users } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser, member } from "~test/factories";
import { referredMember } from "~test/referrals";
import { compactRollups, counterByDay, counterTotals, dailyCountsDrift } from "./rollups.server";
import { backdatedTransfer, backdatedTransfers, expectLedgerReconciled } from "~test/ledger";

// The rollups of migration 0016 (ledger_daily_totals, member_period_earnings), kept by a trigger
// in each transfer's transaction. reconcile() compares them with the ledger, and every test that
// checks the books (expectLedgerReconciled) checks them too; here, their exact rows at the Lagos
// calendar's edges, transfers posted together and at once, and a drift being caught and mended.
const { db } = await openTestDatabase({ poolSize: 12 });

const at = (iso: string) => new Date(iso);

async function periodsOf(userId: string) {
  return rowsOf<{ period: string; period_start: string; amount_kobo: string; reached_at: string }>(
    await db.execute(sql`
      select period::text, period_start::text, amount_kobo::text, to_json(reached_at)#>>'{}' as reached_at
        from member_period_earnings e where user_id = ${userId}
       order by e.period, e.period_start`),
  ).map((r) => [r.period, r.period_start, r.amount_kobo, new Date(r.reached_at).toISOString()]);
}

async function dailyTotals(kind: string, days: string[]) {
  return rowsOf<{ day: string; transfers: number; amount_kobo: string }>(
    await db.execute(sql`
      select day::text, sum(transfers)::int as transfers, sum(amount_kobo)::text as amount_kobo
        from ledger_daily_totals
       where kind = ${kind} and day::text in (${sql.join(
         days.map((d) => sql`${d}`),
         sql`, `,
       )})
       group by day order by day`),
  ).map((r) => [r.day, r.transfers, r.amount_kobo]);
}

describe("ledger rollups", () => {
  it("file each reward under its Lagos day, week (from Sunday), month and year at the edges of each", async () => {
    const earner = await member(db);
    await backdatedTransfers(db, [
      // Sat 26 Dec 2026 23:59:59 Lagos, then Sun 27 Dec 00:00:00: two weeks.
      [earner.id, 100n, "2026-12-26T22:59:59Z"],
      [earner.id, 200n, "2026-12-26T23:00:00Z"],
      // Thu 31 Dec 2026 23:59:59 Lagos, then Fri 1 Jan 2027 00:00:00: one week, two months, two years.
      [earner.id, 400n, "2026-12-31T22:59:59Z", "referral_reward"],
      [earner.id, 800n, "2026-12-31T23:00:00Z"],
      // Spending is not earning: an upgrade payment leaves the member's earnings alone.
      [earner.id, 50n, "2027-01-01T10:00:00Z", "upgrade_payment"],
    ]);

    expect(await periodsOf(earner.id)).toEqual([
      ["week", "2026-12-20", "100", "2026-12-26T22:59:59.000Z"],
      ["week", "2026-12-27", "1400", "2026-12-31T23:00:00.000Z"],
      ["month", "2026-12-01", "700", "2026-12-31T22:59:59.000Z"],
      ["month", "2027-01-01", "800", "2026-12-31T23:00:00.000Z"],
      ["year", "2026-01-01", "700", "2026-12-31T22:59:59.000Z"],
      ["year", "2027-01-01", "800", "2026-12-31T23:00:00.000Z"],
    ]);
    expect(await dailyTotals("advert_reward", ["2026-12-26", "2026-12-27", "2027-01-01"])).toEqual([
      ["2026-12-26", 1, "100"],
      ["2026-12-27", 1, "200"],
      ["2027-01-01", 1, "800"],
    ]);
    expect(await dailyTotals("upgrade_payment", ["2027-01-01"])).toEqual([["2027-01-01", 1, "50"]]);
    await expectLedgerReconciled(db);
  });

  it("add up transfers posted together in one transaction, and leave nothing of one rolled back", async () => {
    const earner = await member(db);
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 3; i++) {
        await transfer(tx, {
          from: { platform: "advert_rewards" },
          to: { userId: earner.id, kind: "available" },
          amountKobo: BigInt(i * 10),
          kind: "advert_reward",
          idempotencyKey: `rollups-together:${earner.id}:${i}`,
        });
      }
    });
    await expect(
      db.transaction(async (tx) => {
        await transfer(tx, {
          from: { platform: "advert_rewards" },
          to: { userId: earner.id, kind: "available" },
          amountKobo: 1_000n,
          kind: "advert_reward",
          idempotencyKey: `rollups-rolled-back:${earner.id}`,
        });
        throw new Error("the caller gives up");
      }),
    ).rejects.toThrow("the caller gives up");
    expect((await periodsOf(earner.id)).map(([period, , amount]) => [period, amount])).toEqual([
      ["week", "60"],
      ["month", "60"],
      ["year", "60"],
    ]);
    await expectLedgerReconciled(db);
  });

  it("stay equal to the ledger while many rewards are paid at once", async () => {
    const earners = await Promise.all([1, 2, 3, 4].map(() => member(db)));
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        transfer(db, {
          from: { platform: i % 3 === 0 ? "referral_rewards" : "advert_rewards" },
          to: { userId: earners[i % 4]!.id, kind: "available" },
          amountKobo: BigInt(100 + i),
          kind: i % 3 === 0 ? "referral_reward" : "advert_reward",
          idempotencyKey: `rollups-at-once:${earners[0]!.id}:${i}`,
        }),
      ),
    );
    const report = await expectLedgerReconciled(db);
    expect(report.rollupMismatches).toEqual([]);
    const sums = await Promise.all(
      earners.map(async (e) => (await periodsOf(e.id)).find(([period]) => period === "year")?.[2]),
    );
    // Member k got the rewards i ≡ k (mod 4): 15 of them, 100 + i kobo each.
    expect(sums).toEqual(
      [0, 1, 2, 3].map((k) => String(Array.from({ length: 15 }, (_, j) => 100 + k + 4 * j).reduce((a, b) => a + b))),
    );
    if (usingPostgres()) {
      // Concurrent connections wrote today's advert rewards into different shards.
      const [row] = rowsOf<{ shards: number }>(
        await db.execute(sql`
          select count(*)::int as shards from ledger_daily_totals
           where kind = 'advert_reward' and day = (now() at time zone 'Africa/Lagos')::date`),
      );
      expect(row!.shards).toBeGreaterThan(1);
    }
  });

  it("are caught by reconcile when they drift from the ledger, and mended by ledger_rollups_rebuild()", async () => {
    const earner = await member(db);
    await backdatedTransfer(db, { userId: earner.id, amountKobo: 300n, at: at("2025-03-04T12:00:00Z") });
    await expectLedgerReconciled(db);

    await db.execute(sql`
      update member_period_earnings set amount_kobo = amount_kobo + 1
       where user_id = ${earner.id} and period = 'month'`);
    await db.execute(sql`delete from ledger_daily_totals where kind = 'advert_reward' and day = '2025-03-04'`);
    const drifted = await reconcile(db);
    expect(drifted.status).toBe("discrepancies");
    expect(drifted.rollupMismatches).toEqual(
      expect.arrayContaining([
        { table: "ledger_daily_totals", key: "advert_reward 2025-03-04", ledger: "1/300", kept: "none" },
        {
          table: "member_period_earnings",
          key: `month 2025-03-01 ${earner.id}`,
          ledger: expect.stringMatching(/^300@/),
          kept: expect.stringMatching(/^301@/),
        },
      ]),
    );

    await db.execute(sql`select ledger_rollups_rebuild()`);
    await expectLedgerReconciled(db);
    expect((await periodsOf(earner.id)).map(([period, start, amount]) => [period, start, amount])).toEqual([
      ["week", "2025-03-02", "300"],
      ["month", "2025-03-01", "300"],
      ["year", "2025-01-01", "300"],
    ]);
  });

  it("fold each finished day's rows into one per kind, and leave yesterday's and today's alone", async () => {
    const earners = await Promise.all([1, 2, 3].map(() => member(db)));
    const today = new Date();
    const threeDaysAgo = new Date(today.getTime() - 3 * 24 * 60 * 60 * 1000);
    // Posted at once: on PostgreSQL from several connections, so the day has several rows.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        backdatedTransfer(db, { userId: earners[i % 3]!.id, amountKobo: BigInt(10 + i), at: threeDaysAgo }),
      ),
    );
    await backdatedTransfer(db, { userId: earners[0]!.id, amountKobo: 5n, at: today });
    const rowsOn = async (day: string) =>
      rowsOf<{ shard: number; transfers: number; amount_kobo: string }>(
        await db.execute(sql`
          select shard, transfers, amount_kobo::text from ledger_daily_totals
           where kind = 'advert_reward' and day = ${day}::date order by shard`),
      );
    const lagosDayOf = (d: Date) => new Date(d.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
    const before = await rowsOn(lagosDayOf(threeDaysAgo));
    expect(before.every((r) => r.shard !== 0)).toBe(true);
    const todayBefore = await rowsOn(lagosDayOf(today));

    expect(await compactRollups(db)).toBeGreaterThanOrEqual(before.length);

    const after = await rowsOn(lagosDayOf(threeDaysAgo));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ shard: 0, transfers: expect.any(Number) });
    expect(after[0]!.transfers).toBe(before.reduce((n, r) => n + r.transfers, 0));
    expect(await rowsOn(lagosDayOf(today))).toEqual(todayBefore);
    // Nothing left to fold; the figures still equal the ledger.
    expect(await compactRollups(db)).toBe(0);
    await expectLedgerReconciled(db);
  });
});

describe("daily counts", () => {
  const direct = async () => {
    const [row] = rowsOf<{ members: number; pending: number; messages: number; referrals: number }>(
      await db.execute(sql`
        select (select count(*) from users where role = 'user')::int as members,
               (select count(*) from users where role = 'user' and not is_approved and not is_restricted)::int as pending,
               (select count(*) from messages)::int as messages,
               (select count(*) from referrals)::int as referrals`),
    );
    return row!;
  };
  const kept = async () => {
    const t = await counterTotals(db, ["members", "pending_members", "messages", "referrals"]);
    return { members: t.members, pending: t.pending_members, messages: t.messages, referrals: t.referrals };
  };

  /** A member registered at `iso` (created, then dated back: the counters follow the date). */
  const registeredAt = async (iso: string, overrides: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(db, overrides);
    await db
      .update(users)
      .set({ createdAt: at(iso) })
      .where(eq(users.id, user.id));
    return user;
  };

  it("follow every insert, update and delete of the counted tables, on the Lagos day each row was created", async () => {
    const before = await kept();
    expect(before).toEqual(await direct());
    const pending = await registeredAt("2024-02-29T23:30:00Z", { isApproved: false }); // 1 Mar Lagos
    const approved = await createUser(db, { isApproved: true });
    await createUser(db, { role: "admin", isApproved: false }); // staff: not counted
    const restricted = await createUser(db, { isApproved: false, isRestricted: true });
    const referrer = await member(db);
    const referred = await referredMember(db, referrer);
    await db
      .insert(messages)
      .values({ id: `m-${pending.id}`, senderId: approved.id, recipientId: pending.id, content: "Hi" });
    expect(await kept()).toEqual(await direct());
    expect(await counterByDay(db, "members", "2024-02-29", "2024-03-01")).toEqual([{ day: "2024-03-01", count: 1 }]);
    expect(await counterByDay(db, "pending_members", "2024-03-01", "2024-03-01")).toEqual([
      { day: "2024-03-01", count: 1 },
    ]);

    // Approve, restrict, lift, promote, and a write that changes no count (a login).
    await db.update(users).set({ isApproved: true }).where(eq(users.id, pending.id));
    await db.update(users).set({ isRestricted: false }).where(eq(users.id, restricted.id));
    await db.update(users).set({ role: "admin" }).where(eq(users.id, approved.id));
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, referrer.id));
    expect(await counterByDay(db, "pending_members", "2024-03-01", "2024-03-01")).toEqual([
      { day: "2024-03-01", count: 0 },
    ]);
    // Deletes: a message, a referral, a member.
    await db.delete(messages).where(eq(messages.id, `m-${pending.id}`));
    await db.delete(referrals).where(eq(referrals.referredId, referred.id));
    await db.delete(users).where(eq(users.id, restricted.id));
    const after = await kept();
    expect(after).toEqual(await direct());
    // Five members created; one promoted to admin, one deleted.
    expect(after.members - before.members).toBe(3);
    expect(await dailyCountsDrift(db)).toEqual([]);
  });

  it("stay equal to the tables while many members sign up and are approved at once", async () => {
    const created = await Promise.all(Array.from({ length: 30 }, () => createUser(db, { isApproved: false })));
    await Promise.all(
      created.map((u, i) =>
        db
          .update(users)
          .set({ isApproved: i % 2 === 0 })
          .where(eq(users.id, u.id)),
      ),
    );
    expect(await kept()).toEqual(await direct());
    expect(await dailyCountsDrift(db)).toEqual([]);
  });

  it("are caught drifting, mended by daily_counts_rebuild(), and folded by day", async () => {
    await registeredAt("2023-05-05T12:00:00Z");
    await db.execute(sql`update daily_counts set change = change + 2 where counter = 'members' and day = '2023-05-05'`);
    expect(await dailyCountsDrift(db)).toEqual([{ counter: "members", day: "2023-05-05", counted: 1, kept: 3 }]);
    await db.execute(sql`select daily_counts_rebuild()`);
    expect(await dailyCountsDrift(db)).toEqual([]);

    await Promise.all(Array.from({ length: 8 }, () => registeredAt("2023-05-06T12:00:00Z")));
    await compactRollups(db);
    const rows = rowsOf<{ shard: number; change: number }>(
      await db.execute(sql`select shard, change from daily_counts where counter = 'members' and day = '2023-05-06'`),
    );
    expect(rows).toEqual([{ shard: 0, change: 8 }]);
    expect(await kept()).toEqual(await direct());
    expect(await dailyCountsDrift(db)).toEqual([]);
  });
});
