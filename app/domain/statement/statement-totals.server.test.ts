import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/audit/audit.server";
import { cancelCampaign } from "~/domain/campaigns/cancel-campaign.server";
import { balances } from "~/domain/ledger/accounts.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import type { Kobo } from "~/domain/shared/money";
import { rejectWithdrawal, completeWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createPaystackProvider } from "~/server/paystack.server";
import { viewAndClaim } from "~test/campaigns";
import { amountKobo, csvObjects } from "~test/csv";
import { openTestDatabase } from "~test/database";
import {
  advertAdmin,
  creditUser,
  formKey,
  member,
  payee,
  membershipAdmin,
  recordReferral,
  runningCampaign,
  setReceivingAccount,
  setReferralRule,
  setWithdrawalSettings,
  withdrawalAdmin,
} from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { upgradeOnline, withdrawalByTransfer, type ProviderFlows } from "~test/provider-flows";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { statementCsv, toStatementItem, type StatementLine } from "./statement-lines";
import type { StatementPeriod } from "./statement-period";
import { fullStatement, memberStatement, statementSummary } from "./statement.server";

/**
 * The statement adds up: for every member and every stretch of their history, what the In column
 * and the Out column hold — on the page and in the CSV — differ by exactly the balance's change,
 * whatever moved their money (adverts, referrals, upgrades by balance, bank transfer and online,
 * withdrawals paid, rejected and reversed by the bank, campaigns).
 */
const { db } = await openTestDatabase();
let standin: PaystackStandin;
let provider: PaymentProvider;
let flows: ProviderFlows;
let payouts: Actor;
let memberships: Actor;
let adverts: Actor;

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, resolveAnyAccount: true });
  provider = createPaystackProvider({
    secretKey: TEST_PAYSTACK_SECRET_KEY,
    baseUrl: standin.baseUrl,
    timeoutMs: 10_000,
  });
  flows = { db, provider, standin };
  payouts = await withdrawalAdmin(db);
  memberships = await membershipAdmin(db);
  adverts = await advertAdmin(db, ["manage_adverts"]);
  await setReceivingAccount(db);
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 1_000_000n, feeBps: 200 });
  await setReferralRule(db, { active: true, type: "fixed", fixedKobo: 5_000n });
});
afterAll(async () => standin.close());
afterEach(async () => expectLedgerReconciled(db));

const ok = <T extends { status: string }>(result: T) => {
  if (result.status !== "ok") throw new Error(result.status);
  return result as Extract<T, { status: "ok" }>;
};

/** The members whose money went every way money goes, each with a different mix. */
async function varietyOfMembers() {
  // Adverts from a campaign, a referral, an upgrade from the balance, one by bank transfer, and
  // withdrawals paid, rejected and left waiting.
  const earner = await payee(db, { name: "Amaka Eze" });
  const { advertId, campaign, advertiser } = await runningCampaign(db, adverts, { rewardKobo: 2_000n, viewsWanted: 5 });
  expect(await viewAndClaim(db, earner.id, advertId)).toMatchObject({ status: "ok" });
  await creditUser(db, earner.id, 400_000n);
  const friend = await member(db);
  await recordReferral(db, earner, friend.id);
  const byBalance = ok(await requestUpgrade(db, { userId: earner.id, tierId: "bronze", method: "balance" }));
  ok(await approveUpgrade(db, memberships, byBalance.request.id));
  ok(await requestUpgrade(db, { userId: earner.id, tierId: "silver", method: "bank_transfer" }));
  for (const [amountKobo, end] of [
    [40_000n, "paid"],
    [10_000n, "rejected"],
    [5_000n, "waiting"],
  ] as const) {
    const w = ok(await requestWithdrawal(db, { userId: earner.id, amountKobo, idempotencyKey: formKey() }));
    if (end === "waiting") continue;
    if (end === "rejected") {
      ok(await rejectWithdrawal(db, payouts, w.withdrawal.id));
      continue;
    }
    ok(await startProcessing(db, payouts, w.withdrawal.id));
    ok(await completeWithdrawal(db, payouts, w.withdrawal.id));
  }
  // The advertiser: a campaign paid from their balance, cancelled with one view paid, the rest back.
  ok(await cancelCampaign(db, advertiser.id, campaign.id));

  // Online upgrades, as Paystack answered them, and withdrawals paid by transfer and reversed.
  const online = await Promise.all(
    (["success", "held", "failed", "abandoned"] as const).map((end) => upgradeOnline(flows, end)),
  );
  for (const { member: m } of online) await creditUser(db, m.id, 1_000n);
  const reversedAndPaid = await withdrawalByTransfer(flows, payouts, 30_000n, ["success", "reversed", "success"]);
  const reversed = await withdrawalByTransfer(flows, payouts, 20_000n, ["success", "reversed"]);
  ok(await rejectWithdrawal(db, payouts, reversed.withdrawal.id));

  return {
    earner,
    advertiser,
    online: online.map((o) => o.member),
    reversedAndPaid: reversedAndPaid.member,
    reversed: reversed.member,
  };
}

const kobo = amountKobo;
const sum = (values: Kobo[]) => values.reduce((a, b) => a + b, 0n);

/** The available balance after the newest line before `at` (0 before the first line). */
const balanceBefore = (lines: readonly StatementLine[], at: Date | null) =>
  lines.find((line) => at === null || line.at < at)?.balanceKobo ?? 0n;

