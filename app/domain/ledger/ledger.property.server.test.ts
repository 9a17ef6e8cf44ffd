import { eq, inArray, or } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { type AccountRef, type PlatformAccountCode, platformBalance } from "./accounts.server";
import {
  IdempotencyKeyReusedError,
  InsufficientFundsError,
  transfer,
  TRANSFER_KINDS,
  type TransferKind,
} from "./transfer.server";

// 30 runs of 30–50 steps keep this file quick on PGlite; LEDGER_PROPERTY_RUNS=500 for a soak.
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 30);

const { db } = await openTestDatabase();

// The world of one run: three users (available + held each) and three platform accounts.
const USERS = 3;
const PLATFORM: PlatformAccountCode[] = ["advert_rewards", "bank_payouts", "withdrawal_fees"];
type Slot = { user: number; kind: "available" | "held" } | { platform: PlatformAccountCode };
const slotKey = (s: Slot) => ("platform" in s ? `p:${s.platform}` : `u${s.user}:${s.kind}`);

const slotArb: fc.Arbitrary<Slot> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ user: fc.nat(USERS - 1), kind: fc.constantFrom("available" as const, "held" as const) }),
  },
  { weight: 2, arbitrary: fc.record({ platform: fc.constantFrom(...PLATFORM) }) },
);
// Small amounts so users often run dry (overdrafts get exercised), sometimes a big one.
const amountArb = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 5_000n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 5_001n, max: 10n ** 9n }) },
);
type Move = { from: Slot; to: Slot; amountKobo: bigint; kind: TransferKind; key: { reuse: number } | { fresh: true } };
const moveArb: fc.Arbitrary<Move> = fc.record({
  from: slotArb,
  to: slotArb,
  amountKobo: amountArb,
  kind: fc.constantFrom(...TRANSFER_KINDS),
  key: fc.oneof(
    { weight: 4, arbitrary: fc.constant({ fresh: true as const }) },
    { weight: 1, arbitrary: fc.record({ reuse: fc.nat(40) }) },
  ),
});
type Step = { type: "move"; move: Move } | { type: "batch"; moves: Move[]; abort: boolean };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant("move" as const), move: moveArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("batch" as const),
      moves: fc.array(moveArb, { minLength: 1, maxLength: 3 }),
      abort: fc.boolean(),
    }),
  },
);

type Model = {
  balances: Map<string, bigint>;
  /** Keys that posted, with what they posted, and the transfer id. */
  keys: Map<string, { signature: string; transferId: string }>;
  transfers: number;
};
const cloneModel = (m: Model): Model => ({
  balances: new Map(m.balances),
  keys: new Map(m.keys),
  transfers: m.transfers,
});

describe("ledger model (property-based)", () => {
  it(
    "random sequences of transfers keep every invariant after every step",
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 30, maxLength: 50 }), async (steps) => {
          runs++;
          const users = await Promise.all(Array.from({ length: USERS }, () => createUser(db)));
          const runId = newId();
          const ref = (s: Slot): AccountRef =>
            "platform" in s ? { platform: s.platform } : { userId: users[s.user]!.id, kind: s.kind };
          // Platform accounts are shared across runs: the model tracks their movement from here.
          // They keep no cached balance: their balance is the sum of their entries.
          const start = new Map(
            await Promise.all(PLATFORM.map(async (code) => [`p:${code}`, await platformBalance(db, code)] as const)),
          );
          let model: Model = {
            balances: new Map(),
            keys: new Map(),
            transfers: await db.$count(ledgerTransfers),
          };
          const balanceOf = (m: Model, s: Slot) => m.balances.get(slotKey(s)) ?? 0n;
          const usedKeys: string[] = [];

          /** Applies one move to the database and to the model; checks the outcome agrees. */
          async function apply(handle: Database, m: Model, move: Move) {
            const idempotencyKey =
              "reuse" in move.key && usedKeys.length > 0
                ? usedKeys[move.key.reuse % usedKeys.length]!
                : `prop:${runId}:${usedKeys.length}`;
            if (!usedKeys.includes(idempotencyKey)) usedKeys.push(idempotencyKey);
            const signature = `${slotKey(move.from)}>${slotKey(move.to)}:${move.amountKobo}:${move.kind}`;
            const call = () =>
              transfer(handle, {
                from: ref(move.from),
                to: ref(move.to),
                amountKobo: move.amountKobo,
                kind: move.kind,
                idempotencyKey,
                reference: { type: "property_test", id: runId },
              });

            if (slotKey(move.from) === slotKey(move.to)) {
              await expect(call()).rejects.toThrow(RangeError);
              return;
            }
            const earlier = m.keys.get(idempotencyKey);
            if (earlier) {
              if (earlier.signature === signature) {
                expect(await call()).toEqual({ status: "duplicate", transferId: earlier.transferId });
              } else {
                await expect(call()).rejects.toThrow(IdempotencyKeyReusedError);
              }
              return;
            }
            if (!("platform" in move.from) && balanceOf(m, move.from) < move.amountKobo) {
              const err = await call().catch((e: unknown) => e);
              expect(err).toBeInstanceOf(InsufficientFundsError);
              expect((err as InsufficientFundsError).balanceKobo).toBe(balanceOf(m, move.from));
              return;
            }
            const result = await call();
            expect(result.status).toBe("posted");
            m.keys.set(idempotencyKey, { signature, transferId: result.transferId });
            m.balances.set(slotKey(move.from), balanceOf(m, move.from) - move.amountKobo);
            m.balances.set(slotKey(move.to), balanceOf(m, move.to) + move.amountKobo);
            m.transfers++;
          }

          async function check() {
            const report = await expectLedgerReconciled(db);
            expect(report.cachedTotalKobo).toBe(0n);
            expect(report.transfers).toBe(model.transfers);
            const rows = await db
              .select()
              .from(ledgerAccounts)
              .where(
                or(
                  eq(ledgerAccounts.kind, "platform"),
                  inArray(
                    ledgerAccounts.userId,
                    users.map((u) => u.id),
                  ),
                ),
              );
            for (const [u, user] of users.entries()) {
              for (const kind of ["available", "held"] as const) {
                const row = rows.find((r) => r.userId === user.id && r.kind === `user_${kind}`);
                const expected = balanceOf(model, { user: u, kind });
                expect(row?.balanceKobo ?? 0n).toBe(expected);
                expect(expected).toBeGreaterThanOrEqual(0n);
              }
            }
            for (const code of PLATFORM) {
              const row = rows.find((r) => r.code === code)!;
              expect(row.balanceKobo).toBeNull();
              const moved = (await platformBalance(db, code)) - start.get(`p:${code}`)!;
              expect(moved).toBe(balanceOf(model, { platform: code }));
            }
          }

          for (const step of steps) {
            if (step.type === "move") {
              await apply(db, model, step.move);
            } else {
              // Several transfers in one caller transaction; refusals are caught inside it (each
              // transfer runs in a savepoint), and the whole batch may then be rolled back.
              const draft = cloneModel(model);
              const abort = new Error("abort batch");
              try {
                await db.transaction(async (tx) => {
                  for (const move of step.moves) await apply(tx, draft, move);
                  if (step.abort) throw abort;
                });
                model = draft;
              } catch (err) {
                if (err !== abort) throw err;
              }
            }
            await check();
          }
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBe(RUNS);
    },
    Math.max(60_000, RUNS * 3_000),
  );
});
