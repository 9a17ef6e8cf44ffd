import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  appSettings,
  auditLog,
  autoPayoutDays,
  bankAccounts,
  emails,
  payoutJobs,
  referrals,
  users,
  withdrawals,
} from "~/db/schema";
import { lagosDay } from "~/lib/lagos-time";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { clockAhead } from "~test/clock";
import { createUser, formKey, payee, recordReferral, setWithdrawalSettings, withdrawalAdmin } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { readyForAutoPayout } from "~test/payouts";
import { auditRowsFor, onlyAuditRow } from "~test/audit";
import { autoPayWithdrawal } from "./auto-pay.server";
import { freezePayouts, releasePayouts } from "./payout-freeze.server";
import { payoutProgressOfJobs } from "./payout-progress.server";
import { queuePayouts, sendNextQueuedPayout } from "./payout-queue.server";
import { requestWithdrawal } from "./request-withdrawal.server";

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let provider: ReturnType<typeof createPaystackProvider>;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY, resolveAnyAccount: true });
  provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
});
afterAll(async () => standin.close());
beforeEach(async () => {
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
  await db
    .update(appSettings)
    .set({
      autoPayoutMaxKobo: 5_000n,
      autoPayoutDailyMaxKobo: null,
      bankChangeHoldHours: 24,
      autoPayoutMinAccountAgeDays: 3,
    })
    .where(eq(appSettings.id, 1));
});
afterEach(async () => expectBooksBalanced(db));

/**
 * A member of a week, whose week-old bank details Paystack resolved in their own name, with ₦100,
 * who has just asked for `amountKobo`.
 */
async function requested(amountKobo = 2_000n, options: { resolved?: boolean } = {}) {
  const member = await payee(db, { balanceKobo: 10_000n });
  await readyForAutoPayout(db, member.id);
  if (!(options.resolved ?? true)) {
    await db
      .update(bankAccounts)
      .set({ nameResolvedAt: null, holderNameMatches: null })
      .where(eq(bankAccounts.userId, member.id));
  }
  const r = await requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(r.status);
  return { member, id: r.withdrawal.id };
}
const jobsOf = (id: string) => db.select().from(payoutJobs).where(eq(payoutJobs.withdrawalId, id));
const statusOf = async (id: string) =>
  (await db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status;

describe("automatic payouts", () => {
  it("queues a qualifying withdrawal up to the amount with its move to processing; the worker's step sends it", async () => {
    const { id, member } = await requested(5_000n);
    const result = await autoPayWithdrawal(db, id);
    expect(result).toEqual({ status: "queued" });
    expect(await statusOf(id)).toBe("processing");
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ state: "queued", queuedById: null });
    // Audited as an admin's press is, the member whose request it paid as the actor, with its job.
    expect(await onlyAuditRow(db, id, "withdrawal.auto_pay")).toMatchObject({
      actorId: member.id,
      targetType: "withdrawal",
      before: { status: "pending" },
      after: { status: "processing", net: "₦49.00", job: job!.id },
    });
    expect(await payoutProgressOfJobs(db, [job!.id])).toEqual(new Map([[job!.id, "waiting"]]));
    const sent = await sendNextQueuedPayout(db, provider);
    expect(sent).toMatchObject({ job: { withdrawalId: id }, result: { status: "sent" } });
    expect(await statusOf(id)).toBe("sent");
    expect(await jobsOf(id)).toMatchObject([{ state: "done", outcome: "sent" }]);
    expect(await payoutProgressOfJobs(db, [job!.id, "no-such-job"])).toEqual(new Map([[job!.id, "sent"]]));
  });

  it("is off when the setting is empty", async () => {
    await db.update(appSettings).set({ autoPayoutMaxKobo: null }).where(eq(appSettings.id, 1));
    const { id } = await requested();
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "off" });
    expect(await statusOf(id)).toBe("pending");
  });

  it("leaves for an admin: above the amount, restricted, held for review, account name not resolved", async () => {
    const above = await requested(5_001n);
    expect(await autoPayWithdrawal(db, above.id)).toEqual({
      status: "left-for-admin",
      reason: "above-limit",
    });

    const restricted = await requested();
    await db.update(users).set({ isRestricted: true }).where(eq(users.id, restricted.member.id));
    expect(await autoPayWithdrawal(db, restricted.id)).toEqual({
      status: "left-for-admin",
      reason: "restricted",
    });

    const held = await requested();
    const referrer = await createUser(db, { isApproved: true });
    await recordReferral(db, referrer, held.member.id);
    await db
      .update(referrals)
      .set({ status: "held", holdReason: "Same device as the referrer" })
      .where(eq(referrals.referredId, held.member.id));
    expect(await autoPayWithdrawal(db, held.id)).toEqual({
      status: "left-for-admin",
      reason: "held-for-review",
    });

    const unresolved = await requested(2_000n, { resolved: false });
    expect(await autoPayWithdrawal(db, unresolved.id)).toEqual({
      status: "left-for-admin",
      reason: "account-not-resolved",
    });
    for (const w of [above, restricted, held, unresolved]) {
      expect(await statusOf(w.id)).toBe("pending");
      expect(await auditRowsFor(db, w.id)).toEqual([]);
    }
  });

  it("no answer from Paystack leaves it processing, outcome unknown, for the check and an admin", async () => {
    const { id } = await requested();
    standin.failNext("transfer", "server-error");
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "queued" });
    expect(await sendNextQueuedPayout(db, provider)).toMatchObject({ result: { status: "unknown" } });
    expect(await statusOf(id)).toBe("processing");
    // Called again (a double submit): it is no longer pending, nothing else is sent.
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "left-for-admin", reason: "not-pending" });
  });
});

