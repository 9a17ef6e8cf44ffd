import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { latch } from "~test/latch";
import { openTestDatabase, usingPostgres } from "~test/database";
import { createUser, creditUser } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { balances } from "./accounts.server";
import { InsufficientFundsError, lockAccounts, transfer, type TransferResult } from "./transfer.server";

// These run on both databases, but only PostgreSQL runs transactions in parallel (PGlite runs one
// at a time): with DATABASE_URL set they prove that racing requests neither pay twice nor
// overdraw nor deadlock.
const { db } = await openTestDatabase({ poolSize: 30 });

type Outcome = TransferResult | { status: "insufficient" };
const settle = (promise: Promise<TransferResult>): Promise<Outcome> =>
  promise.catch((err: unknown) => {
    if (err instanceof InsufficientFundsError) return { status: "insufficient" as const };
    throw err;
  });

describe("racing transfers", () => {
  it("30 calls at once with one idempotency key post one transfer and move the money once", async () => {
    const user = await createUser(db); // no ledger accounts yet: they are opened by the race too
    const input = {
      from: { platform: "advert_rewards" as const },
      to: { userId: user.id, kind: "available" as const },
      amountKobo: 5_000n,
      kind: "advert_reward" as const,
      idempotencyKey: `race:reward:${user.id}`,
    };
    const results = await Promise.all(Array.from({ length: 30 }, () => transfer(db, input)));
    const posted = results.filter((r) => r.status === "posted");
    expect(posted).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(29);
    expect(new Set(results.map((r) => r.transferId))).toEqual(new Set([posted[0]!.transferId]));
    expect(await db.$count(ledgerTransfers, eq(ledgerTransfers.idempotencyKey, input.idempotencyKey))).toBe(1);
    expect(await balances(db, user.id)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
    await expectLedgerReconciled(db);
  });

  it("one key raced from inside callers' transactions also posts once", async () => {
    const user = await createUser(db);
    await creditUser(db, user.id, 10_000n);
    const input = {
      from: { userId: user.id, kind: "available" as const },
      to: { userId: user.id, kind: "held" as const },
      amountKobo: 7_000n,
      kind: "withdrawal_hold" as const,
      idempotencyKey: `race:hold:${user.id}`,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => db.transaction((tx) => transfer(tx, input))));
    expect(results.filter((r) => r.status === "posted")).toHaveLength(1);
    expect(await balances(db, user.id)).toEqual({ availableKobo: 3_000n, heldKobo: 7_000n });
    await expectLedgerReconciled(db);
  });

  it("a new user's first rewards, racing, open their accounts once and all arrive", async () => {
    // Staggered starts: early transfers find no accounts and open them, later ones find them.
    // Whatever each saw, all take their locks in one order (holding a lock while opening the
    // accounts, then locking them, once deadlocked here).
    for (let round = 0; round < 8; round++) {
      const user = await createUser(db);
      const results = await Promise.all(
        Array.from({ length: 24 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, i));
          return transfer(db, {
            from: { platform: "advert_rewards" },
            to: { userId: user.id, kind: "available" },
            amountKobo: 100n,
            kind: "advert_reward",
            idempotencyKey: `race:first:${user.id}:${i}`,
          });
        }),
      );
      expect(results.every((r) => r.status === "posted")).toBe(true);
      expect(await balances(db, user.id)).toEqual({ availableKobo: 2_400n, heldKobo: 0n });
    }
    await expectLedgerReconciled(db);
  });

  it("callers posting several transfers lock all their accounts first (lockAccounts), without deadlock", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
    const outcomes = await Promise.all(
      people.flatMap((person, p) =>
        Array.from({ length: 5 }, (_, i) =>
          db.transaction(async (tx) => {
            // Opposite orders of the same platform accounts on alternate calls.
            const legs = [
              { platform: "advert_rewards" as const, kind: "advert_reward" as const },
              { platform: "referral_rewards" as const, kind: "referral_reward" as const },
            ];
            if ((p + i) % 2) legs.reverse();
            await lockAccounts(tx, [
              ...legs.map((l) => ({ platform: l.platform })),
              { userId: person.id, kind: "available" },
            ]);
            for (const leg of legs) {
              await transfer(tx, {
                from: { platform: leg.platform },
                to: { userId: person.id, kind: "available" },
                amountKobo: 50n,
                kind: leg.kind,
                idempotencyKey: `race:several:${person.id}:${i}:${leg.platform}`,
              });
            }
            return "ok";
          }),
        ),
      ),
    );
    expect(outcomes.every((o) => o === "ok")).toBe(true);
    for (const person of people) expect(await balances(db, person.id)).toEqual({ availableKobo: 500n, heldKobo: 0n });
    await expectLedgerReconciled(db);
  });

  it("₦100.00 and 200 simultaneous ₦1.00 withdrawals: exactly 100 succeed, the balance ends at zero", async () => {
    const user = await createUser(db);
    await creditUser(db, user.id, 10_000n);
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        settle(
          transfer(db, {
            from: { userId: user.id, kind: "available" },
            to: { platform: "bank_payouts" },
            amountKobo: 100n,
            kind: "withdrawal_payout",
            idempotencyKey: `race:drain:${user.id}:${i}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === "posted")).toHaveLength(100);
    expect(outcomes.filter((o) => o.status === "insufficient")).toHaveLength(100);
    expect(await balances(db, user.id)).toEqual({ availableKobo: 0n, heldKobo: 0n });
    expect(Date.now() - started).toBeLessThan(20_000);
    await expectLedgerReconciled(db);
  });

  it("opposite-direction transfers between two users all complete, without deadlock", async () => {
    const alice = await createUser(db);
    const bola = await createUser(db);
    await creditUser(db, alice.id, 5_000n);
    await creditUser(db, bola.id, 5_000n);
    // Each user sends at most what they started with, so every transfer must succeed.
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [alice, bola] : [bola, alice];
        return transfer(db, {
          from: { userId: from.id, kind: "available" },
          to: { userId: to.id, kind: "available" },
          amountKobo: 100n,
          kind: "advert_reward",
          idempotencyKey: `race:swap:${alice.id}:${i}`,
        });
      }),
    );
    expect(outcomes.every((o) => o.status === "posted")).toBe(true);
    expect(await balances(db, alice.id)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
    expect(await balances(db, bola.id)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
    await expectLedgerReconciled(db);
  });

  it("a busy mix across users, their held accounts and the platform stays consistent", async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    for (const p of people) await creditUser(db, p.id, 2_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 160 }, (_, i) => {
        const a = people[i % 4]!;
        const b = people[(i * 7 + 1) % 4]!;
        const shape = i % 5;
        const base = { amountKobo: BigInt(50 + (i % 7) * 25), idempotencyKey: `race:mix:${people[0]!.id}:${i}` };
        if (shape === 0) {
          return settle(
            transfer(db, {
              ...base,
              from: { userId: a.id, kind: "available" },
              to: { userId: a.id, kind: "held" },
              kind: "withdrawal_hold",
            }),
          );
        }
        if (shape === 1) {
          return settle(
            transfer(db, {
              ...base,
              from: { userId: a.id, kind: "held" },
              to: { platform: "bank_payouts" },
              kind: "withdrawal_payout",
            }),
          );
        }
        if (shape === 2) {
          return settle(
            transfer(db, {
              ...base,
              from: { platform: "advert_rewards" },
              to: { userId: b.id, kind: "available" },
              kind: "advert_reward",
            }),
          );
        }
        if (a.id === b.id) return Promise.resolve({ status: "insufficient" as const });
        // Two transfers in one caller transaction, in opposite orders on alternate calls.
        return db
          .transaction(async (tx) => {
            const legs = [
              { from: a, to: b },
              { from: b, to: a },
            ];
            if (i % 2) legs.reverse();
            for (const [n, leg] of legs.entries()) {
              await transfer(tx, {
                ...base,
                idempotencyKey: `${base.idempotencyKey}:${n}`,
                from: { userId: leg.from.id, kind: "available" },
                to: { userId: leg.to.id, kind: "available" },
                kind: "advert_reward",
              });
            }
            return { status: "posted" as const, transferId: "pair" };
          })
          .catch((err: unknown) => {
            if (err instanceof InsufficientFundsError) return { status: "insufficient" as const };
            throw err;
          });
      }),
    );
    expect(outcomes.length).toBe(160);
    for (const p of people) {
      const b = await balances(db, p.id);
      expect(b.availableKobo).toBeGreaterThanOrEqual(0n);
      expect(b.heldKobo).toBeGreaterThanOrEqual(0n);
    }
    await expectLedgerReconciled(db);
  });

  it.runIf(usingPostgres())(
    "really runs transactions in parallel on PostgreSQL (the races above are real)",
    async () => {
      // Two transactions that each wait for the other to be open can only finish if both are.
      let arrived = 0;
      const barrier = async () => {
        arrived++;
        const deadline = Date.now() + 5_000;
        while (arrived < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        return arrived;
      };
      const seen = await Promise.all([
        db.transaction(async (tx) => (await createUser(tx), barrier())),
        db.transaction(async (tx) => (await createUser(tx), barrier())),
      ]);
      expect(seen).toEqual([2, 2]);
    },
  );

  it.runIf(usingPostgres())(
    "rewards from a platform account never wait on it: a lock held on the platform row blocks none of them",
    async () => {
      // Another transaction holds the platform row as transfers did before decision 009 (FOR NO KEY
      // UPDATE conflicts with FOR UPDATE and with itself, not with the foreign keys' KEY SHARE).
      const [rewards] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, "advert_rewards"));
      const gate = latch();
      const locked = latch();
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select id from ledger_accounts where id = ${rewards!.id} for no key update`);
        locked.open();
        await gate.opened;
      });
      await locked.opened;
      try {
        const people = await Promise.all(Array.from({ length: 10 }, () => createUser(db)));
        const paid = await Promise.race([
          Promise.all(
            people.map((p) =>
              db.transaction(async (tx) => {
                // As a withdrawal would: the platform ref is resolved, not locked.
                await lockAccounts(tx, [{ userId: p.id, kind: "available" }, { platform: "advert_rewards" }]);
                return transfer(tx, {
                  from: { platform: "advert_rewards" },
                  to: { userId: p.id, kind: "available" },
                  amountKobo: 100n,
                  kind: "advert_reward",
                  idempotencyKey: `race:platform-unlocked:${p.id}`,
                });
              }),
            ),
          ),
          new Promise<"blocked">((r) => setTimeout(() => r("blocked"), 5_000)),
        ]);
        expect(paid).not.toBe("blocked");
        expect((paid as TransferResult[]).every((r) => r.status === "posted")).toBe(true);
        for (const p of people) expect(await balances(db, p.id)).toEqual({ availableKobo: 100n, heldKobo: 0n });
      } finally {
        gate.open();
        await holder;
      }
      await expectLedgerReconciled(db);
    },
  );

  it.runIf(usingPostgres())("a second spender waits for the first one's lock, then finds the money gone", async () => {
    const user = await createUser(db);
    await creditUser(db, user.id, 10_000n);
    const spend = (tx: Database, key: string) =>
      transfer(tx, {
        from: { userId: user.id, kind: "available" },
        to: { userId: user.id, kind: "held" },
        amountKobo: 10_000n,
        kind: "withdrawal_hold",
        idempotencyKey: `race:lock:${user.id}:${key}`,
      });
    const gate = latch();
    const spent = latch();
    const first = db.transaction(async (tx) => {
      const result = await spend(tx, "first");
      spent.open();
      await gate.opened; // keeps the transaction, and its row locks, open
      return result;
    });
    await spent.opened;
    let secondSettled = false;
    const second = settle(spend(db, "second")).finally(() => (secondSettled = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(secondSettled).toBe(false); // blocked on the row lock, not reading a stale balance
    gate.open();
    expect((await first).status).toBe("posted");
    expect(await second).toEqual({ status: "insufficient" });
    expect(await balances(db, user.id)).toEqual({ availableKobo: 0n, heldKobo: 10_000n });
    await expectLedgerReconciled(db);
  });
});
