import type { Database } from "~/db/client.server";
import type { Withdrawal } from "~/db/schema";
import { expectPosted, lockAccounts, transfer } from "~/domain/ledger/transfer.server";

// Every ledger movement of a withdrawal (docs/money.md), each at most once by its key: the hold
// when it is requested, the release when it is rejected, the payout and fee when it is paid (by
// hand, or by a transfer through the provider: keys scoped to the attempt), and a paid transfer's
// reversal back to held.

/** The ledger key of each money movement of a withdrawal paid by hand: at most one of each, ever. */
export const withdrawalTransferKey = (withdrawalId: string, step: "hold" | "release" | "payout" | "fee") =>
  `withdrawal:${withdrawalId}:${step}`;

/** The keys of a payout by the provider's transfer attempt n (a reversed one may be paid again by the next). */
const transferPayoutKeys = (withdrawalId: string, attempt: number) => ({
  payout: `withdrawal:${withdrawalId}:transfer:${attempt}:payout`,
  fee: `withdrawal:${withdrawalId}:transfer:${attempt}:fee`,
});

/** The keys of transfer attempt n's reversal. */
const transferReversalKeys = (withdrawalId: string, attempt: number) => ({
  payout: `withdrawal:${withdrawalId}:transfer:${attempt}:reversal:payout`,
  fee: `withdrawal:${withdrawalId}:transfer:${attempt}:reversal:fee`,
});

type WithdrawalMoney = Pick<Withdrawal, "id" | "userId" | "amountKobo" | "feeKobo">;

const reference = (w: Pick<Withdrawal, "id">) => ({ type: "withdrawal", id: w.id });
const heldOf = (w: Pick<Withdrawal, "userId">) => ({ userId: w.userId, kind: "held" }) as const;

/** The requested amount (fee included), available → held. Throws InsufficientFundsError when the balance is short. */
export async function holdWithdrawal(tx: Database, w: Pick<Withdrawal, "id" | "userId" | "amountKobo">): Promise<void> {
  const key = withdrawalTransferKey(w.id, "hold");
  const hold = await transfer(tx, {
    from: { userId: w.userId, kind: "available" },
    to: heldOf(w),
    amountKobo: w.amountKobo,
    kind: "withdrawal_hold",
    idempotencyKey: key,
    reference: reference(w),
  });
  // The id is new, so its key cannot have been used: refuse rather than hold nothing.
  expectPosted(hold, key);
}

/** A rejected withdrawal's whole amount back, held → available. */
export async function releaseWithdrawal(tx: Database, w: WithdrawalMoney): Promise<void> {
  const key = withdrawalTransferKey(w.id, "release");
  const release = await transfer(tx, {
    from: heldOf(w),
    to: { userId: w.userId, kind: "available" },
    amountKobo: w.amountKobo,
    kind: "withdrawal_release",
    idempotencyKey: key,
    reference: reference(w),
  });
  expectPosted(release, key);
}

/**
 * The held amount leaves the member: amount − fee to bank payouts (`withdrawal_payout`), the fee
 * to withdrawal fees (`withdrawal_fee`, skipped when the fee is 0). Paid by hand ("Mark as
 * Completed", `transferAttempt` null): keys `withdrawal:<id>:payout`; by a transfer: scoped to
 * its attempt. Two transfers in one transaction: all three accounts are locked first, in the
 * ledger's global order, so concurrent completions (and rejections) can never deadlock.
 */
export async function payOutWithdrawal(tx: Database, w: WithdrawalMoney, transferAttempt: number | null) {
  const keys =
    transferAttempt === null
      ? { payout: withdrawalTransferKey(w.id, "payout"), fee: withdrawalTransferKey(w.id, "fee") }
      : transferPayoutKeys(w.id, transferAttempt);
  await lockAccounts(tx, [heldOf(w), { platform: "bank_payouts" }, { platform: "withdrawal_fees" }]);
  const payout = await transfer(tx, {
    from: heldOf(w),
    to: { platform: "bank_payouts" },
    amountKobo: w.amountKobo - w.feeKobo,
    kind: "withdrawal_payout",
    idempotencyKey: keys.payout,
    reference: reference(w),
  });
  expectPosted(payout, keys.payout);
  if (w.feeKobo > 0n) {
    const fee = await transfer(tx, {
      from: heldOf(w),
      to: { platform: "withdrawal_fees" },
      amountKobo: w.feeKobo,
      kind: "withdrawal_fee",
      idempotencyKey: keys.fee,
      reference: reference(w),
    });
    expectPosted(fee, keys.fee);
  }
}

/** Back to held what a paid transfer attempt had booked out (bank payouts, withdrawal fees): once per attempt. */
export async function reverseWithdrawalPayout(tx: Database, w: WithdrawalMoney, transferAttempt: number) {
  const keys = transferReversalKeys(w.id, transferAttempt);
  await lockAccounts(tx, [heldOf(w), { platform: "bank_payouts" }, { platform: "withdrawal_fees" }]);
  await transfer(tx, {
    from: { platform: "bank_payouts" },
    to: heldOf(w),
    amountKobo: w.amountKobo - w.feeKobo,
    kind: "withdrawal_reversal",
    idempotencyKey: keys.payout,
    reference: reference(w),
  });
  if (w.feeKobo > 0n) {
    await transfer(tx, {
      from: { platform: "withdrawal_fees" },
      to: heldOf(w),
      amountKobo: w.feeKobo,
      kind: "withdrawal_reversal",
      idempotencyKey: keys.fee,
      reference: reference(w),
    });
  }
}
