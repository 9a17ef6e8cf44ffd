import { createHash, createHmac } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import type { Database } from "~/db/client.server";
import { passkeys, recoveryCodes, totpFactors, users } from "~/db/schema";
import { queueEmail } from "~/domain/mail/outbox.server";
import { secondFactorChangedMail, type SecondFactorChange } from "~/domain/mail/templates";
import { getAppSettings } from "~/domain/settings/app-settings";
import { DISPLAY_ID_ALPHABET, newId } from "~/domain/shared/ids";
import { matchingStep, normaliseCode } from "./totp";

/** Ten one-time recovery codes per enrolment, each ten characters (50 bits) shown as XXXXX-XXXXX. */
export const RECOVERY_CODE_COUNT = 10;
const recoveryCode = customAlphabet(DISPLAY_ID_ALPHABET, 10);
const newRecoveryCode = () => {
  const code = recoveryCode();
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};
/** How a recovery code is stored: SHA-256 of the code as typed, without its dash, in capitals. */
export const recoveryCodeHash = (code: string) => createHash("sha256").update(normaliseCode(code)).digest("hex");

export type FactorStatus = {
  /** An authenticator app proved by a code: the account's second factor is on. */
  enrolled: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
};

export async function factorStatus(db: Database, userId: string): Promise<FactorStatus> {
  const [app] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  const left = await db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return { enrolled: Boolean(app?.confirmedAt), recoveryCodesLeft: Number(left), passkeys: keys };
}

/** Whether the account has its second factor on (an authenticator app proved by a code). */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [app] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return Boolean(app);
}

/**
 * The authenticator-app secret offered to a session for enrolment: derived from the session (an
 * HMAC under a server key), so a reload shows the same QR code and nothing is stored until a
 * code proves the app has it (a page's GET changes nothing).
 */
export function offeredTotpSecret(offerKey: string, sessionToken: string): string {
  const bytes = createHmac("sha256", offerKey).update(`second-factor-offer:${sessionToken}`).digest().subarray(0, 20);
  return base32(bytes);
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

export type EnrolResult = { status: "ok"; recoveryCodes: string[] } | { status: "wrong-code" } | { status: "enrolled" };

/**
 * Keeps the offered authenticator app once `code` proves the person's app shows its codes, and
 * gives the account ten new recovery codes (returned once: only their hashes are stored). An
 * account that already has one keeps it (two tabs enrolling at once: the first wins).
 */
export async function enrolAuthenticatorApp(
  db: Database,
  userId: string,
  secret: string,
  code: string,
  now = new Date(),
): Promise<EnrolResult> {
  const step = matchingStep(secret, normaliseCode(code), now);
  if (step === null) return { status: "wrong-code" };
  return db.transaction(async (tx) => {
    const kept = await tx
      .insert(totpFactors)
      .values({ userId, secret, confirmedAt: now, lastUsedStep: step })
      .onConflictDoNothing()
      .returning({ userId: totpFactors.userId });
    if (!kept.length) return { status: "enrolled" } as const;
    await mailSecondFactorChange(tx, userId, "turned-on");
    return { status: "ok", recoveryCodes: await replaceRecoveryCodes(tx, userId) } as const;
  });
}

async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ id: newId(), userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Ten new recovery codes for an enrolled account; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Database,
  userId: string,
): Promise<{ status: "ok"; recoveryCodes: string[] } | { status: "not-enrolled" }> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
      .for("update");
    if (!app) return { status: "not-enrolled" } as const;
    await mailSecondFactorChange(tx, userId, "new-recovery-codes");
    return { status: "ok", recoveryCodes: await replaceRecoveryCodes(tx, userId) } as const;
  });
}

export type CheckResult =
  | { status: "ok"; method: "app" }
  | { status: "ok"; method: "recovery-code"; recoveryCodesLeft: number }
  | { status: "wrong-code" }
  | { status: "not-enrolled" };

/**
 * Checks a code from the authenticator app, or a recovery code, and uses it up: an app code's
 * step, and everything before it, is refused afterwards (one UPDATE decides, so two requests
 * with the same code cannot both pass); a recovery code is marked used.
 */
export async function checkSecondFactor(
  db: Database,
  userId: string,
  typed: string,
  now = new Date(),
): Promise<CheckResult> {
  const code = normaliseCode(typed);
  const [app] = await db
    .select({ secret: totpFactors.secret })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  if (!app) return { status: "not-enrolled" };
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(app.secret, code, now);
    if (step === null) return { status: "wrong-code" };
    const used = await db
      .update(totpFactors)
      .set({ lastUsedStep: step, updatedAt: now })
      .where(
        and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))),
      )
      .returning({ userId: totpFactors.userId });
    return used.length ? { status: "ok", method: "app" } : { status: "wrong-code" };
  }
  if (!/^[A-Z0-9]{10}$/.test(code)) return { status: "wrong-code" };
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!used.length) return { status: "wrong-code" };
  const left = await db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { status: "ok", method: "recovery-code", recoveryCodesLeft: Number(left) };
}

/**
 * The security mail about a change to an account's second factor, queued in the change's
 * transaction (to a confirmed address by name, as the password mails).
 */
export async function mailSecondFactorChange(db: Database, userId: string, change: SecondFactorChange) {
  const [user] = await db
    .select({ email: users.email, name: users.name, confirmed: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const { appName } = await getAppSettings(db);
  await queueEmail(db, secondFactorChangedMail(user.email, user.confirmed ? user.name : null, change, appName));
}

/** A member turns their second factor off: it is removed, and they are mailed about it. */
export async function turnOffSecondFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await removeSecondFactors(tx, userId);
    await mailSecondFactorChange(tx, userId, "turned-off");
  });
}

/** Removes every second factor of an account: its app, recovery codes and passkeys. */
export async function removeSecondFactors(db: Database, userId: string): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}
