import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, bankAccounts, users, withdrawals } from "~/db/schema";
import { bankByCode } from "~/domain/banks/nigerian-banks";
import { InsufficientFundsError } from "~/domain/ledger/transfer.server";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { newDisplayId, newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { withRollback } from "~/domain/shared/rollback.server";
import { isWithdrawalIdempotencyKey, maxWithdrawalKoboFor, smallestPayableAmountKobo, withdrawalFeeKobo } from "./fees";
import type { WithdrawalStatus } from "./lifecycle";
import { holdWithdrawal } from "./money.server";

/** A withdrawal as its requester is told about it. */
export type RequestedWithdrawal = {
  id: string;
  /** "W" + 8 characters: shown to the member and the admin, used in the bank narration. */
  reference: string;
  /** Leaves the member's balance. */
  amountKobo: Kobo;
  feeKobo: Kobo;
  /** What the bank receives: amount − fee. */
  netKobo: Kobo;
  status: WithdrawalStatus;
};

export type RequestWithdrawalResult =
  | { status: "ok"; duplicate: boolean; withdrawal: RequestedWithdrawal }
  | { status: "invalid-amount" }
  | { status: "below-minimum"; minKobo: Kobo }
  | { status: "above-maximum"; maxKobo: Kobo }
  | { status: "insufficient-funds"; availableKobo: Kobo }
  | { status: "bank-details-missing" }
  /** Neither a member nor an advertiser (an admin, a super admin, an unknown id). */
  | { status: "not-allowed" }
  /** A member whose account is pending approval or restricted; an advertiser whose business is not approved (yet) or who is restricted. */
  | { status: "not-approved" }
  /** The form's key already made a withdrawal of another amount (e.g. a form restored by Back). */
  | { status: "form-already-used"; withdrawal: RequestedWithdrawal };

/**
 * The form's idempotency key is not 16–100 URL-safe characters. The key is made by the server
 * when it renders the form, so a bad one is a bug or tampering, not a member's mistake: it throws
 * (routes validate the field with `isWithdrawalIdempotencyKey` first and answer 400).
 */
export class InvalidWithdrawalKeyError extends RangeError {
  constructor() {
    super("requestWithdrawal: the idempotency key must be 16–100 URL-safe characters");
    this.name = "InvalidWithdrawalKeyError";
  }
}

const summary = (row: {
  id: string;
  reference: string;
  amountKobo: Kobo;
  feeKobo: Kobo;
  status: WithdrawalStatus;
}): RequestedWithdrawal => ({
  id: row.id,
  reference: row.reference,
  amountKobo: row.amountKobo,
  feeKobo: row.feeKobo,
  netKobo: row.amountKobo - row.feeKobo,
  status: row.status,
});

const REFERENCE_ATTEMPTS = 5;

/**
 * "Withdraw Earnings": stores a pending withdrawal and moves its amount from the member's
 * available to held balance, in one transaction:
 *
 * 1. locks the member's row (FOR NO KEY UPDATE: one member's requests queue up behind each other,
 *    and behind a restriction) and checks they are a member (role user) or an advertiser asking
 *    for their balance back — else `not-allowed` — whose account (an advertiser: whose business)
 *    is approved and who is not restricted — else `not-approved`;
 * 2. a withdrawal already stored with this (member, key) for the same amount is returned as
 *    `duplicate: true`, whatever the settings now say — a resubmit of the same form (double tap,
 *    retry after a timeout, 30 racing submissions) never makes a second withdrawal or a second
 *    hold; for another amount (the page restored by Back and retyped) the answer is
 *    `form-already-used`, so the member is never told a different amount was requested. Should
 *    two requests ever get past the lock together, the unique (user_id, idempotency_key) index
 *    decides and the loser returns the winner's row;
 * 3. checks the amount against the settings' minimum and maximum — members' maximum for a member,
 *    advertisers' for an advertiser — (the minimum is raised, if need be, to the least amount whose
 *    fee leaves the bank something). The settings are read FOR SHARE: an admin's change of the
 *    limits or the fee waits for this request, so it is checked and charged by one set of them;
 * 4. copies the payout account (holder, bank code and name, number) from bank_accounts, so a later
 *    change of bank details never redirects this payout; a bank no longer on the list counts as
 *    missing details;
 * 5. inserts the withdrawal (fee = settings' percentage, rounded half up) and posts the ledger
 *    transfer available → held (`withdrawal_hold`, key `withdrawal:<id>:hold`). The ledger's
 *    balance CHECK decides whether the money is there: a refusal rolls everything back and
 *    reports the available balance read under the account lock.
 *
 * Refusals write nothing, so a refused form can be corrected and resubmitted with the same key.
 * Order of checks: amount (not positive), then member, duplicate, limits, bank details, funds.
 */
export async function requestWithdrawal(
  db: Database,
  input: { userId: string; amountKobo: Kobo; idempotencyKey: string; now?: Date },
): Promise<RequestWithdrawalResult> {
  const { userId, amountKobo, idempotencyKey } = input;
  if (!isWithdrawalIdempotencyKey(idempotencyKey)) throw new InvalidWithdrawalKeyError();
  if (typeof amountKobo !== "bigint" || amountKobo <= 0n) return { status: "invalid-amount" };
  const now = input.now ?? new Date();

  return withRollback<RequestWithdrawalResult>(db, async (tx, rollbackWith) => {
    const [member] = await tx
      .select({
        role: users.role,
        isApproved: users.isApproved,
        isRestricted: users.isRestricted,
        business: advertiserProfiles.status,
      })
      .from(users)
      .leftJoin(advertiserProfiles, eq(advertiserProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .for("no key update", { of: users });
    if (!member || (member.role !== "user" && member.role !== "advertiser")) return { status: "not-allowed" };
    // A member is approved by an admin; an advertiser when an admin approved their business.
    const approved = member.role === "advertiser" ? member.business === "approved" : member.isApproved;
    if (!approved || member.isRestricted) return { status: "not-approved" };

    const earlier = await findByKey(tx, userId, idempotencyKey);
    if (earlier) return repeatOf(earlier, amountKobo);

    const settings = await lockAppSettings(tx, "share");
    const payable = smallestPayableAmountKobo(settings.withdrawalFeeBps);
    if (payable === null)
      throw new Error(`requestWithdrawal: the withdrawal fee (${settings.withdrawalFeeBps} bps) is 100% or more`);
    const minKobo = settings.minWithdrawalKobo > payable ? settings.minWithdrawalKobo : payable;
    if (amountKobo < minKobo) return { status: "below-minimum", minKobo };
    const maxKobo = maxWithdrawalKoboFor(settings, member.role === "advertiser" ? "advertiser" : "member");
    if (amountKobo > maxKobo) return { status: "above-maximum", maxKobo };

    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
    const bank = account ? bankByCode(account.bankCode) : undefined;
    if (!account || !bank) return { status: "bank-details-missing" };

    const feeKobo = withdrawalFeeKobo(amountKobo, settings.withdrawalFeeBps);
    const id = newId();
    let stored: RequestedWithdrawal | undefined;
    for (let attempt = 0; !stored; attempt++) {
      // ON CONFLICT DO NOTHING covers both unique keys: (user, key) — then the winner's row is
      // returned — and the reference — then we draw another one (1 in 10^12 per withdrawal).
      const [row] = await tx
        .insert(withdrawals)
        .values({
          id,
          reference: newDisplayId("W"),
          userId,
          amountKobo,
          feeKobo,
          status: "pending",
          idempotencyKey,
          bankCode: account.bankCode,
          bankName: bank.name,
          accountNumber: account.accountNumber,
          accountHolderName: account.accountHolderName,
          requestedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        stored = summary(row);
        break;
      }
      const winner = await findByKey(tx, userId, idempotencyKey);
      if (winner) return repeatOf(winner, amountKobo);
      if (attempt + 1 >= REFERENCE_ATTEMPTS) throw new Error("requestWithdrawal: could not draw a free reference");
    }

    try {
      await holdWithdrawal(tx, { id, userId, amountKobo });
    } catch (err) {
      if (err instanceof InsufficientFundsError) {
        rollbackWith({ status: "insufficient-funds", availableKobo: err.balanceKobo });
      }
      throw err;
    }
    return { status: "ok", duplicate: false, withdrawal: stored };
  });
}

/** The answer to a second submit of one form: the same withdrawal, or a refusal if the amount changed. */
function repeatOf(earlier: Parameters<typeof summary>[0], amountKobo: Kobo): RequestWithdrawalResult {
  const withdrawal = summary(earlier);
  return earlier.amountKobo === amountKobo
    ? { status: "ok", duplicate: true, withdrawal }
    : { status: "form-already-used", withdrawal };
}

async function findByKey(db: Database, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({
      id: withdrawals.id,
      reference: withdrawals.reference,
      amountKobo: withdrawals.amountKobo,
      feeKobo: withdrawals.feeKobo,
      status: withdrawals.status,
    })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
  return row;
}
