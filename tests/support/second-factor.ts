import { stepAt, totpCodeAt } from "~/domain/second-factor/totp";

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

/** The current step's code for an enrolment (it is used up once the app is kept). */
export async function enrolmentCode(email: string, secret: string): Promise<string> {
  apps.delete(email.toLowerCase());
  return unusedCode(email, secret);
}
