import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ledgerTransfers, users, withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { DISPLAY_ID_ALPHABET } from "~/domain/shared/ids";
import { TEST_BANK_CODE } from "~test/bank-accounts";
import { openTestDatabase } from "~test/database";
import {
  createUser,
  defaultWithdrawalSettings,
  formKey,
  payee,
  setBankDetails,
  setWithdrawalSettings,
} from "~test/factories";
import { expectBooksBalanced, ledgerRowCounts } from "~test/ledger";
import { requestWithdrawal } from "./request-withdrawal.server";

const { db } = await openTestDatabase();
beforeEach(async () => defaultWithdrawalSettings(db));
afterEach(async () => expectBooksBalanced(db));

const withdrawalsOf = (userId: string) => db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
const holdsOf = (withdrawalId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `withdrawal:${withdrawalId}:%`));

/** Runs `fn` and proves it wrote nothing: no withdrawal, no ledger row. */
async function expectNothingWritten(fn: () => Promise<unknown>) {
  const before = { ledger: await ledgerRowCounts(db), withdrawals: await db.$count(withdrawals) };
  const result = await fn();
  expect({ ledger: await ledgerRowCounts(db), withdrawals: await db.$count(withdrawals) }).toEqual(before);
  return result;
}

describe("requestWithdrawal: a valid request", () => {
  it("stores a pending withdrawal with the fee, a copy of the bank details, and holds the amount", async () => {
    const member = await payee(db, {
      balanceKobo: 10_000n,
      bank: { accountHolderName: "Chidi Okafor", accountNumber: "0011223344" },
    });
    const requestedAt = new Date("2025-03-01T09:30:00Z");
    const result = await requestWithdrawal(db, {
      userId: member.id,
      amountKobo: 2_000n,
      idempotencyKey: formKey(),
      now: requestedAt,
    });
    expect(result).toEqual({
      status: "ok",
      duplicate: false,
      withdrawal: {
        id: expect.any(String),
        reference: expect.stringMatching(new RegExp(`^W[${DISPLAY_ID_ALPHABET}]{8}$`)),
        amountKobo: 2_000n,
        feeKobo: 40n,
        netKobo: 1_960n,
        status: "pending",
      },
    });
    if (result.status !== "ok") throw new Error(result.status);

    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
    const [row] = await withdrawalsOf(member.id);
    expect(row).toMatchObject({
      id: result.withdrawal.id,
      status: "pending",
      amountKobo: 2_000n,
      feeKobo: 40n,
      bankCode: TEST_BANK_CODE,
      bankName: expect.stringMatching(/\S/),
      accountNumber: "0011223344",
      accountHolderName: "Chidi Okafor",
      requestedAt,
      processingAt: null,
      processedAt: null,
      rejectedAt: null,
    });
    expect(row!.bankName).not.toBe(TEST_BANK_CODE);

    const transfers = await holdsOf(result.withdrawal.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      kind: "withdrawal_hold",
      amountKobo: 2_000n,
      idempotencyKey: `withdrawal:${result.withdrawal.id}:hold`,
      referenceType: "withdrawal",
      referenceId: result.withdrawal.id,
    });
  });

  it("may take the whole balance, exactly at the maximum or the minimum", async () => {
    const member = await payee(db, { balanceKobo: 101_000n });
    const max = await requestWithdrawal(db, { userId: member.id, amountKobo: 100_000n, idempotencyKey: formKey() });
    expect(max).toMatchObject({ status: "ok", withdrawal: { feeKobo: 2_000n, netKobo: 98_000n } });
    const min = await requestWithdrawal(db, { userId: member.id, amountKobo: 1_000n, idempotencyKey: formKey() });
    expect(min).toMatchObject({ status: "ok", withdrawal: { feeKobo: 20n, netKobo: 980n } });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 0n, heldKobo: 101_000n });
  });

  it("rounds the fee half up and uses the fee in force at request time", async () => {
    const member = await payee(db, { balanceKobo: 50_000n });
    const half = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_525n, idempotencyKey: formKey() });
    expect(half).toMatchObject({ status: "ok", withdrawal: { feeKobo: 51n, netKobo: 2_474n } });
    await setWithdrawalSettings(db, { feeBps: 0 });
    const free = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_525n, idempotencyKey: formKey() });
    expect(free).toMatchObject({ status: "ok", withdrawal: { feeKobo: 0n, netKobo: 2_525n } });
  });

  it("gives every withdrawal its own reference", async () => {
    const member = await payee(db, { balanceKobo: 20_000n });
    const refs = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = await requestWithdrawal(db, { userId: member.id, amountKobo: 1_000n, idempotencyKey: formKey() });
      if (r.status !== "ok") throw new Error(r.status);
      refs.add(r.withdrawal.reference);
    }
    expect(refs.size).toBe(10);
  });

  it("a later change of bank details never changes a requested withdrawal", async () => {
    const member = await payee(db, { balanceKobo: 5_000n, bank: { accountNumber: "1111111111" } });
    const r = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (r.status !== "ok") throw new Error(r.status);
    await setBankDetails(db, member.id, { accountNumber: "2222222222", accountHolderName: "Someone Else" });
    const [row] = await withdrawalsOf(member.id);
    expect(row).toMatchObject({ accountNumber: "1111111111", accountHolderName: "Adaeze Okafor" });
  });
});

