import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, referrals, users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { countUserSessions, createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { openTestDatabase } from "~test/database";
import { createUser, TEST_PASSWORD } from "~test/factories";
import { latestLink } from "~test/mail";
import { authenticate } from "./authenticate.server";
import { confirmEmail } from "./confirm-email.server";
import { issueEmailToken } from "./email-tokens.server";
import { registerUser } from "./register-user.server";
import { requestPasswordReset, resetPassword } from "./reset-password.server";

const appUrl = new URL("https://adnaira.example");
const MINUTE = 60 * 1000;
const NEW_PASSWORD = "Enugu-coal-camp-2031";

const { db } = await openTestDatabase();

const resetToken = async (email: string) => (await latestLink(db, email, "/reset-password")).searchParams.get("token")!;

describe("requestPasswordReset", () => {
  it("queues nothing for an unknown email", async () => {
    const before = await db.select({ id: emails.id }).from(emails);
    expect(await requestPasswordReset(db, "ghost@example.ng", appUrl)).toBeNull();
    expect(await db.select({ id: emails.id }).from(emails)).toHaveLength(before.length);
  });

  it("mails a /reset-password link on the app URL (email in any case)", async () => {
    const user = await createUser(db, { email: "reset.link@example.ng", name: "Funke Reset" });
    const mailId = await requestPasswordReset(db, "Reset.Link@EXAMPLE.ng", appUrl);
    expect(mailId).toBeTypeOf("string");
    const mails = await emailsTo(db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(mailId);
    expect(mails[0]!.subject).toBe("Reset your AdNaira password");
    expect(mails[0]!.textBody).toContain("Hello Funke Reset");
    const link = await latestLink(db, user.email, "/reset-password");
    expect(link.origin).toBe("https://adnaira.example");
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("resetPassword", () => {
  it("sets the new password, works once and ends every session", async () => {
    const user = await createUser(db);
    const s1 = await createSession(db, user.id);
    const s2 = await createSession(db, user.id);
    await requestPasswordReset(db, user.email, appUrl);
    const token = await resetToken(user.email);

    expect(await resetPassword(db, token, NEW_PASSWORD)).toEqual({ status: "ok" });
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD })).toEqual({
      status: "wrong-credentials",
    });
    expect((await authenticate(db, { email: user.email, password: NEW_PASSWORD })).status).toBe("ok");
    expect(await findSessionUser(db, s1)).toBeNull();
    expect(await findSessionUser(db, s2)).toBeNull();
    expect(await countUserSessions(db, user.id)).toBe(0);

    // Single use: the link cannot set the password again.
    expect(await resetPassword(db, token, "Another-password-55")).toEqual({ status: "invalid-link" });
    expect(await authenticate(db, { email: user.email, password: "Another-password-55" })).toEqual({
      status: "wrong-credentials",
    });
  });

  it("using one reset link spends every other outstanding reset link", async () => {
    const user = await createUser(db);
    const first = await issueEmailToken(db, user.id, "reset_password");
    const second = await issueEmailToken(db, user.id, "reset_password");
    expect(await resetPassword(db, second, NEW_PASSWORD)).toEqual({ status: "ok" });
    expect(await resetPassword(db, first, "Another-password-55")).toEqual({ status: "invalid-link" });
    expect((await authenticate(db, { email: user.email, password: NEW_PASSWORD })).status).toBe("ok");
  });

  it("an invalid link is refused before any password is hashed or changed", async () => {
    const user = await createUser(db);
    expect(await resetPassword(db, "not-a-real-token", NEW_PASSWORD)).toEqual({ status: "invalid-link" });
    expect((await authenticate(db, { email: user.email, password: TEST_PASSWORD })).status).toBe("ok");
  });

  it("the link expires after one hour", async () => {
    const user = await createUser(db);
    const stale = await issueEmailToken(db, user.id, "reset_password", new Date(Date.now() - 61 * MINUTE));
    expect(await resetPassword(db, stale, NEW_PASSWORD)).toEqual({ status: "invalid-link" });
    expect((await authenticate(db, { email: user.email, password: TEST_PASSWORD })).status).toBe("ok");

    const recent = await issueEmailToken(db, user.id, "reset_password", new Date(Date.now() - 59 * MINUTE));
    expect(await resetPassword(db, recent, NEW_PASSWORD)).toEqual({ status: "ok" });
  });

  it("greets an unconfirmed account without its name (someone else may have typed it)", async () => {
    const unconfirmed = await createUser(db, { emailConfirmed: false, name: "Ada https://evil.example" });
    await requestPasswordReset(db, unconfirmed.email, appUrl);
    const [mail] = await emailsTo(db, unconfirmed.email);
    expect(mail!.textBody).toMatch(/^Hello,\n\n/);
    expect(mail!.textBody).not.toContain("Ada");
  });

  it("confirms an unconfirmed account (the link proves the address), keeping an earlier confirmation", async () => {
    const unconfirmed = await createUser(db, { emailConfirmed: false });
    expect(await authenticate(db, { email: unconfirmed.email, password: TEST_PASSWORD })).toEqual({
      status: "unconfirmed",
    });
    await requestPasswordReset(db, unconfirmed.email, appUrl);
    expect(await resetPassword(db, await resetToken(unconfirmed.email), NEW_PASSWORD)).toEqual({ status: "ok" });
    const [row] = await db.select().from(users).where(eq(users.id, unconfirmed.id));
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
    expect((await authenticate(db, { email: unconfirmed.email, password: NEW_PASSWORD })).status).toBe("ok");

    const confirmed = await createUser(db);
    await requestPasswordReset(db, confirmed.email, appUrl);
    expect(await resetPassword(db, await resetToken(confirmed.email), NEW_PASSWORD)).toEqual({ status: "ok" });
    const [after] = await db.select().from(users).where(eq(users.id, confirmed.id));
    expect(after!.emailConfirmedAt!.getTime()).toBe(confirmed.emailConfirmedAt!.getTime());
  });

  it("does not accept a confirmation token, and a reset token does not confirm", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const confirmToken = await issueEmailToken(db, user.id, "confirm_email");
    expect(await resetPassword(db, confirmToken, NEW_PASSWORD)).toEqual({ status: "invalid-link" });
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD })).toEqual({
      status: "unconfirmed",
    });
    // The confirmation token is still good for its own purpose.
    expect(await confirmEmail(db, confirmToken)).toEqual({ status: "ok" });
  });

  it("an unknown token changes nothing", async () => {
    expect(await resetPassword(db, "made-up-token", NEW_PASSWORD)).toEqual({ status: "invalid-link" });
  });
});