const DAY_MS = 24 * 3_600_000;

describe("payouts only to the owner", () => {
  it("a withdrawal to bank details changed within the hours waits, and says until when; after them it is paid", async () => {
    const { member, id } = await requested();
    const changedAt = new Date(Date.now() - 2 * 3_600_000);
    await db.update(bankAccounts).set({ updatedAt: changedAt }).where(eq(bankAccounts.userId, member.id));
    expect(await autoPayWithdrawal(db, id)).toEqual({
      status: "left-for-admin",
      reason: "bank-details-changed",
      until: new Date(changedAt.getTime() + DAY_MS),
    });
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]).toMatchObject({
      status: "pending",
      autoPayHold: "bank-details-changed",
    });

    // The same request a day later (the hours are over): paid.
    const later = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (later.status !== "ok") throw new Error(later.status);
    expect(await autoPayWithdrawal(db, later.withdrawal.id, clockAhead(23 * 3_600_000))).toEqual({ status: "queued" });
    expect(
      (await db.select().from(withdrawals).where(eq(withdrawals.id, later.withdrawal.id)))[0]!.autoPayHold,
    ).toBeNull();
  });

  it("a name changed within the hours waits too (the name the bank's is compared with)", async () => {
    const { member, id } = await requested();
    const renamedAt = new Date(Date.now() - 3_600_000);
    await db.update(users).set({ nameChangedAt: renamedAt }).where(eq(users.id, member.id));
    expect(await autoPayWithdrawal(db, id)).toEqual({
      status: "left-for-admin",
      reason: "name-changed",
      until: new Date(renamedAt.getTime() + DAY_MS),
    });
  });

  it("an account younger than the days waits; the setting at 0 lets it through", async () => {
    const { member, id } = await requested();
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(users.id, member.id));
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "left-for-admin", reason: "new-account" });
    await db.update(appSettings).set({ autoPayoutMinAccountAgeDays: 0 }).where(eq(appSettings.id, 1));
    await db.update(withdrawals).set({ autoPayHold: null }).where(eq(withdrawals.id, id));
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "queued" });
  });

  it("a resolved name that is not the member's waits; one resolved before names were compared is judged then", async () => {
    const mismatch = await requested();
    await db.update(bankAccounts).set({ holderNameMatches: false }).where(eq(bankAccounts.userId, mismatch.member.id));
    expect(await autoPayWithdrawal(db, mismatch.id)).toEqual({ status: "left-for-admin", reason: "name-mismatch" });

    const legacyOther = await requested();
    await db
      .update(bankAccounts)
      .set({ holderNameMatches: null, accountHolderName: "MUSA IBRAHIM" })
      .where(eq(bankAccounts.userId, legacyOther.member.id));
    expect(await autoPayWithdrawal(db, legacyOther.id)).toEqual({ status: "left-for-admin", reason: "name-mismatch" });

    const legacyOwn = await requested();
    await db.update(users).set({ name: "Chinedu Okafor" }).where(eq(users.id, legacyOwn.member.id));
    await db
      .update(bankAccounts)
      .set({ holderNameMatches: null, accountHolderName: "OKAFOR CHINEDU JOHN" })
      .where(eq(bankAccounts.userId, legacyOwn.member.id));
    expect(await autoPayWithdrawal(db, legacyOwn.id)).toEqual({ status: "queued" });
  });

  it("frozen payouts: never paid automatically, and an admin's press is refused until released (both audited)", async () => {
    const { member, id } = await requested();
    const self = { id: member.id, role: "user" as const, permissions: [] };
    expect(await freezePayouts(db, self)).toMatchObject({ status: "ok", changed: true });
    expect(await freezePayouts(db, self)).toMatchObject({ status: "ok", changed: false });
    expect(await autoPayWithdrawal(db, id)).toEqual({ status: "left-for-admin", reason: "payouts-frozen" });

    const admin = await withdrawalAdmin(db);
    await db.update(withdrawals).set({ status: "processing", processingAt: new Date() }).where(eq(withdrawals.id, id));
    const press = await queuePayouts(db, admin, [id]);
    expect(press).toMatchObject({ status: "ok", queued: [], refused: [{ refusal: { status: "payouts-frozen" } }] });

    expect(await releasePayouts(db, admin, member.id)).toEqual({ status: "forbidden" });
    const usersAdmin = await withdrawalAdmin(db, ["manage_users"]);
    expect(await releasePayouts(db, usersAdmin, member.id)).toEqual({ status: "ok" });
    expect(await releasePayouts(db, usersAdmin, member.id)).toEqual({ status: "not-frozen" });
    expect(await queuePayouts(db, admin, [id])).toMatchObject({ status: "ok", queued: [{ withdrawalId: id }] });
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, member.id));
    expect(trail.map((a) => [a.action, a.actorId])).toEqual(
      expect.arrayContaining([
        ["payouts.freeze", member.id],
        ["payouts.release", usersAdmin.id],
      ]),
    );
  });
});

