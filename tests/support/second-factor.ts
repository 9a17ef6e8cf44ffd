import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { recoveryCodes, users } from "~/db/schema";
import { recoveryCodeHash } from "~/domain/second-factor/factors.server";
import { stepAt, totpCodeAt } from "~/domain/second-factor/totp";
import { newId } from "~/domain/shared/ids";

/**
 * The authenticator app of each staff account the tests signed in (by email): its secret, read
 * from the enrolment page as a person reads it, and the last step a code was sent for. A code
 * works once (its step is used up), so the next sign-in uses a later step, waiting for one when
 * the app's codes of this moment are spent.
 */
const apps = new Map<string, { secret: string; lastStep: number }>();

const STEP_MS = 30_000;

/** The key an enrolment page shows ("Key: ABCD EFGH …"), without its spaces. */
export function keyOnEnrolPage(text: string): string {
  const match = /Key:\s*((?:[A-Z2-7]{4}\s?)+)/.exec(text);
  if (!match) throw new Error("no authenticator key on the page");
  return match[1]!.replace(/\s/g, "");
}

/** Remembers an app a test enrolled itself, so later sign-ins of the account can answer it. */
export function rememberApp(email: string, secret: string, usedStep: number) {
  apps.set(email.toLowerCase(), { secret, lastStep: usedStep });
}

export function knownSecret(email: string): string | undefined {
  return apps.get(email.toLowerCase())?.secret;
}

/**
 * A code of `secret` no earlier sign-in used: this step's, else the next one's (the server takes
 * one step either side), else it waits for the next step. Records the step as used.
 */
export async function unusedCode(email: string, secret = knownSecret(email)): Promise<string> {
  if (!secret) throw new Error(`no authenticator app known for ${email}: sign it in through enrolment first`);
  const key = email.toLowerCase();
  const last = apps.get(key)?.secret === secret ? apps.get(key)!.lastStep : -Infinity;
  for (;;) {
    const now = stepAt(new Date());
    const step = [now, now + 1].find((s) => s > last);
    if (step !== undefined) {
      apps.set(key, { secret, lastStep: step });
      return totpCodeAt(secret, new Date(step * STEP_MS));
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
  }
}

/** A code of the account's app no earlier sign-in used, without waiting: null when this moment's are spent. */
export function codeNow(email: string): string | null {
  const key = email.toLowerCase();
  const app = apps.get(key);
  if (!app) throw new Error(`no authenticator app known for ${email}: sign it in through enrolment first`);
  const now = stepAt(new Date());
  const step = [now, now + 1].find((s) => s > app.lastStep);
  if (step === undefined) return null;
  apps.set(key, { secret: app.secret, lastStep: step });
  return totpCodeAt(app.secret, new Date(step * STEP_MS));
}

/**
 * A recovery code made for the account straight in its database (test set-up, as a factory's
 * row): for a test that signs one account in again and again within 30 seconds, whose app has
 * no unused code left at that moment. It is then typed at the login as a person types one.
 */
export async function mintRecoveryCode(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`no account ${email}`);
  const code = `TEST${newId()
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 6)}`
    .toUpperCase()
    .padEnd(10, "X");
  await db.insert(recoveryCodes).values({ id: newId(), userId: user.id, codeHash: recoveryCodeHash(code) });
  return code;
}

/** The current step's code for an enrolment (it is used up once the app is kept). */
export async function enrolmentCode(email: string, secret: string): Promise<string> {
  apps.delete(email.toLowerCase());
  return unusedCode(email, secret);
}
