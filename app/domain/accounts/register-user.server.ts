import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { referrals, users } from "~/db/schema";
import { queueEmail, sentRecently } from "~/domain/mail/outbox.server";
import { alreadyRegisteredMail, confirmEmailMail } from "~/domain/mail/templates";
import { newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { isUniqueViolation } from "~/db/errors.server";
import { issueEmailToken } from "./email-tokens.server";
import { hashPassword } from "./passwords.server";
import { holdReasonFor } from "~/domain/referrals/referral-abuse";
import { recordSignals, type Signal } from "~/domain/risk/signals.server";
import { normalizeIp } from "~/lib/ip-network";

export type RegisterUserOptions = {
  name: string;
  email: string;
  password: string;
  referralCode?: string;
  appUrl: URL;
  /** The client's address: stored as the sign-up address and compared with the referrer's. */
  clientIp?: string;
  /** What the request tells about the device (device id, fingerprint, network): recorded with the account. */
  signals?: readonly Signal[];
};

export type RegisterUserResult = RegisterAccountResult | { status: "referral-not-found" };

/**
 * Registers a pending account (with the address it came from), records its referral (with a
 * hold reason when it looks like a self-referral), and queues the confirmation mail, in one
 * transaction. An existing email gets a "someone tried to register" mail instead. Only members
 * refer: the code of an admin, the super admin or an advertiser is "referral-not-found".
 */
export async function registerUser(db: Database, options: RegisterUserOptions): Promise<RegisterUserResult> {
  const email = options.email.toLowerCase();
  const signupIp = normalizeIp(options.clientIp);
  // Hash first: the taken-email path costs the same time as the new-email path.
  const passwordHash = await hashPassword(options.password);

  let referrer: Referrer | undefined;
  if (options.referralCode) {
    referrer = await findReferrer(db, options.referralCode);
    if (!referrer) return { status: "referral-not-found" };
  }

  return registerAccount(db, { email, passwordHash, appUrl: options.appUrl, signals: options.signals }, async (tx) => {
    const userId = newId();
    await tx.insert(users).values({
      id: userId,
      displayId: newDisplayId("U"),
      name: options.name,
      email,
      passwordHash,
      role: "user",
      referralCode: newReferralCode(),
      referredById: referrer?.id,
      signupIp,
    });
    if (referrer) {
      await tx.insert(referrals).values({
        id: newId(),
        referrerId: referrer.id,
        referredId: userId,
        referralCode: referrer.referralCode,
        // Recorded either way; a reason here holds its reward for an admin instead of paying it.
        holdReason: holdReasonFor({ email }, referrer),
      });
    }
    return userId;
  });
}

type Referrer = { id: string; referralCode: string; email: string };

/** The member whose referral code this is (any case). Only members refer: staff's and advertisers' codes find no one. */
async function findReferrer(db: Database, code: string): Promise<Referrer | undefined> {
  const [referrer] = await db
    .select({ id: users.id, referralCode: users.referralCode, email: users.email })
    .from(users)
    .where(and(eq(users.referralCode, code.toUpperCase()), eq(users.role, "user")));
  return referrer;
}

/**
 * Whether a referral link's code is one a sign-up would accept (`/register?ref=CODE` says "a
 * friend invited you" only then). Says no more than the sign-up's own "Referral code not found".
 */
export async function isReferralCode(db: Database, code: string): Promise<boolean> {
  return (await findReferrer(db, code)) !== undefined;
}

/** A new account's outcome: the same whether the email was new or already taken, so it reveals nothing. */
export type RegisterAccountResult = { status: "ok"; mailId: string | null; newUserId?: string };

/**
 * The registration machinery members and advertisers share. In one transaction: an email that is
 * taken gets a "someone tried to register" mail and nothing else; otherwise `create` inserts the
 * account (its users row with `email` and `passwordHash`, and whatever belongs with it) and
 * returns its id, and the confirmation mail is queued. Hash the password before calling, so the
 * taken-email path costs the same time as the new-email path. A random code that collided is
 * retried; a concurrent registration of the same email is answered as taken.
 */
export async function registerAccount(
  db: Database,
  account: { email: string; passwordHash: string; appUrl: URL; signals?: readonly Signal[] },
  create: (tx: Database) => Promise<string>,
): Promise<RegisterAccountResult> {
  const { email, appUrl } = account;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (existing) return { status: "ok" as const, mailId: await queueAlreadyRegistered(tx, email, appUrl) };
        const userId = await create(tx);
        // Its device with it: an account beyond a device's allowance is flagged from the start (its
        // mailbox once confirmed: confirmEmail).
        await recordSignals(tx, userId, account.signals ?? []);
        const token = await issueEmailToken(tx, userId, "confirm_email");
        const link = new URL(`/confirm-email?token=${token}`, appUrl).href;
        const mailId = await queueEmail(tx, confirmEmailMail(email, link));
        return { status: "ok" as const, mailId, newUserId: userId };
      });
    } catch (err) {
      // A concurrent registration took the email (answer as "taken"), or a random code collided (retry).
      if (isUniqueViolation(err, "users_email_unique")) {
        return { status: "ok", mailId: await queueAlreadyRegistered(db, email, appUrl) };
      }
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Tells the owner someone tried their email; at most once an hour, so it cannot be used to spam them. */
async function queueAlreadyRegistered(db: Database, email: string, appUrl: URL): Promise<string | null> {
  const mail = alreadyRegisteredMail(email, new URL("/login", appUrl).href, new URL("/forgot-password", appUrl).href);
  if (await sentRecently(db, email, mail.subject, new Date(Date.now() - 60 * 60 * 1000))) return null;
  return queueEmail(db, mail);
}
