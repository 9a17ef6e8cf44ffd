import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, bankAccounts, users } from "~/db/schema";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { queueEmail, type OutgoingMail } from "~/domain/mail/outbox.server";
import { appLink, FREEZE_PAYOUTS_PATH, greeting, plainText } from "~/domain/mail/templates";
import { bankAccountSignal, recordSignals } from "~/domain/risk/signals.server";
import { holderNameMatches } from "./holder-name";
import { bankByCode } from "./nigerian-banks";
import { maskAccountNumber } from "./nuban";
import { parseBankDetails } from "./validation";

/** What pages show of a member's payout account: never the full number. */
export type BankDetailsView = {
  accountHolderName: string;
  bankCode: string;
  bankName: string;
  accountNumberMasked: string;
  last4: string;
};

/** A bank's name, or a plain fallback for a code no longer in the list. */
export const bankNameFor = (code: string) => bankByCode(code)?.name ?? `Unknown bank (${code})`;

function view(row: { accountHolderName: string; bankCode: string; accountNumber: string }): BankDetailsView {
  return {
    accountHolderName: row.accountHolderName,
    bankCode: row.bankCode,
    bankName: bankNameFor(row.bankCode),
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    last4: row.accountNumber.slice(-4),
  };
}

/** The member's saved bank details, masked, or null when they have none. */
export async function getBankDetails(db: Database, userId: string): Promise<BankDetailsView | null> {
  const [row] = await db
    .select({
      accountHolderName: bankAccounts.accountHolderName,
      bankCode: bankAccounts.bankCode,
      accountNumber: bankAccounts.accountNumber,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  return row ? view(row) : null;
}

export type SaveBankDetailsInput = {
  userId: string;
  currentPassword: unknown;
  accountHolderName: unknown;
  bankCode: unknown;
  accountNumber: unknown;
  /** The member themselves: only a member changes their own payout account. */
  actor: Actor;
};

export type SaveBankDetailsResult =
  | { status: "ok"; changed: boolean; details: BankDetailsView }
  | { status: "wrong-password" }
  | { status: "invalid"; errors: Record<string, string> };

export const WRONG_PASSWORD_MESSAGE = "Current password is incorrect.";

/** Audit and mail show which account, never the whole number. */
const auditFields = (details: BankDetailsView, nameResolvedAt: Date | null = null) => ({
  accountHolderName: details.accountHolderName,
  bankCode: details.bankCode,
  bankName: details.bankName,
  accountNumber: details.accountNumberMasked,
  // The name is the bank's, resolved through the payment provider (said only when it is).
  ...(nameResolvedAt ? { nameResolved: true } : {}),
});

function bankDetailsChangedMail(to: string, name: string, details: BankDetailsView): OutgoingMail {
  return {
    to,
    subject: "Your AdNaira bank details were changed",
    text:
      `${greeting(name)}\n\nThe bank account your AdNaira withdrawals are paid into was just changed to:\n\n` +
      // The holder's name only when it cannot read as a link (the outbox would refuse the mail).
      `${plainText(details.accountHolderName) ?? "(account holder name not shown)"}\n${details.bankName}\nAccount number ${details.accountNumberMasked}\n\n` +
      `If you made this change, there is nothing more to do. Withdrawals to a changed account are checked by an admin ` +
      `for a while before they are paid.\n\n` +
      `If you did not, freeze your payouts at once: sign in, then open this link and press its button: ${appLink(FREEZE_PAYOUTS_PATH)}\n` +
      `Someone may know your password: reset it from the login page ("Forgot password"), ` +
      `then check your bank details on your profile before requesting a withdrawal.\n`,
  };
}

/**
 * Sets or replaces the member's payout account.
 *
 * Validates the form (bank from the list, 10 digits, the NUBAN check digit for NUBAN banks),
 * then checks the current password — someone holding a stolen session must not be able to
 * redirect the member's money — and then, in one transaction: upserts the row, records a
 * `bank_details.update` audit row (before/after with masked numbers only) and queues a notice
 * to the member's email. Saving the same details again changes nothing and records nothing.
 *
 * The caller rate-limits wrong passwords (the route reuses the password-change limiter).
 */
export async function saveBankDetails(db: Database, input: SaveBankDetailsInput): Promise<SaveBankDetailsResult> {
  if (input.actor.id !== input.userId) {
    throw new Error("saveBankDetails: a member can only change their own bank details");
  }
  const parsed = parseBankDetails({
    accountHolderName: input.accountHolderName,
    bankCode: input.bankCode,
    accountNumber: input.accountNumber,
    currentPassword: input.currentPassword,
  });
  if (parsed.status === "invalid") return { status: "invalid", errors: parsed.errors };
  const { accountHolderName, bankCode, accountNumber, currentPassword } = parsed.data;

  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) return { status: "wrong-password" };

  return storeBankDetails(db, {
    userId: input.userId,
    actor: input.actor,
    user,
    next: { accountHolderName, bankCode, accountNumber },
    nameResolvedAt: null,
  });
}

/** The names an account of theirs may carry: the member's; an advertiser's business name and contact name. */
async function ownNamesOf(db: Database, userId: string, name: string): Promise<string[]> {
  const [business] = await db
    .select({ name: advertiserProfiles.businessName })
    .from(advertiserProfiles)
    .where(eq(advertiserProfiles.userId, userId));
  return business ? [business.name, name] : [name];
}

/**
 * Upserts the member's payout account in one transaction with its audit row and the notice to the
 * member; saving the same details again changes nothing and records nothing. `nameResolvedAt`:
 * when the payment provider resolved the account (the name is then the bank's, compared with the
 * member's own: holderNameMatches), or null. A name that is not theirs is saved all the same: its
 * withdrawals wait for an admin (auto-pay.server.ts).
 */
export async function storeBankDetails(
  db: Database,
  input: {
    userId: string;
    actor: Actor;
    user: { email: string; name: string };
    next: { accountHolderName: string; bankCode: string; accountNumber: string };
    nameResolvedAt: Date | null;
  },
): Promise<Extract<SaveBankDetailsResult, { status: "ok" }>> {
  const { next, user } = input;
  const details = view(next);
  return db.transaction(async (tx) => {
    // One save per member at a time, also when there is no row yet to lock: the audit's
    // "before" is then always the row the save replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank_details:${input.userId}`}))`);
    const [current] = await tx
      .select({
        accountHolderName: bankAccounts.accountHolderName,
        bankCode: bankAccounts.bankCode,
        accountNumber: bankAccounts.accountNumber,
        nameResolvedAt: bankAccounts.nameResolvedAt,
      })
      .from(bankAccounts)
      .where(eq(bankAccounts.userId, input.userId))
      .for("update");
    if (
      current &&
      current.accountHolderName === next.accountHolderName &&
      current.bankCode === next.bankCode &&
      current.accountNumber === next.accountNumber &&
      (current.nameResolvedAt !== null) === (input.nameResolvedAt !== null)
    ) {
      return { status: "ok" as const, changed: false, details };
    }
    const values = {
      ...next,
      nameResolvedAt: input.nameResolvedAt,
      holderNameMatches: input.nameResolvedAt
        ? holderNameMatches(next.accountHolderName, await ownNamesOf(tx, input.userId, user.name))
        : null,
    };
    await tx
      .insert(bankAccounts)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: { ...values, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: input.actor,
      action: "bank_details.update",
      targetType: "bank_details",
      targetId: input.userId,
      before: current ? auditFields(view(current), current.nameResolvedAt) : null,
      after: auditFields(details, input.nameResolvedAt),
    });
    await queueEmail(tx, bankDetailsChangedMail(user.email, user.name, details));
    // Who else is paid into this account: one bank account behind many members is one person's.
    // Only an account the bank confirmed in this member's own name: a number anyone can type (no
    // lookup) or a stranger's (another name) must not link, and so hold, its real owner.
    if (values.holderNameMatches === true) {
      await recordSignals(tx, input.userId, [bankAccountSignal(next.bankCode, next.accountNumber)]);
    }
    return { status: "ok" as const, changed: true, details };
  });
}
