import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { adverts, campaigns, ledgerAccounts, ledgerTransfers } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import type { Actor } from "~/domain/audit/audit.server";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { transfer } from "~/domain/ledger/transfer.server";
import { newId } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, member } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { cancelCampaign } from "./cancel-campaign.server";
import { confirmCampaignPayment } from "./confirm-payment.server";
import { createCampaign } from "./create-campaign.server";
import { completeEndedCampaigns } from "./expire-campaigns.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";
import { activateCampaign, rejectCampaign } from "./review-campaign.server";
import type { CampaignStatus } from "./rules";
import { claimAnswering } from "~test/claims";

// A model of campaigns on the ledger: random sequences of deposits, campaigns created and paid
// (from the balance or by a confirmed bank transfer), activated, viewed and claimed, cancelled,
// rejected, and ended by the clock; after every step the database must agree with the model.
// 25 runs of 15–35 steps keep this file quick on PGlite; CAMPAIGN_PROPERTY_RUNS=200 for a soak.
const RUNS = Number(process.env.CAMPAIGN_PROPERTY_RUNS ?? 25);
const ADVERTISERS = 2;
const FEE_BPS = 2000n; // the default campaign fee setting
const MINUTE = 60_000;

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts"]);
});

type Step =
  | { type: "deposit"; who: number; amountKobo: bigint }
  | { type: "create"; who: number; views: number; rewardKobo: bigint; endsInMinutes: number | null }
  | { type: "fund"; who: number; views: number; rewardKobo: bigint; endsInMinutes: number | null; bank: boolean }
  | { type: "pay" | "submit" | "confirm" | "activate" | "reject" | "claim"; pick: Pick }
  | { type: "cancel"; pick: Pick; byOther: boolean }
  | { type: "tick"; minutes: number };

/**
 * Which campaign a step acts on: mostly one the step applies to (so runs get somewhere), now and
 * then any campaign at all (so refusals of the wrong status are tried too).
 */
type Pick = { n: number; wild: boolean };
const pickArb: fc.Arbitrary<Pick> = fc.record({ n: fc.nat(20), wild: fc.nat(4).map((n) => n === 0) });
const campaignArbs = {
  who: fc.nat(ADVERTISERS - 1),
  views: fc.integer({ min: 1, max: 4 }),
  // The fee rounds up: 333 → 66.6 → 67; 101 → 20.2 → 21; 100 (the least reward) → exactly 20.
  rewardKobo: fc.constantFrom(100n, 101n, 333n, 1_000n, 1_250n),
  endsInMinutes: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
};
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("deposit" as const),
      who: fc.nat(ADVERTISERS - 1),
      amountKobo: fc.bigInt({ min: 1n, max: 6_000n }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("create" as const), ...campaignArbs }) },
  // Create and pay: the shortfall deposited and paid from the balance, or by a confirmed bank transfer.
  { weight: 3, arbitrary: fc.record({ type: fc.constant("fund" as const), ...campaignArbs, bank: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("pay" as const), pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("submit" as const), pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("confirm" as const), pick: pickArb }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("activate" as const), pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("reject" as const), pick: pickArb }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant("claim" as const), pick: pickArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("cancel" as const),
      pick: pickArb,
      byOther: fc.nat(4).map((n) => n === 0), // now and then the other advertiser tries
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("tick" as const), minutes: fc.integer({ min: 1, max: 3 }) }) },
);

type ModelCampaign = {
  id: string;
  reference: string;
  owner: number;
  views: number;
  rewardKobo: bigint;
  feeKobo: bigint;
  budgetKobo: bigint;
  endsAt: Date | null;
  status: CampaignStatus;
  advertId: string | null;
  /** null until funded (no escrow account yet). */
  escrowKobo: bigint | null;
  paid: number;
  refundKobo: bigint;
  refunds: number;
  /** Its bank payment was confirmed (booked once, whatever the campaign's status then). */
  paymentBooked: boolean;
};

const FUNDED: readonly CampaignStatus[] = ["in_review", "active", "completed", "cancelled", "rejected"];

