import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appSettings, bankAccounts, payoutJobs, referrals, users, withdrawals } from "~/db/schema";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import { createUser, formKey, payee, recordReferral, setWithdrawalSettings } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { autoPayWithdrawal } from "./auto-pay.server";
import { sendNextQueuedPayout } from "./payout-queue.server";
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
  await db.update(appSettings).set({ autoPayoutMaxKobo: 5_000n }).where(eq(appSettings.id, 1));
});
afterEach(async () => expectBooksBalanced(db));

/** A member whose account name Paystack resolved, with ₦100, who has just asked for `amountKobo`. */
async function requested(amountKobo = 2_000n, options: { resolved?: boolean } = {}) {
  const member = await payee(db, { balanceKobo: 10_000n });
  if (options.resolved ?? true) {
    await db.update(bankAccounts).set({ nameResolvedAt: new Date() }).where(eq(bankAccounts.userId, member.id));
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
    const { id } = await requested(5_000n);
    const result = await autoPayWithdrawal(db, id);
    expect(result).toEqual({ status: "queued" });
    expect(await statusOf(id)).toBe("processing");
    expect(await jobsOf(id)).toMatchObject([{ state: "queued", queuedById: null }]);
    const sent = await sendNextQueuedPayout(db, provider);
    expect(sent).toMatchObject({ job: { withdrawalId: id }, result: { status: "sent" } });
    expect(await statusOf(id)).toBe("sent");
    expect(await jobsOf(id)).toMatchObject([{ state: "done", outcome: "sent" }]);
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
    for (const w of [above, restricted, held, unresolved]) expect(await statusOf(w.id)).toBe("pending");
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
