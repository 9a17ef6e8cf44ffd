import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailTokens } from "~/db/schema";
import { newId } from "~/domain/shared/ids";

/** What following an emailed link answers: "invalid-link" when it is unknown, used, revoked or expired. */
export type EmailLinkResult = { status: "ok" } | { status: "invalid-link" };

export type EmailTokenPurpose = "confirm_email" | "reset_password";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The token's row while it can still be used: right purpose, not used, not expired. */
function isLive(token: string, purpose: EmailTokenPurpose, now: Date) {
  return and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** Issues a single-use token; only its hash is stored. Returns the raw token for the link. */
export async function issueEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(emailTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, or null when it is unknown, used, expired
 * or for another purpose. A conditional update: two clicks at once consume it once.
 */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(isLive(token, purpose, now))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Marks every outstanding token of a purpose used: one reset or confirmation ends the others. */
export async function revokeEmailTokens(db: Database, userId: string, purpose: EmailTokenPurpose, now = new Date()) {
  await db
    .update(emailTokens)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Reads a token without consuming it (to show the right page before the POST). */
export async function peekEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now = new Date(),
): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(isLive(token, purpose, now));
  return row?.userId ?? null;
}
