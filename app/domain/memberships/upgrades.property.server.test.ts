import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { referrals, upgradeRequests, users as usersTable } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { HOLD_REASONS } from "~/domain/referrals/referral-abuse";
import type { ReferralStatus } from "~/domain/referrals/referral-statuses";
import { releaseHeldReward, voidHeldReward } from "~/domain/referrals/review-held-reward.server";
import { percentOfKobo } from "~/domain/shared/money";
import { openTestDatabase } from "~test/database";
import {
  creditUser,
  member,
  membershipAdmin,
  recordReferral,
  setReceivingAccount,
  setReferralRule,
} from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { applyEachStep, stepOf } from "~test/model";
import { DEFAULT_TIERS } from "./default-tiers";
import { approveUpgrade, rejectUpgrade } from "./process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "./request-upgrade.server";
import type { UpgradeMethod, UpgradeStatus } from "./upgrades";

// 15 runs of 20–40 steps keep this file well under a minute on PGlite;
// UPGRADE_PROPERTY_RUNS=300 for a soak.
const RUNS = Number(process.env.UPGRADE_PROPERTY_RUNS ?? 15);
/**
 * Member 0 referred members 1 and 2 (either referral may carry a hold reason from its sign-up);
 * member 3 was referred by nobody.
 */
const USERS = 4;
const REFERRED = [1, 2] as const;

const { db } = await openTestDatabase();
let admin: Actor;
let reviewer: Actor;
beforeAll(async () => {
  admin = await membershipAdmin(db);
  reviewer = await membershipAdmin(db, ["manage_referrals"]);
  await setReceivingAccount(db);
});

type Step =
  | { type: "credit"; user: number; amountKobo: bigint }
  | { type: "request"; user: number; tier: number; method: UpgradeMethod }
  | { type: "cancel"; pick: number; asOther: boolean }
  | { type: "approve" | "reject"; pick: number }
  | { type: "rule"; active: boolean; fixed: boolean }
  /** The member signs in from one of two addresses (a shared one holds a referral's reward). */
  | { type: "address"; user: number; ip: number }
  | { type: "release" | "void"; referred: number };

const userArb = fc.nat(USERS - 1);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  stepOf(2, "credit", { user: userArb, amountKobo: fc.bigInt({ min: 1n, max: 120_000n }) }),
  stepOf(4, "request", {
    user: userArb,
    tier: fc.nat(DEFAULT_TIERS.length - 1),
    method: fc.constantFrom<UpgradeMethod>("balance", "bank_transfer"),
  }),
  stepOf(1, "cancel", { pick: fc.nat(30), asOther: fc.boolean() }),
  stepOf(2, "approve", { pick: fc.nat(30) }),
  stepOf(2, "reject", { pick: fc.nat(30) }),
  stepOf(1, "rule", { active: fc.boolean(), fixed: fc.boolean() }),
  stepOf(1, "address", { user: userArb, ip: fc.nat(1) }),
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constantFrom("release" as const, "void" as const),
      referred: fc.constantFrom(...REFERRED),
    }),
  },
);

type ModelRequest = {
  id: string;
  user: number;
  tier: number;
  priceKobo: bigint;
  method: UpgradeMethod;
  status: UpgradeStatus;
};
const FIXED = 10_000n;
const PERCENT_BPS = 4_000;

