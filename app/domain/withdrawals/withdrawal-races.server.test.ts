import { eq, inArray, like, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emails, ledgerTransfers, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { newDisplayId, newId } from "~/domain/shared/ids";
import { latch } from "~test/latch";
import { TEST_BANK_CODE } from "~test/bank-accounts";
import { openTestDatabase, usingPostgres } from "~test/database";
import { formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { completeWithdrawal, rejectWithdrawal, startProcessing, type ProcessResult } from "./process-withdrawal.server";
import { requestWithdrawal, type RequestWithdrawalResult } from "./request-withdrawal.server";

// Real races need PostgreSQL (PGlite runs one transaction at a time, so there the same calls
// only prove the bookkeeping). With DATABASE_URL set, every Promise.all below puts up to 40
// transactions on the server at once.
const { db } = await openTestDatabase({ poolSize: 40 });
let admins: Actor[];
beforeAll(async () => {
  admins = [await withdrawalAdmin(db), await withdrawalAdmin(db), await withdrawalAdmin(db, [], "super_admin")];
});
afterEach(async () => expectBooksBalanced(db));

const countBy = (results: { status: string }[]) =>
  results.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe.runIf(usingPostgres())("racing withdrawals on PostgreSQL", () => {
  it("a change of the limits and fee while a request is made: the request waits and is checked and charged by the new set", async () => {
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    const member = await payee(db, { balanceKobo: 100_000n });
    const saved = latch();
    const gate = latch();
    // An admin's change, saved but not yet committed: the settings row is locked FOR UPDATE.
    const change = db.transaction(async (tx) => {
      await tx.execute(sql`select id from app_settings where id = 1 for update`);
      await tx.execute(
        sql`update app_settings set max_withdrawal_kobo = 50000, withdrawal_fee_bps = 1000 where id = 1`,
      );
      saved.open();
      await gate.opened;
    });
    await saved.opened;
    let answered = false;
    const request = requestWithdrawal(db, { userId: member.id, amountKobo: 40_000n, idempotencyKey: formKey() }).then(
      (result) => {
        answered = true;
        return result;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered, "the request waits for the change").toBe(false);
    gate.open();
    await change;
    // The new 10% fee is the one charged (₦40.00, not 2%: ₦8.00).
    expect(await request).toMatchObject({ status: "ok", withdrawal: { amountKobo: 40_000n, feeKobo: 4_000n } });
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
  });

  it("oversubscription: ₦100.00 balance, 200 concurrent ₦1.00 requests → exactly 100 held, the rest insufficient", async () => {
    await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 100_000n, feeBps: 200 });
    const member = await payee(db, { balanceKobo: 10_000n });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 100n, idempotencyKey: formKey() }),
      ),
    );
    expect(countBy(results)).toEqual({ ok: 100, "insufficient-funds": 100 });
    for (const r of results) {
      if (r.status === "insufficient-funds") expect(r.availableKobo).toBe(0n);
      if (r.status === "ok") expect(r.duplicate).toBe(false);
    }
    expect(await balances(db, member.id)).toEqual({ availableKobo: 0n, heldKobo: 10_000n });
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(rows).toHaveLength(100);
    expect(rows.every((w) => w.status === "pending" && w.amountKobo === 100n)).toBe(true);
    const holds = await db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.referenceId,
          rows.map((w) => w.id),
        ),
      );
    expect(holds).toHaveLength(100);
    expect(holds.every((t) => t.kind === "withdrawal_hold")).toBe(true);
  });

  it("idempotency: 30 concurrent submissions with one key → one withdrawal, one hold, every caller told the same", async () => {
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    const member = await payee(db, { balanceKobo: 10_000n });
    const key = formKey();
    const results: RequestWithdrawalResult[] = await Promise.all(
      Array.from({ length: 30 }, () =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key }),
      ),
    );
    expect(countBy(results)).toEqual({ ok: 30 });
    const ok = results.flatMap((r) => (r.status === "ok" ? [r] : []));
    expect(ok.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(ok.map((r) => r.withdrawal.id)).size).toBe(1);
    const [row, ...others] = await db.select().from(withdrawals).where(eq(withdrawals.userId, member.id));
    expect(others).toEqual([]);
    expect(await db.$count(ledgerTransfers, like(ledgerTransfers.idempotencyKey, `withdrawal:${row!.id}:%`))).toBe(1);
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
  });

  it("idempotency backstop: a racer that got past the member lock loses to the unique index and returns the winner", async () => {
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    const member = await payee(db, { balanceKobo: 10_000n });
    const key = formKey();
    const winnerId = newId();
    const inserted = latch();
    const gate = latch();
    // Transaction A writes a withdrawal with the key (and its hold) without taking the member
    // lock, and stays open: B's insert must wait on the unique index, then find A's row.
    const a = db.transaction(async (tx) => {
      await tx.insert(withdrawals).values({
        id: winnerId,
        reference: newDisplayId("W"),
        userId: member.id,
        amountKobo: 3_000n,
        feeKobo: 60n,
        idempotencyKey: key,
        bankCode: TEST_BANK_CODE,
        bankName: "Winner's bank",
        accountNumber: "0123456789",
        accountHolderName: "Adaeze Okafor",
      });
      await transfer(tx, {
        from: { userId: member.id, kind: "available" },
        to: { userId: member.id, kind: "held" },
        amountKobo: 3_000n,
        kind: "withdrawal_hold",
        idempotencyKey: `withdrawal:${winnerId}:hold`,
        reference: { type: "withdrawal", id: winnerId },
      });
      inserted.open();
      await gate.opened;
    });
    await inserted.opened;
    const b = requestWithdrawal(db, { userId: member.id, amountKobo: 3_000n, idempotencyKey: key });
    await new Promise((resolve) => setTimeout(resolve, 300));
    gate.open();
    await a;
    expect(await b).toMatchObject({ status: "ok", duplicate: true, withdrawal: { id: winnerId, amountKobo: 3_000n } });
    expect(await db.$count(withdrawals, eq(withdrawals.userId, member.id))).toBe(1);
    expect(await balances(db, member.id)).toEqual({ availableKobo: 7_000n, heldKobo: 3_000n });
  });

  it("idempotency across members and keys: 10 members × 3 keys × 5 submissions each → 30 withdrawals", async () => {
    await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
    const members = await Promise.all(Array.from({ length: 10 }, () => payee(db, { balanceKobo: 10_000n })));
    const calls = members.flatMap((m) =>
      [formKey(), formKey(), formKey()].flatMap((key) =>
        Array.from({ length: 5 }, () => ({ userId: m.id, amountKobo: 3_000n, idempotencyKey: key })),
      ),
    );
    calls.sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map((c) => requestWithdrawal(db, c)));
    expect(countBy(results)).toEqual({ ok: 150 });
    expect(results.filter((r) => r.status === "ok" && !r.duplicate)).toHaveLength(30);
    for (const m of members) expect(await balances(db, m.id)).toEqual({ availableKobo: 1_000n, heldKobo: 9_000n });
  });

  it("admin races: on each of 100 withdrawals, competing admins resolve every transition exactly once", async () => {
    await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 1_000_000n, feeBps: 150 });
    const payoutsBefore = await platformBalance(db, "bank_payouts");
    const feesBefore = await platformBalance(db, "withdrawal_fees");
    // 25 members earn different amounts and each asks for 4 withdrawals.
    const members = await Promise.all(
      Array.from({ length: 25 }, (_, i) => payee(db, { balanceKobo: 50_000n + BigInt(i) * 1_037n })),
    );
    const earned = members.reduce((sum, _m, i) => sum + 50_000n + BigInt(i) * 1_037n, 0n);
    const ids: string[] = [];
    for (const [i, m] of members.entries()) {
      for (let k = 0; k < 4; k++) {
        const r = await requestWithdrawal(db, {
          userId: m.id,
          amountKobo: 1_000n + BigInt(i * 97 + k * 1_313),
          idempotencyKey: formKey(),
        });
        if (r.status !== "ok") throw new Error(r.status);
        ids.push(r.withdrawal.id);
      }
    }
    const admin = (n: number) => admins[n % admins.length]!;

    // Round 1, on every pending withdrawal at once: two Rejects, two Start Processing and two
    // Mark as Completed. Exactly one of reject/start wins; a complete can only win after a start.
    const round1 = await Promise.all(
      ids.map(async (id, n) => {
        const calls: [string, Promise<ProcessResult>][] = [
          ["reject", rejectWithdrawal(db, admin(n), id)],
          ["start", startProcessing(db, admin(n + 1), id)],
          ["complete", completeWithdrawal(db, admin(n + 2), id)],
          ["reject", rejectWithdrawal(db, admin(n + 1), id)],
          ["start", startProcessing(db, admin(n + 2), id)],
          ["complete", completeWithdrawal(db, admin(n), id)],
        ];
        const settled = await Promise.all(calls.map(async ([kind, p]) => [kind, await p] as const));
        return { id, settled };
      }),
    );
    const after1 = new Map(
      (await db.select().from(withdrawals).where(inArray(withdrawals.id, ids))).map((w) => [w.id, w]),
    );
    let rejectedCount = 0;
    for (const { id, settled } of round1) {
      const wins = (kind: string) => settled.filter(([k, r]) => k === kind && r.status === "ok").length;
      const status = after1.get(id)!.status;
      for (const [, r] of settled) expect(["ok", "conflict"]).toContain(r.status);
      expect(wins("reject") + wins("start")).toBe(1);
      expect(wins("complete")).toBeLessThanOrEqual(1);
      if (wins("reject")) {
        rejectedCount++;
        expect(status).toBe("rejected");
        expect(wins("complete")).toBe(0);
      } else {
        expect(status).toBe(wins("complete") ? "completed" : "processing");
      }
    }

    // Round 2, on those still processing: two completes and two rejects at once.
    const stillProcessing = ids.filter((id) => after1.get(id)!.status === "processing");
    const round2 = await Promise.all(
      stillProcessing.map(async (id, n) => {
        const results = await Promise.all([
          completeWithdrawal(db, admin(n), id),
          rejectWithdrawal(db, admin(n + 1), id),
          completeWithdrawal(db, admin(n + 1), id),
          rejectWithdrawal(db, admin(n + 2), id),
        ]);
        return { complete: results.filter((r, i) => i % 2 === 0 && r.status === "ok").length, results };
      }),
    );
    for (const { complete, results } of round2) {
      expect(complete).toBe(1);
      expect(results.filter((r) => r.status === "ok")).toHaveLength(1);
      for (const r of results) if (r.status === "conflict") expect(["processing", "completed"]).toContain(r.current);
    }

    // Every withdrawal ended once, with exactly its transfers, audit rows and mails.
    const final = await db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
    expect(final.every((w) => w.status === "completed" || w.status === "rejected")).toBe(true);
    expect(final.filter((w) => w.status === "rejected")).toHaveLength(rejectedCount);
    const transfers = await db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.referenceId, ids));
    const audits = await db.select().from(auditLog).where(inArray(auditLog.targetId, ids));
    for (const w of final) {
      const kinds = transfers
        .filter((t) => t.referenceId === w.id)
        .map((t) => t.kind)
        .sort();
      const actions = audits
        .filter((a) => a.targetId === w.id)
        .map((a) => a.action)
        .sort();
      if (w.status === "rejected") {
        expect(kinds).toEqual(["withdrawal_hold", "withdrawal_release"]);
        expect(actions).toEqual(["withdrawal.reject"]);
      } else {
        expect(kinds).toEqual(
          w.feeKobo > 0n
            ? ["withdrawal_fee", "withdrawal_hold", "withdrawal_payout"]
            : ["withdrawal_hold", "withdrawal_payout"],
        );
        expect(actions).toEqual(["withdrawal.complete", "withdrawal.start_processing"]);
      }
    }
    const mails = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(emails)
      .where(
        inArray(
          emails.toAddress,
          members.map((m) => m.email),
        ),
      );
    expect(mails[0]!.n).toBe(audits.length);

    // Paid out + fees + what members still hold = what they earned.
    const completed = final.filter((w) => w.status === "completed");
    const paidOut = (await platformBalance(db, "bank_payouts")) - payoutsBefore;
    const fees = (await platformBalance(db, "withdrawal_fees")) - feesBefore;
    expect(paidOut).toBe(completed.reduce((s, w) => s + w.amountKobo - w.feeKobo, 0n));
    expect(fees).toBe(completed.reduce((s, w) => s + w.feeKobo, 0n));
    let left = 0n;
    for (const m of members) {
      const b = await balances(db, m.id);
      expect(b.heldKobo).toBe(0n);
      left += b.availableKobo;
    }
    expect(paidOut + fees + left).toBe(earned);
  });

  it("requests and admin actions on the same member at once never deadlock or overdraw", async () => {
    await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 1_000_000n, feeBps: 200 });
    const members = await Promise.all(Array.from({ length: 5 }, () => payee(db, { balanceKobo: 20_000n })));
    const first = await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 10 }, () =>
          requestWithdrawal(db, { userId: m.id, amountKobo: 1_000n, idempotencyKey: formKey() }),
        ),
      ),
    );
    const ids = first.flatMap((r) => (r.status === "ok" ? [r.withdrawal.id] : []));
    expect(ids).toHaveLength(50);
    // Start half, then at once: complete those, reject the others, and ask for more money.
    await Promise.all(ids.filter((_, i) => i % 2 === 0).map((id) => startProcessing(db, admins[0]!, id)));
    const mixed = await Promise.all([
      ...ids.map((id, i) =>
        i % 2 === 0 ? completeWithdrawal(db, admins[1]!, id) : rejectWithdrawal(db, admins[2]!, id),
      ),
      ...members.flatMap((m) =>
        Array.from({ length: 15 }, () =>
          requestWithdrawal(db, { userId: m.id, amountKobo: 1_000n, idempotencyKey: formKey() }),
        ),
      ),
    ]);
    expect(mixed.slice(0, ids.length).every((r) => r.status === "ok")).toBe(true);
    const asks = mixed.slice(ids.length) as RequestWithdrawalResult[];
    for (const r of asks) expect(["ok", "insufficient-funds"]).toContain(r.status);
    for (const m of members) {
      const b = await balances(db, m.id);
      expect(b.availableKobo).toBeGreaterThanOrEqual(0n);
    }
  });
});

describe("the same admin race on the embedded database (queued there)", () => {
  it("each withdrawal resolves once", async () => {
    await setWithdrawalSettings(db, { minKobo: 100n, maxKobo: 1_000_000n, feeBps: 200 });
    const member = await payee(db, { balanceKobo: 10_000n });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await requestWithdrawal(db, { userId: member.id, amountKobo: 1_000n, idempotencyKey: formKey() });
      if (r.status !== "ok") throw new Error(r.status);
      ids.push(r.withdrawal.id);
    }
    const results = await Promise.all(
      ids.flatMap((id) => [
        startProcessing(db, admins[0]!, id),
        rejectWithdrawal(db, admins[1]!, id),
        startProcessing(db, admins[1]!, id),
        rejectWithdrawal(db, admins[0]!, id),
      ]),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(5);
  });
});