describe("the daily total of automatic payouts", () => {
  it("past it, withdrawals wait; the withdrawal admins get one mail that day; the next Lagos day starts again", async () => {
    await db.update(appSettings).set({ autoPayoutDailyMaxKobo: 5_000n }).where(eq(appSettings.id, 1));
    const told = await createUser(db, { role: "admin", permissions: ["manage_withdrawals"] });
    const notTold = await createUser(db, { role: "admin", permissions: ["manage_users"] });
    const day = clockAhead(40 * DAY_MS);
    const first = await requested(3_000n);
    const second = await requested(3_000n);
    const third = await requested(2_000n);
    const fourth = await requested(1_000n);
    expect(await autoPayWithdrawal(db, first.id, day)).toEqual({ status: "queued" });
    expect(await autoPayWithdrawal(db, second.id, day)).toEqual({
      status: "left-for-admin",
      reason: "daily-total-reached",
    });
    // What is left of the day's total still pays what fits in it.
    expect(await autoPayWithdrawal(db, third.id, day)).toEqual({ status: "queued" });
    expect(await autoPayWithdrawal(db, fourth.id, day)).toEqual({
      status: "left-for-admin",
      reason: "daily-total-reached",
    });
    const mails = await db.select().from(emails).where(eq(emails.subject, "Automatic payouts reached today's total"));
    expect(mails.map((m) => m.toAddress)).toContain(told.email);
    expect(mails.map((m) => m.toAddress)).not.toContain(notTold.email);
    expect(mails.filter((m) => m.toAddress === told.email)).toHaveLength(1);

    const nextDay = await requested(3_000n);
    expect(await autoPayWithdrawal(db, nextDay.id, clockAhead(41 * DAY_MS))).toEqual({ status: "queued" });
  });

  it("requests at once never pass it together", async () => {
    await db.update(appSettings).set({ autoPayoutDailyMaxKobo: 5_000n }).where(eq(appSettings.id, 1));
    const day = clockAhead(50 * DAY_MS);
    const asked = [];
    for (let i = 0; i < 8; i++) asked.push(await requested(1_000n));
    const results = await Promise.all(asked.map((w) => autoPayWithdrawal(db, w.id, day)));
    expect(results.filter((r) => r.status === "queued")).toHaveLength(5);
    expect(results.filter((r) => r.status === "left-for-admin")).toHaveLength(3);
    const [total] = await db
      .select()
      .from(autoPayoutDays)
      .where(eq(autoPayoutDays.lagosDay, lagosDay(day())));
    expect(total!.totalKobo).toBe(5_000n);
  });
});