describe("requestWithdrawal: the form's key makes a resubmit harmless", () => {
  it("the same key again returns the first withdrawal (duplicate) and holds nothing more", async () => {
    const member = await payee(db, { balanceKobo: 10_000n });
    const key = formKey();
    const first = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key });
    if (first.status !== "ok") throw new Error(first.status);
    const again = await expectNothingWritten(() =>
      requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key }),
    );
    expect(again).toEqual({ ...first, duplicate: true });
    // The same form with another amount (restored by Back and retyped) is refused, naming what it
    // already requested, and moves nothing.
    const edited = await expectNothingWritten(() =>
      requestWithdrawal(db, { userId: member.id, amountKobo: 5_000n, idempotencyKey: key }),
    );
    expect(edited).toEqual({ status: "form-already-used", withdrawal: first.withdrawal });
    expect(await withdrawalsOf(member.id)).toHaveLength(1);
    expect(await balances(db, member.id)).toEqual({ availableKobo: 8_000n, heldKobo: 2_000n });
  });

  it("a duplicate reports the withdrawal's current status", async () => {
    const member = await payee(db, { balanceKobo: 10_000n });
    const key = formKey();
    const first = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key });
    if (first.status !== "ok") throw new Error(first.status);
    await db.update(withdrawals).set({ status: "processing" }).where(eq(withdrawals.id, first.withdrawal.id));
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key })).toMatchObject({
      status: "ok",
      duplicate: true,
      withdrawal: { id: first.withdrawal.id, status: "processing" },
    });
  });

  it("a duplicate is recognised even when the request would now be refused", async () => {
    const member = await payee(db, { balanceKobo: 2_000n });
    const key = formKey();
    const first = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key });
    if (first.status !== "ok") throw new Error(first.status);
    // The balance is now 0 and the minimum is above the amount: the retry still reports success.
    await setWithdrawalSettings(db, { minKobo: 5_000n });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key })).toEqual({
      ...first,
      duplicate: true,
    });
  });

  it("keys are per member: two members may use the same key", async () => {
    const a = await payee(db, { balanceKobo: 5_000n });
    const b = await payee(db, { balanceKobo: 5_000n });
    const key = formKey();
    const ra = await requestWithdrawal(db, { userId: a.id, amountKobo: 2_000n, idempotencyKey: key });
    const rb = await requestWithdrawal(db, { userId: b.id, amountKobo: 3_000n, idempotencyKey: key });
    expect(ra).toMatchObject({ status: "ok", duplicate: false });
    expect(rb).toMatchObject({ status: "ok", duplicate: false, withdrawal: { amountKobo: 3_000n } });
  });

  it.each([
    ["too short", "abc"],
    ["too long", "a".repeat(101)],
    ["not URL-safe", "key with spaces in it"],
    ["empty", ""],
  ])("a malformed key (%s) is a caller bug: it throws and writes nothing", async (_label, key) => {
    const member = await payee(db, { balanceKobo: 5_000n });
    await expectNothingWritten(() =>
      expect(requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: key })).rejects.toThrow(
        RangeError,
      ),
    );
  });
});

