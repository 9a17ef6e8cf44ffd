import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts, withdrawals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { openTestDatabase } from "~test/database";
import { creditUser, formKey, payee, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { platformBalance } from "~/domain/ledger/accounts.server";
import { expectBooksBalanced } from "~test/ledger";
import { applyEachStep, stepOf } from "~test/model";
import { withdrawalFeeKobo } from "./fees";
import type { WithdrawalStatus } from "./lifecycle";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";

// 20 runs of 20–40 steps keep this file well under a minute on PGlite;
// WITHDRAWAL_PROPERTY_RUNS=300 for a soak.
const RUNS = Number(process.env.WITHDRAWAL_PROPERTY_RUNS ?? 20);
const USERS = 3;
const MIN = 100n;
const MAX = 50_000n;

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await withdrawalAdmin(db);
});

type Step =
  | { type: "credit"; user: number; amountKobo: bigint }
  | { type: "request"; user: number; amountKobo: bigint; key: { fresh: true } | { reuse: number } }
  | { type: "start" | "reject" | "complete"; pick: number }
  | { type: "fee"; bps: number };

const userArb = fc.nat(USERS - 1);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  stepOf(2, "credit", { user: userArb, amountKobo: fc.bigInt({ min: 1n, max: 20_000n }) }),
  stepOf(4, "request", {
    user: userArb,
    // Mostly valid amounts, sometimes below the minimum, above the maximum or not positive.
    amountKobo: fc.oneof(
      { weight: 6, arbitrary: fc.bigInt({ min: MIN, max: 15_000n }) },
      { weight: 1, arbitrary: fc.bigInt({ min: -5n, max: MIN - 1n }) },
      { weight: 1, arbitrary: fc.bigInt({ min: MAX + 1n, max: MAX + 100n }) },
    ),
    key: fc.oneof(
      { weight: 4, arbitrary: fc.constant({ fresh: true as const }) },
      { weight: 1, arbitrary: fc.record({ reuse: fc.nat(20) }) },
    ),
  }),
  stepOf(2, "start", { pick: fc.nat(30) }),
  stepOf(2, "reject", { pick: fc.nat(30) }),
  stepOf(2, "complete", { pick: fc.nat(30) }),
  stepOf(1, "fee", { bps: fc.integer({ min: 0, max: 1_000 }) }),
);

type ModelWithdrawal = {
  id: string;
  user: number;
  amountKobo: bigint;
  feeKobo: bigint;
  status: WithdrawalStatus;
  key: string;
};
const TRANSITIONS = {
  start: { from: "pending", to: "processing", run: startProcessing },
  reject: { from: "pending", to: "rejected", run: rejectWithdrawal },
  complete: { from: "processing", to: "completed", run: completeWithdrawal },
} as const;

