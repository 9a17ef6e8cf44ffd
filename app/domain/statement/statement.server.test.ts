import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { referrals } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { cancelUpgrade, requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { payReferralReward } from "~/domain/referrals/money.server";
import { newId } from "~/domain/shared/ids";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { openTestDatabase } from "~test/database";
import {
  createUser,
  creditUser,
  formKey,
  membershipAdmin,
  payee,
  setReceivingAccount,
  setWithdrawalSettings,
  withdrawalAdmin,
} from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { statementCsv, toStatementItem, type StatementLine } from "./statement-lines";
import { fullStatement, memberStatement, STATEMENT_PAGE_SIZE } from "./statement.server";

const { db } = await openTestDatabase();
let payouts: Actor;
let memberships: Actor;
beforeAll(async () => {
  payouts = await withdrawalAdmin(db);
  memberships = await membershipAdmin(db);
  await setReceivingAccount(db);
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 1_000_000n, feeBps: 200 });
});
afterEach(async () => expectLedgerReconciled(db));

async function referral(referrerId: string, status: "approved" | "held" | "voided", rewardKobo: bigint) {
  const referred = await createUser(db, { name: `Referred ${status}` });
  const id = newId();
  await db.insert(referrals).values({
    id,
    referrerId,
    referredId: referred.id,
    referralCode: "TESTCODE22",
    status,
    rewardKobo,
    approvedAt: status === "approved" ? new Date() : null,
    holdReason: status === "approved" ? null : "Same network as the referrer",
  });
  if (status === "approved") await payReferralReward(db, { id, referrerId }, rewardKobo);
}

/** A member whose money went every way a member's money goes. */
async function busyMember() {
  const m = await payee(db, { balanceKobo: 500_000n });
  await referral(m.id, "approved", 5_000n);
  await referral(m.id, "held", 3_000n);
  await referral(m.id, "voided", 2_000n);

  const cancelled = await requestUpgrade(db, { userId: m.id, tierId: "silver", method: "balance" });
  if (cancelled.status !== "ok") throw new Error(cancelled.status);
  await cancelUpgrade(db, { userId: m.id, requestId: cancelled.request.id });
  const paid = await requestUpgrade(db, { userId: m.id, tierId: "bronze", method: "balance" });
  if (paid.status !== "ok") throw new Error(paid.status);
  expect(await approveUpgrade(db, memberships, paid.request.id)).toMatchObject({ status: "ok" });
  const byBank = await requestUpgrade(db, { userId: m.id, tierId: "silver", method: "bank_transfer" });
  if (byBank.status !== "ok") throw new Error(byBank.status);

  const done = await requestWithdrawal(db, { userId: m.id, amountKobo: 20_000n, idempotencyKey: formKey() });
  if (done.status !== "ok") throw new Error(done.status);
  await startProcessing(db, payouts, done.withdrawal.id);
  await completeWithdrawal(db, payouts, done.withdrawal.id);
  const refused = await requestWithdrawal(db, { userId: m.id, amountKobo: 10_000n, idempotencyKey: formKey() });
  if (refused.status !== "ok") throw new Error(refused.status);
  await rejectWithdrawal(db, payouts, refused.withdrawal.id);
  return {
    member: m,
    prices: { silver: cancelled.request.priceKobo, bronze: paid.request.priceKobo, byBank: byBank.request.priceKobo },
    withdrawals: { done: done.withdrawal, refused: refused.withdrawal },
  };
}

/** Newest first: each line's balance is the one below it plus what the line did to the balance. */
function expectRunningBalances(lines: readonly StatementLine[], openingKobo = 0n) {
  lines.forEach((line, i) => {
    const before = lines[i + 1]?.balanceKobo ?? openingKobo;
    expect(line.balanceKobo, `${line.kind} ${i}`).toBe(line.effect === "available" ? before + line.amountKobo : before);
  });
}