describe("requestWithdrawal: refusals write nothing", () => {
  it.each([0n, -1n, -2_000n])("invalid-amount for %s kobo", async (amountKobo) => {
    const member = await payee(db, { balanceKobo: 5_000n });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "invalid-amount" });
  });

  it("invalid-amount for a number instead of kobo", async () => {
    const member = await payee(db, { balanceKobo: 5_000n });
    const amountKobo = 20 as unknown as bigint;
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() })).toEqual({
      status: "invalid-amount",
    });
  });

  it("below-minimum and above-maximum name the limit", async () => {
    const member = await payee(db, { balanceKobo: 500_000n });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 999n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "below-minimum", minKobo: 1_000n });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 100_001n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "above-maximum", maxKobo: 100_000n });
    await setWithdrawalSettings(db, { minKobo: 5_000n, maxKobo: 6_000n });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 4_999n, idempotencyKey: formKey() })).toEqual({
      status: "below-minimum",
      minKobo: 5_000n,
    });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 6_001n, idempotencyKey: formKey() })).toEqual({
      status: "above-maximum",
      maxKobo: 6_000n,
    });
  });

  it("below-minimum when the fee would leave the bank nothing (minimum raised to what pays)", async () => {
    await setWithdrawalSettings(db, { minKobo: 1n, feeBps: 5_000 });
    const member = await payee(db, { balanceKobo: 100n });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 1n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "below-minimum", minKobo: 2n });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 2n, idempotencyKey: formKey() })).toMatchObject(
      {
        status: "ok",
        withdrawal: { feeKobo: 1n, netKobo: 1n },
      },
    );
  });

  it("insufficient-funds reports the available balance; held money does not count", async () => {
    const member = await payee(db, { balanceKobo: 5_000n });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 5_001n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "insufficient-funds", availableKobo: 5_000n });
    expect(
      await requestWithdrawal(db, { userId: member.id, amountKobo: 3_000n, idempotencyKey: formKey() }),
    ).toMatchObject({
      status: "ok",
    });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 3_000n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "insufficient-funds", availableKobo: 2_000n });
    expect(await balances(db, member.id)).toEqual({ availableKobo: 2_000n, heldKobo: 3_000n });
  });

  it("insufficient-funds for a member who never earned (no ledger accounts yet)", async () => {
    const member = await payee(db);
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() })).toEqual({
      status: "insufficient-funds",
      availableKobo: 0n,
    });
    expect(await withdrawalsOf(member.id)).toEqual([]);
  });

  it("a refused request leaves its key free for a corrected resubmit of the same form", async () => {
    const member = await payee(db, { balanceKobo: 5_000n });
    const key = formKey();
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 9_000n, idempotencyKey: key })).toMatchObject({
      status: "insufficient-funds",
    });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 4_000n, idempotencyKey: key })).toMatchObject({
      status: "ok",
      duplicate: false,
    });
  });

  it("bank-details-missing without a payout account, or with a bank no longer on the list", async () => {
    const member = await payee(db, { balanceKobo: 5_000n, bank: false });
    expect(
      await expectNothingWritten(() =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() }),
      ),
    ).toEqual({ status: "bank-details-missing" });
    await setBankDetails(db, member.id, { bankCode: "999999999" });
    expect(await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() })).toEqual({
      status: "bank-details-missing",
    });
  });

  it("not-approved for a member pending approval or restricted, with a balance and bank details: nothing held", async () => {
    const pending = await payee(db, { balanceKobo: 5_000n, isApproved: false });
    const restricted = await payee(db, { balanceKobo: 5_000n });
    await db.update(users).set({ isRestricted: true }).where(eq(users.id, restricted.id));
    const restrictedPending = await payee(db, { balanceKobo: 5_000n, isApproved: false, isRestricted: true });
    for (const userId of [pending.id, restricted.id, restrictedPending.id]) {
      expect(
        await expectNothingWritten(() =>
          requestWithdrawal(db, { userId, amountKobo: 2_000n, idempotencyKey: formKey() }),
        ),
      ).toEqual({ status: "not-approved" });
      expect(await balances(db, userId)).toEqual({ availableKobo: 5_000n, heldKobo: 0n });
    }
    // Once approved (or unrestricted), the same member may withdraw.
    await db.update(users).set({ isApproved: true }).where(eq(users.id, pending.id));
    expect(
      await requestWithdrawal(db, { userId: pending.id, amountKobo: 2_000n, idempotencyKey: formKey() }),
    ).toMatchObject({
      status: "ok",
    });
  });

  it("not-allowed for an admin, a super admin and an unknown id", async () => {
    const admin = await createUser(db, { role: "admin" });
    await setBankDetails(db, admin.id);
    const superAdmin =
      (await db.select().from(users).where(eq(users.role, "super_admin")))[0] ??
      (await createUser(db, { role: "super_admin" }));
    for (const userId of [admin.id, superAdmin.id, "no-such-user"]) {
      expect(
        await expectNothingWritten(() =>
          requestWithdrawal(db, { userId, amountKobo: 2_000n, idempotencyKey: formKey() }),
        ),
      ).toEqual({ status: "not-allowed" });
    }
  });

  it("checks in order: amount, limits, bank details, then funds", async () => {
    const member = await payee(db, { bank: false });
    const ask = (amountKobo: bigint) =>
      requestWithdrawal(db, { userId: member.id, amountKobo, idempotencyKey: formKey() });
    expect(await ask(0n)).toEqual({ status: "invalid-amount" });
    expect(await ask(1n)).toMatchObject({ status: "below-minimum" });
    expect(await ask(2_000n)).toEqual({ status: "bank-details-missing" });
    await setBankDetails(db, member.id);
    expect(await ask(2_000n)).toMatchObject({ status: "insufficient-funds" });
  });
});

describe("requestWithdrawal: one member's requests queue up", () => {
  it("many at once never overdraw (the embedded database runs them one by one)", async () => {
    await setWithdrawalSettings(db, { minKobo: 100n });
    const member = await payee(db, { balanceKobo: 1_000n });
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        requestWithdrawal(db, { userId: member.id, amountKobo: 100n, idempotencyKey: formKey() }),
      ),
    );
    expect(results.filter((r) => r.status === "ok")).toHaveLength(10);
    expect(results.filter((r) => r.status === "insufficient-funds")).toHaveLength(15);
    expect(await balances(db, member.id)).toEqual({ availableKobo: 0n, heldKobo: 1_000n });
  });
});