describe("withdrawals model (property-based)", () => {
  it(
    "random credits, requests and admin actions keep the books and the held balances right after every step",
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 20, maxLength: 40 }), async (steps) => {
          runs++;
          let feeBps = 200;
          await setWithdrawalSettings(db, { minKobo: MIN, maxKobo: MAX, feeBps });
          const users = await Promise.all(Array.from({ length: USERS }, () => payee(db)));
          const available = users.map(() => 0n);
          const model: ModelWithdrawal[] = [];
          const keys: { user: number; key: string }[] = [];
          const payoutsStart = await platformBalance(db, "bank_payouts");
          const feesStart = await platformBalance(db, "withdrawal_fees");

          async function apply(step: Step) {
            switch (step.type) {
              case "credit": {
                await creditUser(db, users[step.user]!.id, step.amountKobo);
                available[step.user]! += step.amountKobo;
                return;
              }
              case "fee": {
                feeBps = step.bps;
                await setWithdrawalSettings(db, { feeBps });
                return;
              }
              case "request": {
                const reused = "reuse" in step.key && keys.length > 0 ? keys[step.key.reuse % keys.length]! : undefined;
                const user = reused?.user ?? step.user;
                const key = reused?.key ?? formKey();
                if (!reused) keys.push({ user, key });
                const earlier = model.find((w) => w.user === user && w.key === key);
                // A reused form is resubmitted as it was (even reuse index) or with another amount (odd).
                const a =
                  earlier && "reuse" in step.key && step.key.reuse % 2 === 0 ? earlier.amountKobo : step.amountKobo;
                const result = await requestWithdrawal(db, {
                  userId: users[user]!.id,
                  amountKobo: a,
                  idempotencyKey: key,
                });
                if (earlier && a > 0n) {
                  const status =
                    a === earlier.amountKobo ? { status: "ok", duplicate: true } : { status: "form-already-used" };
                  expect(result).toMatchObject({ ...status, withdrawal: { id: earlier.id, status: earlier.status } });
                  return;
                }
                if (a <= 0n) return void expect(result).toEqual({ status: "invalid-amount" });
                if (a < MIN) return void expect(result).toEqual({ status: "below-minimum", minKobo: MIN });
                if (a > MAX) return void expect(result).toEqual({ status: "above-maximum", maxKobo: MAX });
                if (a > available[user]!) {
                  return void expect(result).toEqual({ status: "insufficient-funds", availableKobo: available[user]! });
                }
                const feeKobo = withdrawalFeeKobo(a, feeBps);
                expect(result).toMatchObject({
                  status: "ok",
                  duplicate: false,
                  withdrawal: { amountKobo: a, feeKobo, netKobo: a - feeKobo, status: "pending" },
                });
                if (result.status !== "ok") return;
                available[user]! -= a;
                model.push({ id: result.withdrawal.id, user, amountKobo: a, feeKobo, status: "pending", key });
                return;
              }
              default: {
                if (model.length === 0) return;
                const w = model[step.pick % model.length]!;
                const t = TRANSITIONS[step.type];
                const result = await t.run(db, admin, w.id);
                if (w.status !== t.from) return void expect(result).toEqual({ status: "conflict", current: w.status });
                expect(result).toMatchObject({ status: "ok", withdrawal: { id: w.id, status: t.to } });
                w.status = t.to;
                if (t.to === "rejected") available[w.user]! += w.amountKobo;
              }
            }
          }

          async function check() {
            await expectBooksBalanced(db);
            const accounts = await db
              .select()
              .from(ledgerAccounts)
              .where(
                inArray(
                  ledgerAccounts.userId,
                  users.map((u) => u.id),
                ),
              );
            for (const [i, u] of users.entries()) {
              const avail = accounts.find((a) => a.userId === u.id && a.kind === "user_available")?.balanceKobo ?? 0n;
              const held = accounts.find((a) => a.userId === u.id && a.kind === "user_held")?.balanceKobo ?? 0n;
              expect(avail).toBe(available[i]);
              expect(avail >= 0n && held >= 0n).toBe(true);
              const open = model.filter((w) => w.user === i && (w.status === "pending" || w.status === "processing"));
              expect(held).toBe(open.reduce((s, w) => s + w.amountKobo, 0n));
            }
            const stored = model.length
              ? await db
                  .select({ id: withdrawals.id, status: withdrawals.status })
                  .from(withdrawals)
                  .where(
                    inArray(
                      withdrawals.id,
                      model.map((w) => w.id),
                    ),
                  )
              : [];
            for (const w of model) expect(stored.find((s) => s.id === w.id)?.status).toBe(w.status);
            const completed = model.filter((w) => w.status === "completed");
            expect((await platformBalance(db, "bank_payouts")) - payoutsStart).toBe(
              completed.reduce((s, w) => s + w.amountKobo - w.feeKobo, 0n),
            );
            expect((await platformBalance(db, "withdrawal_fees")) - feesStart).toBe(
              completed.reduce((s, w) => s + w.feeKobo, 0n),
            );
          }

          await applyEachStep(steps, apply, check);
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBe(RUNS);
    },
    Math.max(120_000, RUNS * 6_000),
  );
});