describe("resetPassword on a never-confirmed account", () => {
  it("drops the referral whoever registered the address attached (the owner takes it over)", async () => {
    const squatterReferrer = await createUser(db);
    const result = await registerUser(db, {
      name: "Not The Owner",
      email: "squatted@example.ng",
      password: "Owerri-morning-mist-4",
      referralCode: squatterReferrer.referralCode,
      appUrl,
    });
    expect(result.status).toBe("ok");
    await requestPasswordReset(db, "squatted@example.ng", appUrl);
    expect(await resetPassword(db, await resetToken("squatted@example.ng"), NEW_PASSWORD)).toEqual({ status: "ok" });
    const [owner] = await db.select().from(users).where(eq(users.email, "squatted@example.ng"));
    expect(owner!.referredById).toBeNull();
    expect(await db.select().from(referrals).where(eq(referrals.referredId, owner!.id))).toHaveLength(0);
  });

  it("mails the member that the password was changed with a reset link, once for the one link", async () => {
    const user = await createUser(db, { email: "reset.notice@example.ng", name: "Tunde Notice" });
    await requestPasswordReset(db, user.email, appUrl);
    const token = await resetToken(user.email);
    expect(await resetPassword(db, token, NEW_PASSWORD)).toEqual({ status: "ok" });
    expect(await resetPassword(db, token, NEW_PASSWORD)).toEqual({ status: "invalid-link" });
    const notices = (await emailsTo(db, user.email)).filter((m) => m.subject === "Your AdNaira password was changed");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain("Hello Tunde Notice,");
    expect(notices[0]!.textBody).toContain("changed with a password reset link");
    expect(notices[0]!.textBody).toContain("{app}/forgot-password");
  });
});
