import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { openTestDatabase } from "~test/database";
import {
  approvedAdvertiser,
  defaultWithdrawalSettings,
  formKey,
  payee,
  setBankDetails,
  setWithdrawalSettings,
  withdrawalAdmin,
} from "~test/factories";
import { expectBooksBalanced, ledgerRowCounts } from "~test/ledger";
import { completeWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";

const { db } = await openTestDatabase();
beforeEach(async () => defaultWithdrawalSettings(db));
afterEach(async () => expectBooksBalanced(db));

/** An advertiser with ₦100.00 on their balance and a business bank account. */
async function advertiserWithBalance(options: Parameters<typeof approvedAdvertiser>[1] = {}) {
  const advertiser = await approvedAdvertiser(db, { balanceKobo: 10_000n, ...options });
  await setBankDetails(db, advertiser.id, { accountHolderName: "Mama Put Foods Ltd" });
  return advertiser;
}

describe("an advertiser asks for their balance back", () => {
  it("an approved business: a pending withdrawal with the fee, the amount held, paid out as any other", async () => {
    // Their business was approved; the members' approval flag plays no part for them.
    const advertiser = await advertiserWithBalance({ isApproved: false });
    const result = await requestWithdrawal(db, {
      userId: advertiser.id,
      amountKobo: 5_000n,
      idempotencyKey: formKey(),
    });
    expect(result).toMatchObject({
      status: "ok",
      duplicate: false,
      withdrawal: { amountKobo: 5_000n, feeKobo: 100n, netKobo: 4_900n, status: "pending" },
    });
    expect(await balances(db, advertiser.id)).toMatchObject({ availableKobo: 5_000n, heldKobo: 5_000n });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.userId, advertiser.id));
    expect(row).toMatchObject({ accountHolderName: "Mama Put Foods Ltd", status: "pending" });

    const admin = await withdrawalAdmin(db);
    expect((await startProcessing(db, admin, row!.id)).status).toBe("ok");
    expect((await completeWithdrawal(db, admin, row!.id)).status).toBe("ok");
    expect(await balances(db, advertiser.id)).toMatchObject({ availableKobo: 5_000n, heldKobo: 0n });
  });

  it("keeps every other rule: limits, funds, bank details, and the form key", async () => {
    const advertiser = await advertiserWithBalance();
    const ask = (amountKobo: bigint, idempotencyKey = formKey()) =>
      requestWithdrawal(db, { userId: advertiser.id, amountKobo, idempotencyKey });
    expect(await ask(999n)).toMatchObject({ status: "below-minimum" });
    expect(await ask(100_000_001n)).toMatchObject({ status: "above-maximum", maxKobo: 100_000_000n });
    expect(await ask(20_000n)).toMatchObject({ status: "insufficient-funds", availableKobo: 10_000n });
    const key = formKey();
    expect(await ask(2_000n, key)).toMatchObject({ status: "ok", duplicate: false });
    expect(await ask(2_000n, key)).toMatchObject({ status: "ok", duplicate: true });
    expect(await ask(3_000n, key)).toMatchObject({ status: "form-already-used" });
    const noBank = await approvedAdvertiser(db, { balanceKobo: 10_000n });
    expect(await requestWithdrawal(db, { userId: noBank.id, amountKobo: 2_000n, idempotencyKey: formKey() })).toEqual({
      status: "bank-details-missing",
    });
  });

  it("is capped by the advertisers' maximum, not the members': a member stays under theirs", async () => {
    await setWithdrawalSettings(db, { maxKobo: 100_000n, advertiserMaxKobo: 500_000n });
    // A refunded campaign: ₦8,000.00 back on the balance, more than members may withdraw at once.
    const advertiser = await advertiserWithBalance({ balanceKobo: 800_000n });
    const ask = (userId: string, amountKobo: bigint) =>
      requestWithdrawal(db, { userId, amountKobo, idempotencyKey: formKey() });
    expect(await ask(advertiser.id, 500_001n)).toEqual({ status: "above-maximum", maxKobo: 500_000n });
    expect(await ask(advertiser.id, 500_000n)).toMatchObject({
      status: "ok",
      withdrawal: { amountKobo: 500_000n, feeKobo: 10_000n },
    });
    expect(await balances(db, advertiser.id)).toMatchObject({ availableKobo: 300_000n, heldKobo: 500_000n });

    const someone = await payee(db, { balanceKobo: 800_000n });
    expect(await ask(someone.id, 100_001n)).toEqual({ status: "above-maximum", maxKobo: 100_000n });
    expect(await ask(someone.id, 100_000n)).toMatchObject({ status: "ok" });
    expect(await balances(db, someone.id)).toMatchObject({ availableKobo: 700_000n, heldKobo: 100_000n });
  });

  it("is refused to a business pending or rejected, and to a restricted advertiser: nothing written", async () => {
    const refused = [
      await advertiserWithBalance({ status: "pending", isApproved: true }),
      await advertiserWithBalance({ status: "rejected", isApproved: true }),
      await advertiserWithBalance({ isRestricted: true }),
    ];
    const before = await ledgerRowCounts(db);
    for (const advertiser of refused) {
      expect(
        await requestWithdrawal(db, { userId: advertiser.id, amountKobo: 2_000n, idempotencyKey: formKey() }),
      ).toEqual({ status: "not-approved" });
      expect(await balances(db, advertiser.id)).toMatchObject({ availableKobo: 10_000n, heldKobo: 0n });
    }
    expect(await ledgerRowCounts(db)).toEqual(before);
    for (const advertiser of refused)
      expect(await db.$count(withdrawals, eq(withdrawals.userId, advertiser.id))).toBe(0);
  });
});