describe("a member's statement", () => {
  it("lists every kind of movement with its sign, effect and the running balance", async () => {
    const { member, prices, withdrawals } = await busyMember();
    const lines = await fullStatement(db, member.id);
    const byKind = (kind: string) => lines.filter((line) => line.kind === kind);
    const one = (kind: string) => {
      const found = byKind(kind);
      expect(found, kind).toHaveLength(1);
      return found[0]!;
    };

    expect(one("advert_reward")).toMatchObject({ amountKobo: 500_000n, effect: "available" });
    expect(one("referral_reward")).toMatchObject({
      amountKobo: 5_000n,
      effect: "available",
      referredName: "Referred approved",
    });
    // Held and voided rewards: a line each, the amount they are about, and no effect on the balance.
    expect(one("referral_held")).toMatchObject({ amountKobo: 3_000n, effect: "none" });
    expect(one("referral_voided")).toMatchObject({ amountKobo: 2_000n, effect: "none" });

    expect(byKind("upgrade_hold").map((l) => [l.amountKobo, l.effect])).toEqual([
      [-prices.bronze, "available"],
      [-prices.silver, "available"],
    ]);
    expect(one("upgrade_release")).toMatchObject({ amountKobo: prices.silver, effect: "available" });
    expect(one("upgrade_payment")).toMatchObject({ amountKobo: -prices.bronze, effect: "held" });
    expect(one("upgrade_bank_transfer")).toMatchObject({
      amountKobo: -prices.byBank,
      effect: "none",
      upgrade: { method: "bank_transfer", status: "pending", tierName: "Advert Silver" },
    });

    expect(byKind("withdrawal_hold").map((l) => l.amountKobo)).toEqual([-10_000n, -20_000n]);
    expect(one("withdrawal_release")).toMatchObject({ amountKobo: 10_000n, effect: "available" });
    // The payment to the bank and its fee: one line on held money, the whole amount the request held.
    expect(one("withdrawal_payout")).toMatchObject({ amountKobo: -20_000n, effect: "held" });
    expect(byKind("withdrawal_fee")).toEqual([]);
    const paidHold = byKind("withdrawal_hold").find((l) => l.withdrawal?.reference === withdrawals.done.reference)!;
    expect(paidHold.withdrawal).toMatchObject({ status: "completed", payoutBatch: null, transferCode: null });
    expect(paidHold.withdrawal?.processingAt).toBeInstanceOf(Date);
    expect(paidHold.withdrawal?.paidAt).toBeInstanceOf(Date);

    expectRunningBalances(lines);
    const { availableKobo, heldKobo } = await balances(db, member.id);
    expect(lines[0]!.balanceKobo).toBe(availableKobo);
    expect(lines[0]!.heldKobo).toBe(heldKobo);

    // What the page shows of a few lines.
    const items = lines.map((line) => toStatementItem(line, "member"));
    const item = (kind: string) => items.find((i) => i.kind === kind)!;
    expect(item("advert_reward")).toMatchObject({ amount: "+₦5,000.00", direction: "in" });
    expect(item("referral_held").description).toBe(
      "Referral reward for Referred held on hold for review (not paid yet)",
    );
    const fee = `₦${(Number(withdrawals.done.feeKobo) / 100).toFixed(2)}`;
    const net = `₦${(Number(20_000n - withdrawals.done.feeKobo) / 100).toFixed(2)}`;
    expect(item("withdrawal_payout")).toMatchObject({
      amount: "₦200.00",
      direction: "none",
      description: `Withdrawal ${withdrawals.done.reference} paid to your bank: ${net} sent, ${fee} fee`,
      source: "Held money: your balance does not change",
    });
    expect(items.find((i) => i.withdrawal?.reference === withdrawals.done.reference)).toMatchObject({
      amount: "−₦200.00",
      direction: "out",
      description: `Withdrawal ${withdrawals.done.reference} requested: ${net} to your bank, ${fee} fee`,
    });
    // Staff read the same line about the member.
    const staffLine = toStatementItem(one("withdrawal_payout"), "staff");
    expect(staffLine.description).toBe(
      `Withdrawal ${withdrawals.done.reference} paid to their bank: ${net} sent, ${fee} fee`,
    );
    const timeline = items.find((i) => i.withdrawal?.reference === withdrawals.done.reference)!.withdrawal!;
    expect(timeline.steps.map((s) => s.label)).toEqual(["Requested", "Processing", "Paid"]);
    const rejected = items.find((i) => i.withdrawal?.reference === withdrawals.refused.reference)!.withdrawal!;
    expect(rejected.steps.map((s) => s.label)).toEqual(["Requested", "Rejected, amount returned to your balance"]);
  });

  it("keeps the running balance right on every page, newest first", async () => {
    const m = await payee(db, { balanceKobo: 1_000n });
    for (let i = 1; i <= 2 * STATEMENT_PAGE_SIZE + 3; i++) await creditUser(db, m.id, BigInt(i) * 100n);
    const w = await requestWithdrawal(db, { userId: m.id, amountKobo: 5_000n, idempotencyKey: formKey() });
    expect(w.status).toBe("ok");

    const all = await fullStatement(db, m.id);
    const first = await memberStatement(db, m.id);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: all.length });
    const pages = [first, await memberStatement(db, m.id, { page: 2 }), await memberStatement(db, m.id, { page: 3 })];
    const joined = pages.flatMap((p) => p.lines);
    expect(joined.map((l) => [l.id, l.balanceKobo])).toEqual(all.map((l) => [l.id, l.balanceKobo]));
    expect(pages[2]!.lines.at(-1)).toMatchObject({ amountKobo: 1_000n, balanceKobo: 1_000n });
    expect(first.lines[0]).toMatchObject({ kind: "withdrawal_hold", amountKobo: -5_000n });
    expectRunningBalances(all);
    // A page past the end shows the last one.
    expect((await memberStatement(db, m.id, { page: 99 })).page).toBe(3);
  });

  it("is empty for a member with no money yet, and another member's money is never in it", async () => {
    const quiet = await createUser(db, { isApproved: true });
    await payee(db, { balanceKobo: 9_000n });
    expect(await memberStatement(db, quiet.id)).toEqual({ page: 1, pageCount: 1, total: 0, lines: [] });
  });

  it("downloads as CSV with unsigned In/Out columns and formula-safe cells", async () => {
    const m = await payee(db, { balanceKobo: 50_000n });
    await referral(m.id, "approved", 1_000n);
    const w = await requestWithdrawal(db, { userId: m.id, amountKobo: 10_000n, idempotencyKey: formKey() });
    if (w.status !== "ok") throw new Error(w.status);
    const csv = statementCsv(await fullStatement(db, m.id));
    const [header, hold, reward, credit] = csv.split("\r\n");
    expect(header).toBe(
      "Date (Africa/Lagos),Description,In (NGN),Out (NGN),Not in the balance (NGN),Affects,Balance (NGN),Held (NGN),Reference",
    );
    expect(hold).toContain(
      `"Withdrawal ${w.withdrawal.reference} requested: ₦98.00 to your bank, ₦2.00 fee",,100.00,,Balance,410.00,100.00,${w.withdrawal.reference}`,
    );
    expect(reward).toContain("Referral reward for Referred approved,10.00,,,Balance,510.00,0.00,");
    expect(credit).toContain("Advert reward,500.00,,,Balance,500.00,0.00,");
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
