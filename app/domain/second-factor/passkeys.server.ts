import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, or, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passkeys } from "~/db/schema";

/**
 * Passkeys (WebAuthn) as a second factor besides the authenticator app (decision 030), through
 * SimpleWebAuthn. The relying party is the app's own origin (APP_URL): its host is the RP ID.
 */
export type RelyingParty = { name: string; id: string; origin: string };

/** At most this many passkeys per account: a phone, a laptop, a security key or two. */
export const MAX_PASSKEYS = 10;

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  return Number(await db.$count(passkeys, eq(passkeys.userId, userId)));
}

async function credentialsOf(db: Database, userId: string) {
  return db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** What the browser needs to create a passkey for the account (its existing ones excluded). */
export async function passkeyRegistrationOptions(
  db: Database,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await credentialsOf(db, user.id);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

export type AddPasskeyResult = { status: "ok" } | { status: "refused" } | { status: "too-many" };

/** Keeps the passkey the browser created, once its answer to `expectedChallenge` verifies. */
export async function addPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  response: unknown,
  expectedChallenge: string,
  name: string,
): Promise<AddPasskeyResult> {
  if ((await countPasskeys(db, userId)) >= MAX_PASSKEYS) return { status: "too-many" };
  const verified = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified || !verified.registrationInfo) return { status: "refused" };
  const { credential } = verified.registrationInfo;
  const kept = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return kept.length ? { status: "ok" } : { status: "refused" };
}

/** What the browser needs to sign in with one of the account's passkeys; null when it has none. */
export async function passkeyAuthenticationOptions(
  db: Database,
  rp: RelyingParty,
  userId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const existing = await credentialsOf(db, userId);
  if (!existing.length) return null;
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as never })),
    userVerification: "preferred",
  });
}

/**
 * Checks a passkey's answer to `expectedChallenge` for this account. Its signature counter must
 * grow (authenticators that keep none send 0 every time), and is stored in one conditional
 * UPDATE, so the same answer sent twice at once passes once.
 */
export async function checkPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  response: unknown,
  expectedChallenge: string,
): Promise<{ status: "ok" } | { status: "refused" }> {
  const id = (response as { id?: unknown } | null)?.id;
  if (typeof id !== "string") return { status: "refused" };
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!stored) return { status: "refused" };
  const verified = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports as never,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return { status: "refused" };
  const { newCounter } = verified.authenticationInfo;
  const used = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        eq(passkeys.counter, stored.counter),
        or(lt(passkeys.counter, newCounter), eq(sql`${newCounter}::bigint`, 0)),
      ),
    )
    .returning({ id: passkeys.id });
  return used.length ? { status: "ok" } : { status: "refused" };
}

export async function removePasskey(
  db: Database,
  userId: string,
  id: string,
): Promise<{ status: "ok"; name: string } | { status: "not-found" }> {
  const [removed] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return removed ? { status: "ok", name: removed.name } : { status: "not-found" };
}
