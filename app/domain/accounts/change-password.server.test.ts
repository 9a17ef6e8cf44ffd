import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { countUserSessions, createSession, findSessionUser } from "~/domain/sessions/sessions.server";
import { openTestDatabase } from "~test/database";
import { createUser, TEST_PASSWORD } from "~test/factories";
import { authenticate } from "./authenticate.server";
import { CHANGE_PASSWORD_REFUSALS, changePassword, COMMON_PASSWORD_MESSAGE } from "./change-password.server";
import { issueEmailToken, peekEmailToken } from "./email-tokens.server";

const { db } = await openTestDatabase();

const hashOf = async (id: string) =>
  (await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.h;

describe("changePassword", () => {
  it("tells each refusal on the profile form in its own words", () => {
    expect(CHANGE_PASSWORD_REFUSALS).toEqual({
      "wrong-password": "Current password is incorrect.",
      "common-password": COMMON_PASSWORD_MESSAGE,
    });
    expect(COMMON_PASSWORD_MESSAGE).toBe("This password is too common. Choose one that is harder to guess.");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await createUser(db);
    const other = await createSession(db, user.id);
    const result = await changePassword(db, {
      userId: user.id,
      currentPassword: "not-my-password",
      newPassword: "Abuja-rainy-season-77",
    });
    expect(result).toEqual({ status: "wrong-password" });
    expect(await hashOf(user.id)).toBe(user.passwordHash);
    expect(await findSessionUser(db, other)).not.toBeNull();
  });

  it("refuses a common new password", async () => {
    const user = await createUser(db);
    for (const newPassword of ["password1", "Password1"]) {
      const result = await changePassword(db, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword });
      expect(result).toEqual({ status: "common-password" });
    }
    expect(await hashOf(user.id)).toBe(user.passwordHash);
  });

  it("refuses an unknown user", async () => {
    const result = await changePassword(db, {
      userId: "no-such-user",
      currentPassword: TEST_PASSWORD,
      newPassword: "Abuja-rainy-season-77",
    });
    expect(result).toEqual({ status: "wrong-password" });
  });

  it("changes the password, ends other sessions and keeps the current one", async () => {
    const user = await createUser(db);
    const bystander = await createUser(db);
    const current = await createSession(db, user.id);
    const phone = await createSession(db, user.id);
    const laptop = await createSession(db, user.id);
    const theirs = await createSession(db, bystander.id);

    const result = await changePassword(db, {
      userId: user.id,
      currentPassword: TEST_PASSWORD,
      newPassword: "Abuja-rainy-season-77",
      keepSessionToken: current,
    });
    expect(result).toEqual({ status: "ok" });

    expect(await hashOf(user.id)).not.toBe(user.passwordHash);
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$/);
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD })).toEqual({
      status: "wrong-credentials",
    });
    expect((await authenticate(db, { email: user.email, password: "Abuja-rainy-season-77" })).status).toBe("ok");

    expect(await findSessionUser(db, current)).not.toBeNull();
    expect(await findSessionUser(db, phone)).toBeNull();
    expect(await findSessionUser(db, laptop)).toBeNull();
    expect(await countUserSessions(db, user.id)).toBe(1);
    expect(await findSessionUser(db, theirs)).not.toBeNull();
  });

  it("without a session to keep, ends them all", async () => {
    const user = await createUser(db);
    await createSession(db, user.id);
    await createSession(db, user.id);
    expect(
      await changePassword(db, {
        userId: user.id,
        currentPassword: TEST_PASSWORD,
        newPassword: "Kano-durbar-festival-9",
      }),
    ).toEqual({ status: "ok" });
    expect(await countUserSessions(db, user.id)).toBe(0);
  });

  it("spends outstanding password reset links", async () => {
    const user = await createUser(db);
    const resetToken = await issueEmailToken(db, user.id, "reset_password");
    expect(
      await changePassword(db, {
        userId: user.id,
        currentPassword: TEST_PASSWORD,
        newPassword: "Enugu-coal-city-2026",
      }),
    ).toEqual({ status: "ok" });
    expect(await peekEmailToken(db, resetToken, "reset_password")).toBeNull();
  });

  it("mails the member about the change (with where to turn if it was not them); a refusal mails nothing", async () => {
    const user = await createUser(db, { name: "Kemi Adeyemi" });
    await changePassword(db, {
      userId: user.id,
      currentPassword: "not-my-password",
      newPassword: "Abuja-rainy-season-77",
    });
    expect(await emailsTo(db, user.email)).toHaveLength(0);
    const changed = await changePassword(db, {
      userId: user.id,
      currentPassword: TEST_PASSWORD,
      newPassword: "Abuja-rainy-season-77",
    });
    expect(changed).toEqual({ status: "ok" });
    // The same form posted again: the old password no longer matches, so no second mail.
    await changePassword(db, { userId: user.id, currentPassword: TEST_PASSWORD, newPassword: "Abuja-rainy-season-77" });
    const mails = await emailsTo(db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your AdNaira password was changed");
    expect(mails[0]!.textBody).toContain("Hello Kemi Adeyemi,");
    expect(mails[0]!.textBody).toContain("changed from your profile");
    expect(mails[0]!.textBody).toContain(
      "If this wasn't you, reset your password and contact support: {app}/forgot-password",
    );
  });
});