describe("campaigns model (property-based)", () => {
  it(
    "random campaign lifecycles keep the escrow, the advertisers' balances and the ledger right after every step",
    async () => {
      let runs = 0;
      // What the runs got to, so a model that never reaches a paid view or a refund shows up.
      const seen: Record<string, number> = {};
      const saw = (what: string) => (seen[what] = (seen[what] ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 15, maxLength: 35 }), async (steps) => {
          runs++;
          // The clock of this run: completion runs over the whole database, so first finish every
          // campaign an earlier run left running with an end date.
          while ((await completeEndedCampaigns(db, new Date(Date.now() + 365 * 86_400_000))) > 0);
          let clock = new Date();
          const owners = await Promise.all(Array.from({ length: ADVERTISERS }, () => approvedAdvertiser(db)));
          const balance = owners.map(() => 0n);
          const model: ModelCampaign[] = [];
          const feesStart = await platformBalance(db, "campaign_fees");
          const receiptsStart = await platformBalance(db, "bank_receipts");
          const rewardsStart = await platformBalance(db, "advert_rewards");
          let received = 0n;

          const refund = (c: ModelCampaign) => {
            const left = c.escrowKobo ?? 0n;
            if (left > 0n) {
              c.refundKobo += left;
              c.refunds++;
              balance[c.owner]! += left;
              c.escrowKobo = 0n;
            }
            return left;
          };

          async function deposit(who: number, amountKobo: bigint) {
            await transfer(db, {
              from: { platform: "bank_receipts" },
              to: { userId: owners[who]!.id, kind: "available" },
              amountKobo,
              kind: "advertiser_deposit",
              idempotencyKey: `prop-deposit:${newId()}`,
            });
            balance[who]! += amountKobo;
            received += amountKobo;
          }

          async function create(step: Extract<Step, { type: "create" | "fund" }>): Promise<ModelCampaign | null> {
            const endsAt = step.endsInMinutes === null ? null : new Date(clock.getTime() + step.endsInMinutes * MINUTE);
            const input = campaignInput({ rewardKobo: step.rewardKobo, viewsWanted: step.views, endsAt });
            const created = await createCampaign(db, owners[step.who]!.id, input, clock);
            expect(created.status).toBe("ok");
            if (created.status !== "ok") return null;
            // The fee per view: 20% of the reward, rounded up to the kobo.
            const feeKobo = (step.rewardKobo * FEE_BPS + 9_999n) / 10_000n;
            const budgetKobo = BigInt(step.views) * (step.rewardKobo + feeKobo);
            expect(created.campaign).toMatchObject({ status: "draft", feePerViewKobo: feeKobo, budgetKobo });
            const c: ModelCampaign = {
              id: created.campaign.id,
              reference: created.campaign.reference,
              owner: step.who,
              views: step.views,
              rewardKobo: step.rewardKobo,
              feeKobo,
              budgetKobo,
              endsAt,
              status: "draft",
              advertId: null,
              escrowKobo: null,
              paid: 0,
              refundKobo: 0n,
              refunds: 0,
              paymentBooked: false,
            };
            model.push(c);
            return c;
          }

          const conflictOf = (c: ModelCampaign) => ({ status: "conflict", current: c.status });

          async function pay(c: ModelCampaign) {
            const result = await payCampaignFromBalance(db, owners[c.owner]!.id, c.id, clock);
            if (c.status !== "draft" && c.status !== "awaiting_payment")
              return void expect(result).toEqual(conflictOf(c));
            if (c.endsAt && c.endsAt <= clock) {
              saw("payment refused after its end");
              return void expect(result).toEqual({ status: "ended" });
            }
            if (balance[c.owner]! < c.budgetKobo) {
              return void expect(result).toEqual({ status: "insufficient-balance", balanceKobo: balance[c.owner] });
            }
            expect(result).toMatchObject({ status: "ok", campaign: { status: "in_review" } });
            balance[c.owner]! -= c.budgetKobo;
            c.status = "in_review";
            c.escrowKobo = c.budgetKobo;
            saw("paid from the balance");
          }

          async function submit(c: ModelCampaign) {
            const result = await submitCampaignForPayment(db, owners[c.owner]!.id, c.id, clock);
            if (c.status !== "draft") return void expect(result).toEqual(conflictOf(c));
            expect(result).toMatchObject({ status: "ok", campaign: { status: "awaiting_payment" } });
            c.status = "awaiting_payment";
          }

          async function confirm(c: ModelCampaign) {
            const result = await confirmCampaignPayment(db, admin, c.reference, clock);
            if (c.status === "draft" || c.paymentBooked) return void expect(result).toEqual(conflictOf(c));
            c.paymentBooked = true;
            received += c.budgetKobo;
            if (c.status !== "awaiting_payment" || (c.endsAt && c.endsAt <= clock)) {
              // Arrived after the campaign left awaiting payment: the money waits on the balance.
              expect(result).toMatchObject({ status: "ok", funded: false });
              balance[c.owner]! += c.budgetKobo;
              return saw("bank payment to the balance");
            }
            expect(result).toMatchObject({ status: "ok", funded: true, campaign: { status: "in_review" } });
            c.status = "in_review";
            c.escrowKobo = c.budgetKobo;
            saw("paid by bank transfer");
          }

          /** The statuses each step applies to (the claim: a campaign with an advert, live or not). */
          const APPLIES: Record<Extract<Step, { pick: Pick }>["type"], readonly CampaignStatus[]> = {
            pay: ["draft", "awaiting_payment"],
            submit: ["draft"],
            confirm: ["awaiting_payment", "cancelled", "rejected"],
            activate: ["in_review"],
            reject: ["awaiting_payment", "in_review", "active"],
            claim: ["active"],
            cancel: ["draft", "awaiting_payment", "in_review", "active"],
          };
          function choose(step: Extract<Step, { pick: Pick }>): ModelCampaign | null {
            // A cancel goes to a running campaign half the time, when there is one.
            const running =
              step.type === "cancel" && step.pick.n % 2 === 0 ? model.filter((c) => c.status === "active") : [];
            const fitting = running.length ? running : model.filter((c) => APPLIES[step.type].includes(c.status));
            const from = step.pick.wild || fitting.length === 0 ? model : fitting;
            return from.length ? from[step.pick.n % from.length]! : null;
          }

          async function apply(step: Step) {
            switch (step.type) {
              case "deposit":
                return deposit(step.who, step.amountKobo);
              case "create":
                return void (await create(step));
              case "fund": {
                const c = await create(step);
                if (!c) return;
                if (step.bank) {
                  await submit(c);
                  return confirm(c);
                }
                if (balance[c.owner]! < c.budgetKobo) await deposit(c.owner, c.budgetKobo - balance[c.owner]!);
                return pay(c);
              }
              case "tick": {
                clock = new Date(clock.getTime() + step.minutes * MINUTE);
                const ended = model.filter((c) => c.status === "active" && c.endsAt && c.endsAt <= clock);
                expect(await completeEndedCampaigns(db, clock)).toBe(ended.length);
                for (const c of ended) {
                  c.status = "completed";
                  refund(c);
                  saw("ended by the clock");
                }
                return;
              }
            }
            const c = choose(step);
            if (!c) return;
            switch (step.type) {
              case "pay":
                return pay(c);
              case "submit":
                return submit(c);
              case "confirm":
                return confirm(c);
              case "activate": {
                const result = await activateCampaign(db, admin, c.id, clock);
                if (c.status !== "in_review") return void expect(result).toEqual(conflictOf(c));
                if (c.endsAt && c.endsAt <= clock) {
                  saw("activation refused after its end");
                  return void expect(result).toEqual({ status: "ended" });
                }
                expect(result).toMatchObject({ status: "ok", campaign: { status: "active" } });
                if (result.status !== "ok") return;
                c.status = "active";
                c.advertId = result.campaign.advertId;
                return;
              }
              case "reject": {
                const result = await rejectCampaign(db, admin, c.id, "Not this one.", clock);
                if (c.status !== "awaiting_payment" && c.status !== "in_review" && c.status !== "active") {
                  return void expect(result).toEqual(conflictOf(c));
                }
                if (c.status === "active") saw("rejected while running");
                c.status = "rejected";
                expect(result).toMatchObject({ status: "ok", refundedKobo: refund(c) });
                return;
              }
              case "cancel": {
                if (step.byOther) {
                  const other = owners[(c.owner + 1) % ADVERTISERS]!.id;
                  return void expect(await cancelCampaign(db, other, c.id, clock)).toEqual({ status: "not-found" });
                }
                const result = await cancelCampaign(db, owners[c.owner]!.id, c.id, clock);
                if (!APPLIES.cancel.includes(c.status)) return void expect(result).toEqual(conflictOf(c));
                if (c.status === "active") saw("cancelled while running");
                c.status = "cancelled";
                expect(result).toMatchObject({ status: "ok", refundedKobo: refund(c) });
                return;
              }
              case "claim": {
                if (!c.advertId) return;
                const viewer = await member(db);
                const started = await startAdvertView(
                  db,
                  viewer.id,
                  c.advertId,
                  new Date(clock.getTime() - 60 * MINUTE),
                );
                if (c.status !== "active") {
                  // Full (its last view completed it), or retired (cancelled, or ended by the clock).
                  const full = c.status === "completed" && c.paid === c.views;
                  saw(full ? "claim refused: full" : "claim refused: retired");
                  return void expect(started.status).toBe(full ? "no-slots" : "not-found");
                }
                expect(started.status).toBe("ok");
                expect(await claimAnswering(db, viewer.id, c.advertId, clock)).toMatchObject({
                  status: "ok",
                  rewardKobo: c.rewardKobo,
                });
                expect((await balances(db, viewer.id)).availableKobo).toBe(c.rewardKobo);
                c.paid++;
                c.escrowKobo! -= c.rewardKobo + c.feeKobo;
                if (c.paid === c.views) {
                  c.status = "completed";
                  saw("completed by its last view");
                }
                return;
              }
            }
          }

          async function check() {
            await expectLedgerReconciled(db);
            for (const [i, owner] of owners.entries()) {
              expect((await balances(db, owner.id)).availableKobo).toBe(balance[i]);
            }
            if (model.length === 0) return;
            const ids = model.map((c) => c.id);
            const [rows, escrows, refunds, advertRows] = await Promise.all([
              db.select().from(campaigns).where(inArray(campaigns.id, ids)),
              db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.campaignId, ids)),
              db
                .select()
                .from(ledgerTransfers)
                .where(and(inArray(ledgerTransfers.referenceId, ids), eq(ledgerTransfers.kind, "campaign_refund"))),
              db
                .select()
                .from(adverts)
                .where(inArray(adverts.id, model.flatMap((c) => (c.advertId ? [c.advertId] : [])).concat(["-"]))),
            ]);
            for (const c of model) {
              const row = rows.find((r) => r.id === c.id)!;
              expect(row.status).toBe(c.status);
              const escrow = escrows.find((a) => a.campaignId === c.id)?.balanceKobo ?? null;
              expect(escrow).toBe(c.escrowKobo);
              const paidViews = advertRows.find((a) => a.id === c.advertId)?.currentClicks ?? 0;
              expect(paidViews).toBe(c.paid);
              expect(paidViews).toBeLessThanOrEqual(c.views);
              const refunded = refunds.filter((t) => t.referenceId === c.id);
              expect(refunded).toHaveLength(c.refunds);
              expect(refunded.length).toBeLessThanOrEqual(1);
              const refundKobo = refunded.reduce((s, t) => s + t.amountKobo, 0n);
              expect(refundKobo).toBe(c.refundKobo);
              if (refundKobo > 0n) expect(["cancelled", "completed", "rejected"]).toContain(c.status);
              if (FUNDED.includes(c.status) && c.escrowKobo !== null) {
                // The escrow is the budget less what each paid view took (reward + fee) and the refund.
                expect(escrow).toBe(c.budgetKobo - BigInt(paidViews) * (c.rewardKobo + c.feeKobo) - refundKobo);
                expect(escrow! >= 0n).toBe(true);
              } else {
                expect(escrow).toBeNull();
                expect(paidViews).toBe(0);
              }
              // Finished campaigns hold nothing.
              if (["cancelled", "completed", "rejected"].includes(c.status)) expect(escrow ?? 0n).toBe(0n);
            }
            const fees = model.reduce((s, c) => s + BigInt(c.paid) * c.feeKobo, 0n);
            expect((await platformBalance(db, "campaign_fees")) - feesStart).toBe(fees);
            expect((await platformBalance(db, "bank_receipts")) - receiptsStart).toBe(-received);
            expect(await platformBalance(db, "advert_rewards")).toBe(rewardsStart); // campaigns pay their own views
          }

          for (const step of steps) {
            await apply(step);
            await check();
          }
          for (const c of model) if (c.refunds > 0) saw(`refunded when ${c.status}`);
        }),
        { numRuns: RUNS },
      );
      expect(runs).toBe(RUNS);
      console.info(`campaigns model, ${RUNS} runs: ${JSON.stringify(seen)}`);
      for (const what of [
        "paid from the balance",
        "paid by bank transfer",
        "completed by its last view",
        "cancelled while running",
        "refunded when cancelled",
        "refunded when rejected",
      ]) {
        expect(seen[what] ?? 0).toBeGreaterThan(0);
      }
    },
    Math.max(120_000, RUNS * 6_000),
  );
});