/** Every page of the statement for the period, as the page shows its lines. */
async function pageItems(userId: string, period: StatementPeriod) {
  const first = await memberStatement(db, userId, { period });
  const rest = [];
  for (let page = 2; page <= first.pageCount; page++) rest.push(await memberStatement(db, userId, { period, page }));
  return [first, ...rest].flatMap((p) => p.lines).map((line) => toStatementItem(line, "member"));
}

async function expectPeriodAddsUp(userId: string, all: readonly StatementLine[], period: StatementPeriod) {
  const label = period ? `${period.start.toISOString()}…${period.end.toISOString()}` : "all time";
  const summary = await statementSummary(db, userId, period);
  const opening = period ? balanceBefore(all, period.start) : 0n;
  const closing = period ? balanceBefore(all, period.end) : all[0]!.balanceKobo;
  expect({ opening: summary.openingKobo, closing: summary.closingKobo }, label).toEqual({ opening, closing });
  expect(summary.inKobo - summary.outKobo, label).toBe(closing - opening);

  // The page: the lines marked in and out.
  const items = await pageItems(userId, period);
  const pageIn = sum(items.filter((i) => i.direction === "in").map((i) => kobo(i.amount)));
  const pageOut = sum(items.filter((i) => i.direction === "out").map((i) => kobo(i.amount)));
  expect({ in: pageIn, out: pageOut }, `page ${label}`).toEqual({ in: summary.inKobo, out: summary.outKobo });

  // The CSV, read as a spreadsheet reads it.
  const rows = csvObjects(statementCsv(await fullStatement(db, userId, period)));
  expect(rows).toHaveLength(items.length);
  const csvIn = sum(rows.map((r) => kobo(r["In (NGN)"]!)));
  const csvOut = sum(rows.map((r) => kobo(r["Out (NGN)"]!)));
  expect({ in: csvIn, out: csvOut }, `CSV ${label}`).toEqual({ in: summary.inKobo, out: summary.outKobo });
  if (rows.length > 0) expect(kobo(rows[0]!["Balance (NGN)"]!), label).toBe(closing);
}

describe("the statement adds up", () => {
  it("for every member and period, In − Out is the balance's change, on the page and in the CSV", async () => {
    const members = await varietyOfMembers();
    const everyone = [members.earner, members.advertiser, ...members.online, members.reversedAndPaid, members.reversed];
    for (const m of everyone) {
      const all = await fullStatement(db, m.id);
      expect(all.length, m.id).toBeGreaterThan(0);
      expect(all[0]!.balanceKobo).toBe((await balances(db, m.id)).availableKobo);
      await expectPeriodAddsUp(m.id, all, null);
      // Periods whose edges fall exactly on movements (the start included, the end not): from
      // each line's time to the next one's, and to after the last.
      const times = [...new Set(all.map((line) => line.at.getTime()))].sort((a, b) => a - b);
      const edges = [...times, times.at(-1)! + 1];
      for (let i = 0; i < edges.length - 1; i++) {
        for (const j of new Set([i + 1, edges.length - 1])) {
          await expectPeriodAddsUp(m.id, all, { start: new Date(edges[i]!), end: new Date(edges[j]!) });
        }
      }
    }
  });

  it("shows a withdrawal as one movement out, its payment and fee as detail on held money", async () => {
    const { member: m, withdrawal } = await withdrawalByTransfer(flows, payouts, 30_000n, [
      "success",
      "reversed",
      "success",
    ]);
    const items = (await fullStatement(db, m.id))
      .filter((line) => line.withdrawal?.reference === withdrawal.reference)
      .map((line) => toStatementItem(line, "member"));
    expect(items.map((i) => [i.kind, i.direction, i.amount])).toEqual([
      ["withdrawal_payout", "none", "₦300.00"],
      ["withdrawal_reversal", "none", "₦300.00"],
      ["withdrawal_payout", "none", "₦300.00"],
      ["withdrawal_hold", "out", "−₦300.00"],
    ]);
    expect(items[0]!.description).toBe(`Withdrawal ${withdrawal.reference} paid to your bank: ₦294.00 sent, ₦6.00 fee`);
  });

  it("says where an online upgrade's money came from, and that a failed one paid nothing", async () => {
    const source = async (end: "success" | "held" | "failed" | "abandoned" | "open") => {
      const { member: m } = await upgradeOnline(flows, end);
      const [line] = await fullStatement(db, m.id);
      const csv = csvObjects(statementCsv([line!]))[0]!;
      return [line!.kind, toStatementItem(line!, "member").description, csv.Affects];
    };
    expect(await source("success")).toEqual([
      "upgrade_online",
      "Upgrade to Advert Bronze paid online (not from your balance)",
      "Paid online through Paystack",
    ]);
    expect(await source("held")).toEqual([
      "upgrade_online",
      "Upgrade to Advert Bronze paid online, payment held for review (not from your balance)",
      "Paid online through Paystack, held for review",
    ]);
    expect((await source("failed")).slice(1)).toEqual([
      "Upgrade to Advert Bronze: online payment failed, nothing paid (not from your balance)",
      "Nothing: the online payment did not go through",
    ]);
    expect((await source("abandoned")).slice(1)).toEqual([
      "Upgrade to Advert Bronze: online payment not completed, nothing paid (not from your balance)",
      "Nothing: the online payment did not go through",
    ]);
    expect((await source("open")).slice(1)).toEqual([
      "Upgrade to Advert Bronze: online payment not confirmed yet (not from your balance)",
      "Nothing yet: the online payment is not confirmed",
    ]);
  });
});
