import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { serverSecrets, users } from "~/db/schema";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import type { Actor } from "~/domain/audit/audit.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { fieldErrors } from "~/lib/forms";
import { bankNameFor, storeBankDetails, type SaveBankDetailsResult } from "./bank-details.server";
import { maskAccountNumber } from "./nuban";
import { ACCOUNT_HOLDER_MAX, BankAccountCheckSchema, type ResolvedAccountView } from "./validation";

/**
 * Bank details with the payment provider on: the member gives the bank, the number and their
 * password ("Check account"); the provider resolves the account and the page shows the name the
 * bank returns; the member confirms it ("Confirm and save"). What the browser posts back to
 * confirm is a sealed `confirmation` (the member, bank, number and the name shown, valid for a
 * few minutes), and the account is resolved again on confirm: the saved name is always the
 * bank's, whatever a browser sends. Without a provider, saveBankDetails (the member types the name).
 */

/** How long a checked account can be confirmed without checking it again. */
export const CHECK_VALID_MS = 15 * 60_000;

type Unresolved = { status: "not-resolved"; bankName: string } | { status: "unavailable" };

export type CheckBankAccountResult =
  | { status: "resolved"; account: ResolvedAccountView }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "wrong-password" }
  | Unresolved;

export type ConfirmBankAccountResult =
  | Extract<SaveBankDetailsResult, { status: "ok" }>
  /** The confirmation is not this member's, was altered, or is too old: check again. */
  | { status: "expired" }
  /** The bank now answers another name: shown again for the member to confirm. */
  | { status: "name-changed"; account: ResolvedAccountView }
  | Unresolved;

/** The words for each refusal (the route picks them). */
export const RESOLVE_MESSAGES = {
  notResolved: (bankName: string) => `We could not find this account at ${bankName}. Check the number and the bank.`,
  unavailable: "We could not reach the bank to check this account right now. Nothing was saved: try again shortly.",
  expired: "This check has expired. Check the account again.",
  nameChanged: "The bank now gives a different name for this account. Look at it again before you confirm.",
} as const;

type Claim = { userId: string; bankCode: string; accountNumber: string; accountName: string; expiresAt: number };

const SECRET_NAME = "bank_account_check";

async function signingKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return Buffer.from(row!.value, "base64url");
}

/**
 * The confirmation is sealed (AES-256-GCM with a server secret): the browser can neither read the
 * account number in it (pages never show a full number) nor change a byte of it unnoticed.
 */
function seal(key: Buffer, claim: Claim): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(claim), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(key: Buffer, token: unknown, userId: string, now: Date): Claim | null {
  if (typeof token !== "string" || token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const raw = Buffer.from(token, "base64url");
  if (raw.length <= 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    const claim = JSON.parse(text) as Claim;
    if (claim.userId !== userId || typeof claim.expiresAt !== "number" || claim.expiresAt < now.getTime()) return null;
    return claim;
  } catch {
    return null;
  }
}

/** The bank's name as we store it: one space between words, within the field's length. */
const cleanName = (name: string) => name.replace(/\s+/g, " ").trim().slice(0, ACCOUNT_HOLDER_MAX).trim();

/** Asks the provider; an answer without a usable name is "not resolved". */
async function resolveName(
  provider: PaymentProvider,
  bankCode: string,
  accountNumber: string,
): Promise<{ status: "ok"; accountName: string } | Unresolved> {
  const answer = await provider.resolveAccount({ accountNumber, bankCode });
  if (answer.status === "unavailable") return { status: "unavailable" };
  const accountName = answer.status === "ok" ? cleanName(answer.accountName) : "";
  return accountName ? { status: "ok", accountName } : { status: "not-resolved", bankName: bankNameFor(bankCode) };
}

function resolvedView(key: Buffer, claim: Claim): ResolvedAccountView {
  return {
    accountName: claim.accountName,
    bankCode: claim.bankCode,
    bankName: bankNameFor(claim.bankCode),
    accountNumberMasked: maskAccountNumber(claim.accountNumber),
    confirmation: seal(key, claim),
  };
}

/**
 * "Check account": validates the bank and number, checks the current password (the caller
 * rate-limits wrong ones), then resolves the account with the provider. Saves nothing.
 */
export async function checkBankAccount(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; bankCode: unknown; accountNumber: unknown; currentPassword: unknown; now?: Date },
): Promise<CheckBankAccountResult> {
  const parsed = BankAccountCheckSchema.safeParse(input);
  if (!parsed.success) {
    return { status: "invalid", errors: fieldErrors(parsed.error, ["bankCode", "accountNumber", "currentPassword"]) };
  }
  const { bankCode, accountNumber, currentPassword } = parsed.data;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) return { status: "wrong-password" };

  const resolved = await resolveName(provider, bankCode, accountNumber);
  if (resolved.status !== "ok") return resolved;
  const now = input.now ?? new Date();
  const claim = {
    userId: input.userId,
    bankCode,
    accountNumber,
    accountName: resolved.accountName,
    expiresAt: now.getTime() + CHECK_VALID_MS,
  };
  return { status: "resolved", account: resolvedView(await signingKey(db), claim) };
}

/**
 * "Confirm and save": the signed confirmation of a check this member made, resolved again with the
 * provider; saved (audited, the member told by email, `nameResolvedAt` stamped) only when the
 * bank still gives the name the member was shown. The saved name is the provider's answer.
 */
export async function confirmBankAccount(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; actor: Actor; confirmation: unknown; now?: Date },
): Promise<ConfirmBankAccountResult> {
  if (input.actor.id !== input.userId) {
    throw new Error("confirmBankAccount: a member can only change their own bank details");
  }
  const now = input.now ?? new Date();
  const key = await signingKey(db);
  const claim = unseal(key, input.confirmation, input.userId, now);
  if (!claim) return { status: "expired" };

  const resolved = await resolveName(provider, claim.bankCode, claim.accountNumber);
  if (resolved.status !== "ok") return resolved;
  if (resolved.accountName !== claim.accountName) {
    const again = { ...claim, accountName: resolved.accountName, expiresAt: now.getTime() + CHECK_VALID_MS };
    return { status: "name-changed", account: resolvedView(key, again) };
  }
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return { status: "expired" };
  return storeBankDetails(db, {
    userId: input.userId,
    actor: input.actor,
    user,
    next: { accountHolderName: resolved.accountName, bankCode: claim.bankCode, accountNumber: claim.accountNumber },
    nameResolvedAt: now,
  });
}