describe("upgrades model (property-based)", () => {
  it(
    "random credits, requests, cancels, approvals, rejections, rule changes, sign-in addresses, releases and voids keep the books, balances, tiers and rewards right after every step",
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(stepArb, { minLength: 20, maxLength: 40 }),
          fc.tuple(fc.boolean(), fc.boolean()),
          async (steps, flagged) => {
            runs++;
            let rule = { active: true, fixed: false };
            await setReferralRule(db, { active: true, type: "percentage", percentBps: PERCENT_BPS, fixedKobo: FIXED });
            const users: Awaited<ReturnType<typeof member>>[] = [];
            for (let i = 0; i < USERS; i++) users.push(await member(db));
            /** Each referral as the model sees it: its status, its reward once computed, whether sign-up flagged it. */
            const referral: Record<
              number,
              { id: string; status: ReferralStatus; rewardKobo: bigint; flagged: boolean }
            > = {};
            for (const [k, i] of REFERRED.entries()) {
              const id = await recordReferral(db, users[0]!, users[i]!.id);
              if (flagged[k])
                await db.update(referrals).set({ holdReason: HOLD_REASONS.sameEmail }).where(eq(referrals.id, id));
              referral[i] = { id, status: "pending", rewardKobo: 0n, flagged: flagged[k]! };
            }
            const address: (string | null)[] = users.map(() => null);
            const available = users.map(() => 0n);
            const tier = users.map(() => 0);
            /** Whether the member's referral is settled (paid, or their first upgrade passed with the rule off). */
            const settled = users.map((_, i) => i === 0 || i === 3);
            const model: ModelRequest[] = [];
            const start = {
              revenue: await platformBalance(db, "membership_revenue"),
              receipts: await platformBalance(db, "bank_receipts"),
              rewards: await platformBalance(db, "referral_rewards"),
            };
            let revenue = 0n;
            let receipts = 0n;
            let rewards = 0n;

            async function apply(step: Step) {
              switch (step.type) {
                case "credit": {
                  await creditUser(db, users[step.user]!.id, step.amountKobo);
                  available[step.user]! += step.amountKobo;
                  return;
                }
                case "address": {
                  address[step.user] = `10.9.9.${step.ip}`;
                  await db
                    .update(usersTable)
                    .set({ recentLoginIps: [address[step.user]!] })
                    .where(eq(usersTable.id, users[step.user]!.id));
                  return;
                }
                case "release":
                case "void": {
                  const ref = referral[step.referred]!;
                  const result =
                    step.type === "release"
                      ? await releaseHeldReward(db, reviewer, ref.id)
                      : await voidHeldReward(db, reviewer, ref.id);
                  if (ref.status !== "held")
                    return void expect(result).toEqual({ status: "conflict", current: ref.status });
                  expect(result).toMatchObject({ status: "ok" });
                  if (step.type === "void") return void (ref.status = "voided");
                  ref.status = "approved";
                  rewards -= ref.rewardKobo;
                  available[0]! += ref.rewardKobo;
                  return;
                }
                case "rule": {
                  rule = { active: step.active, fixed: step.fixed };
                  await setReferralRule(db, { active: step.active, type: step.fixed ? "fixed" : "percentage" });
                  return;
                }
                case "request": {
                  const wanted = DEFAULT_TIERS[step.tier]!;
                  const result = await requestUpgrade(db, {
                    userId: users[step.user]!.id,
                    tierId: wanted.id,
                    method: step.method,
                  });
                  const open = model.find((r) => r.user === step.user && r.status === "pending");
                  if (open)
                    return void expect(result).toMatchObject({ status: "pending-exists", request: { id: open.id } });
                  if (step.tier <= tier[step.user]!) return void expect(result).toEqual({ status: "not-higher-tier" });
                  const priceKobo = wanted.priceKobo - DEFAULT_TIERS[tier[step.user]!]!.priceKobo;
                  if (step.method === "balance" && priceKobo > available[step.user]!) {
                    return void expect(result).toEqual({
                      status: "insufficient-funds",
                      availableKobo: available[step.user]!,
                      priceKobo,
                    });
                  }
                  expect(result).toMatchObject({
                    status: "ok",
                    request: { priceKobo, method: step.method, status: "pending" },
                  });
                  if (result.status !== "ok") return;
                  if (step.method === "balance") available[step.user]! -= priceKobo;
                  model.push({
                    id: result.request.id,
                    user: step.user,
                    tier: step.tier,
                    priceKobo,
                    method: step.method,
                    status: "pending",
                  });
                  return;
                }
                case "cancel": {
                  if (model.length === 0) return;
                  const r = model[step.pick % model.length]!;
                  const who = step.asOther ? (r.user + 1) % USERS : r.user;
                  const result = await cancelUpgrade(db, { userId: users[who]!.id, requestId: r.id });
                  if (who !== r.user) return void expect(result).toEqual({ status: "not-found" });
                  if (r.status !== "pending")
                    return void expect(result).toEqual({ status: "conflict", current: r.status });
                  expect(result).toMatchObject({ status: "ok" });
                  r.status = "cancelled";
                  if (r.method === "balance") available[r.user]! += r.priceKobo;
                  return;
                }
                default: {
                  if (model.length === 0) return;
                  const r = model[step.pick % model.length]!;
                  const result =
                    step.type === "approve"
                      ? await approveUpgrade(db, admin, r.id)
                      : await rejectUpgrade(db, admin, r.id);
                  if (r.status !== "pending")
                    return void expect(result).toEqual({ status: "conflict", current: r.status });
                  expect(result).toMatchObject({ status: "ok" });
                  if (step.type === "reject") {
                    r.status = "rejected";
                    if (r.method === "balance") available[r.user]! += r.priceKobo;
                    return;
                  }
                  r.status = "approved";
                  tier[r.user] = r.tier;
                  revenue += r.priceKobo;
                  if (r.method === "bank_transfer") receipts -= r.priceKobo;
                  if (!settled[r.user]) {
                    settled[r.user] = true;
                    if (rule.active) {
                      const reward = rule.fixed ? FIXED : percentOfKobo(r.priceKobo, PERCENT_BPS);
                      const capped = reward > r.priceKobo ? r.priceKobo : reward;
                      const ref = referral[r.user]!;
                      ref.rewardKobo = capped;
                      // Flagged at sign-up, or signed in from the referrer's address by now: held, not paid.
                      const shared = address[r.user] !== null && address[r.user] === address[0];
                      if (ref.flagged || shared) {
                        ref.status = "held";
                      } else {
                        ref.status = "approved";
                        rewards -= capped;
                        available[0]! += capped;
                      }
                    }
                  }
                }
              }
            }

            async function check() {
              await expectBooksBalanced(db);
              for (const [i, u] of users.entries()) {
                const held = model
                  .filter((r) => r.user === i && r.status === "pending" && r.method === "balance")
                  .reduce((s, r) => s + r.priceKobo, 0n);
                expect(await balances(db, u.id)).toEqual({ availableKobo: available[i], heldKobo: held });
              }
              const tiers = await db
                .select({ id: usersTable.id, tier: usersTable.membershipTierId })
                .from(usersTable)
                .where(
                  inArray(
                    usersTable.id,
                    users.map((u) => u.id),
                  ),
                );
              for (const [i, u] of users.entries())
                expect(tiers.find((t) => t.id === u.id)?.tier).toBe(DEFAULT_TIERS[tier[i]!]!.id);
              for (const r of model) {
                const [row] = await db
                  .select({ status: upgradeRequests.status })
                  .from(upgradeRequests)
                  .where(eq(upgradeRequests.id, r.id));
                expect(row?.status).toBe(r.status);
              }
              for (const i of REFERRED) {
                const [row] = await db
                  .select({ status: referrals.status, rewardKobo: referrals.rewardKobo })
                  .from(referrals)
                  .where(eq(referrals.id, referral[i]!.id));
                expect(row?.status).toBe(referral[i]!.status);
                if (row?.status !== "pending") expect(row?.rewardKobo).toBe(referral[i]!.rewardKobo);
              }
              expect((await platformBalance(db, "membership_revenue")) - start.revenue).toBe(revenue);
              expect((await platformBalance(db, "bank_receipts")) - start.receipts).toBe(receipts);
              expect((await platformBalance(db, "referral_rewards")) - start.rewards).toBe(rewards);
            }

            await applyEachStep(steps, apply, check);
          },
        ),
        { numRuns: RUNS },
      );
      expect(runs).toBe(RUNS);
    },
    Math.max(120_000, RUNS * 6_000),
  );
});
