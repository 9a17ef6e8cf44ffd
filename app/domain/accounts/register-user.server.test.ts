import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, emailTokens, referrals, users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { isUniqueViolation } from "~/db/errors.server";
import { DISPLAY_ID_ALPHABET, newDisplayId, newId, newReferralCode } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import { authenticate } from "./authenticate.server";
import { confirmEmail } from "./confirm-email.server";
import { verifyPassword } from "./passwords.server";
import { isReferralCode, registerUser } from "./register-user.server";

const appUrl = new URL("https://adnaira.example");
const PASSWORD = "Lagos-Harmattan-2024!";
const ALPHABET_CLASS = `[${DISPLAY_ID_ALPHABET}]`;

const { db } = await openTestDatabase();

const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const countUsers = async (email: string) =>
  (await db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n;

describe("registerUser", () => {
  it("creates a pending user with an argon2id hash, display id and referral code", async () => {
    const result = await registerUser(db, {
      name: "Chidi Okeke",
      email: "Chidi@Example.NG",
      password: PASSWORD,
      appUrl,
    });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") throw new Error("unreachable");
    expect(result.newUserId).toBeTypeOf("string");

    const user = await userByEmail("chidi@example.ng");
    expect(user).toBeDefined();
    expect(user!.id).toBe(result.newUserId);
    expect(user!.name).toBe("Chidi Okeke");
    expect(user!.role).toBe("user");
    expect(user!.isApproved).toBe(false);
    expect(user!.isRestricted).toBe(false);
    expect(user!.emailConfirmedAt).toBeNull();
    expect(user!.permissions).toEqual([]);
    expect(user!.membershipTierId).toBe("basic");
    expect(user!.referredById).toBeNull();
    expect(user!.displayId).toMatch(new RegExp(`^U${ALPHABET_CLASS}{8}$`));
    expect(user!.referralCode).toMatch(new RegExp(`^${ALPHABET_CLASS}{10}$`));
    // No look-alike characters in anything a person reads out.
    expect(user!.displayId.slice(1) + user!.referralCode).not.toMatch(/[01IO]/);

    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);
    expect(await verifyPassword(user!.passwordHash, "not-the-password")).toBe(false);

    // A fresh account cannot sign in before it is confirmed.
    expect(await authenticate(db, { email: "chidi@example.ng", password: PASSWORD })).toEqual({
      status: "unconfirmed",
    });
  });

  it("queues a confirmation mail with a /confirm-email link on the app URL", async () => {
    const result = await registerUser(db, { name: "Ngozi Eze", email: "ngozi@example.ng", password: PASSWORD, appUrl });
    if (result.status !== "ok") throw new Error(`unexpected ${result.status}`);

    const mails = await emailsTo(db, "ngozi@example.ng");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(result.mailId);
    expect(mails[0]!.status).toBe("pending");
    expect(mails[0]!.subject).toBe("Confirm your AdNaira email address");
    // Anyone can register with anyone's email: the mail carries nothing the registrant typed.
    expect(mails[0]!.textBody).toMatch(/^Hello,\n\n/);
    expect(mails[0]!.textBody).not.toContain("Ngozi");

    const link = await latestLink(db, "ngozi@example.ng", "/confirm-email");
    expect(link.origin).toBe("https://adnaira.example");
    expect(link.pathname).toBe("/confirm-email");
    const token = link.searchParams.get("token");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only a hash of the token is stored.
    const tokenRows = await db.select().from(emailTokens).where(eq(emailTokens.userId, result.newUserId!));
    expect(tokenRows).toHaveLength(1);
    expect(tokenRows[0]!.purpose).toBe("confirm_email");
    expect(tokenRows[0]!.tokenHash).not.toBe(token);

    // The link works.
    expect(await confirmEmail(db, token!)).toEqual({ status: "ok" });
    expect((await userByEmail("ngozi@example.ng"))!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await authenticate(db, { email: "ngozi@example.ng", password: PASSWORD })).status).toBe("ok");
  });

  it("answers an existing email (any case) the same way, changes nothing and warns the owner", async () => {
    const owner = await createUser(db, { email: "taken@example.ng", name: "Real Owner" });
    const usersBefore = (await db.select({ n: count() }).from(users))[0]!.n;

    const result = await registerUser(db, {
      name: "Impostor",
      email: "TAKEN@Example.ng",
      password: "some-other-password-123",
      appUrl,
    });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") throw new Error("unreachable");
    expect(result.mailId).toBeTypeOf("string");
    expect(result.newUserId).toBeUndefined();

    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
    const after = await userByEmail("taken@example.ng");
    expect(after!.name).toBe("Real Owner");
    expect(after!.passwordHash).toBe(owner.passwordHash);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, owner.id))).toHaveLength(0);

    const mails = await emailsTo(db, "taken@example.ng");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(result.mailId);
    expect(mails[0]!.subject).toBe("Someone tried to register with your email");
    expect(mails[0]!.textBody).toContain("https://adnaira.example/login");
    expect(mails[0]!.textBody).toContain("https://adnaira.example/forgot-password");
    expect(mails[0]!.textBody).not.toContain("/confirm-email");
  });

  it("records the referrer (code in any case) and a pending referral", async () => {
    const referrer = await createUser(db, { name: "Referrer" });
    const result = await registerUser(db, {
      name: "Referred",
      email: "referred@example.ng",
      password: PASSWORD,
      referralCode: referrer.referralCode.toLowerCase(),
      appUrl,
    });
    if (result.status !== "ok") throw new Error(`unexpected ${result.status}`);

    const user = await userByEmail("referred@example.ng");
    expect(user!.referredById).toBe(referrer.id);
    const rows = await db.select().from(referrals).where(eq(referrals.referredId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      referrerId: referrer.id,
      referredId: user!.id,
      referralCode: referrer.referralCode,
      status: "pending",
      rewardKobo: null,
      approvedAt: null,
    });
  });

  it("refuses an unknown referral code and writes nothing", async () => {
    const usersBefore = (await db.select({ n: count() }).from(users))[0]!.n;
    const mailsBefore = (await db.select({ n: count() }).from(emails))[0]!.n;
    const referralsBefore = (await db.select({ n: count() }).from(referrals))[0]!.n;

    const result = await registerUser(db, {
      name: "Nobody",
      email: "badref@example.ng",
      password: PASSWORD,
      referralCode: "ZZZZZZZZZZ",
      appUrl,
    });
    expect(result).toEqual({ status: "referral-not-found" });

    expect(await countUsers("badref@example.ng")).toBe(0);
    expect((await db.select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
    expect((await db.select({ n: count() }).from(emails))[0]!.n).toBe(mailsBefore);
    expect((await db.select({ n: count() }).from(referrals))[0]!.n).toBe(referralsBefore);
  });

  it.each(["admin", "super_admin", "advertiser"] as const)(
    "refuses the referral code of an %s as unknown, and writes nothing",
    async (role) => {
      const staff = await createUser(db, { role });
      const email = `via-${role}@example.ng`;
      const counts = async () => ({
        users: (await db.select({ n: count() }).from(users))[0]!.n,
        emails: (await db.select({ n: count() }).from(emails))[0]!.n,
        referrals: (await db.select({ n: count() }).from(referrals))[0]!.n,
      });
      const before = await counts();
      const result = await registerUser(db, {
        name: "Via Staff",
        email,
        password: PASSWORD,
        referralCode: staff.referralCode,
        appUrl,
      });
      expect(result).toEqual({ status: "referral-not-found" });
      expect(await countUsers(email)).toBe(0);
      expect(await counts()).toEqual(before);
    },
  );

  it("isReferralCode: a member's code in any case, never an admin's, an advertiser's or an unknown one (as the sign-up)", async () => {
    const referrer = await createUser(db);
    expect(await isReferralCode(db, referrer.referralCode)).toBe(true);
    expect(await isReferralCode(db, referrer.referralCode.toLowerCase())).toBe(true);
    expect(await isReferralCode(db, referrer.referralCode.slice(0, 7))).toBe(false);
    expect(await isReferralCode(db, newReferralCode())).toBe(false);
    for (const role of ["admin", "advertiser"] as const) {
      const other = await createUser(db, { role });
      expect(await isReferralCode(db, other.referralCode), role).toBe(false);
      const refused = await registerUser(db, {
        name: "Ada Eze",
        email: `ada.${role}.${newId().slice(0, 6)}@example.ng`,
        password: PASSWORD,
        referralCode: other.referralCode,
        appUrl,
      });
      expect(refused, role).toEqual({ status: "referral-not-found" });
    }
  });

  it("an empty referral code is the same as none", async () => {
    const result = await registerUser(db, {
      name: "No Ref",
      email: "noref@example.ng",
      password: PASSWORD,
      referralCode: "",
      appUrl,
    });
    expect(result.status).toBe("ok");
    expect((await userByEmail("noref@example.ng"))!.referredById).toBeNull();
  });

  it("ten simultaneous registrations of one email create exactly one user", async () => {
    const variants = ["race@example.ng", "RACE@example.ng", "Race@Example.ng", "race@EXAMPLE.NG"];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        registerUser(db, {
          name: `Racer ${i}`,
          email: variants[i % variants.length]!,
          password: `${PASSWORD}-${i}`,
          appUrl,
        }),
      ),
    );
    expect(results.every((r) => r.status === "ok")).toBe(true);
    const created = results.filter((r) => r.status === "ok" && r.newUserId);
    expect(created).toHaveLength(1);

    expect(await countUsers("race@example.ng")).toBe(1);
    const mails = await emailsTo(db, "race@example.ng");
    expect(mails.filter((m) => m.subject === "Confirm your AdNaira email address")).toHaveLength(1);
    // The owner hears about the attempts, capped (racing requests may each pass the cap check once).
    const warnings = mails.filter((m) => m.subject === "Someone tried to register with your email");
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(9);
    // Every answer that names a mail names one that really exists.
    const ids = new Set(mails.map((m) => m.id));
    for (const r of results) if (r.status === "ok" && r.mailId) expect(ids.has(r.mailId)).toBe(true);
  });

  it("sends the owner at most one 'someone tried to register' mail an hour", async () => {
    const owner = await createUser(db, { email: "repeat.owner@example.ng" });
    for (let i = 0; i < 4; i++) {
      const result = await registerUser(db, { name: "Intruder", email: owner.email, password: PASSWORD, appUrl });
      expect(result.status).toBe("ok");
    }
    const warnings = (await emailsTo(db, owner.email)).filter(
      (m) => m.subject === "Someone tried to register with your email",
    );
    expect(warnings).toHaveLength(1);
  });

  it("the database names a duplicate email users_email_unique, which the race handling relies on", async () => {
    const owner = await createUser(db);
    const error = await db
      .insert(users)
      .values({
        id: newId(),
        displayId: newDisplayId("U"),
        name: "Duplicate",
        email: owner.email,
        passwordHash: owner.passwordHash,
        referralCode: newReferralCode(),
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error, "users_email_unique")).toBe(true);
    expect(isUniqueViolation(error, "users_referralCode_unique")).toBe(false);
  });
});
