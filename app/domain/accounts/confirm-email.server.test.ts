import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailTokens, users } from "~/db/schema";
import { emailsTo } from "~/domain/mail/outbox.server";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import { confirmEmail, resendConfirmation } from "./confirm-email.server";
import { consumeEmailToken, EMAIL_TOKEN_TTL_MS, issueEmailToken, peekEmailToken, sha256 } from "./email-tokens.server";

const appUrl = new URL("http://localhost:3000");
const HOUR = 60 * 60 * 1000;

const { db } = await openTestDatabase();

const confirmedAt = async (userId: string) =>
  (await db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)))[0]!.at;

describe("email tokens", () => {
  it("stores only the SHA-256 of the token and expires after the purpose's TTL", async () => {
    expect(EMAIL_TOKEN_TTL_MS.confirm_email).toBe(24 * HOUR);
    expect(EMAIL_TOKEN_TTL_MS.reset_password).toBe(HOUR);

    const user = await createUser(db, { emailConfirmed: false });
    const issuedAt = new Date("2030-01-01T08:00:00Z");
    const token = await issueEmailToken(db, user.id, "confirm_email", issuedAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits

    const [row] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime()).toBe(issuedAt.getTime() + 24 * HOUR);
    expect(row!.usedAt).toBeNull();

    // Peeking does not consume.
    expect(await peekEmailToken(db, token, "confirm_email", issuedAt)).toBe(user.id);
    expect(await peekEmailToken(db, token, "confirm_email", issuedAt)).toBe(user.id);
    expect(await peekEmailToken(db, token, "reset_password", issuedAt)).toBeNull();
    expect(await peekEmailToken(db, token, "confirm_email", new Date(issuedAt.getTime() + 24 * HOUR))).toBeNull();
  });

  it("is consumed once even when two consumers race", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const token = await issueEmailToken(db, user.id, "reset_password");
    const results = await Promise.all([
      consumeEmailToken(db, token, "reset_password"),
      consumeEmailToken(db, token, "reset_password"),
      consumeEmailToken(db, token, "reset_password"),
    ]);
    expect(results.filter((r) => r === user.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(2);
    expect(await peekEmailToken(db, token, "reset_password")).toBeNull();
  });

  it("unknown tokens are rejected", async () => {
    expect(await consumeEmailToken(db, "no-such-token", "confirm_email")).toBeNull();
    expect(await peekEmailToken(db, "", "confirm_email")).toBeNull();
  });
});

describe("confirmEmail", () => {
  it("confirms the account, and the link works only once", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const token = await issueEmailToken(db, user.id, "confirm_email");
    const at = new Date();
    expect(await confirmEmail(db, token, at)).toEqual({ status: "ok" });
    expect((await confirmedAt(user.id))!.getTime()).toBe(at.getTime());
    expect(await confirmEmail(db, token)).toEqual({ status: "invalid-link" });
  });

  it("expires 24 hours after it was issued", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const issuedAt = new Date("2030-03-01T12:00:00Z");
    const token = await issueEmailToken(db, user.id, "confirm_email", issuedAt);

    expect(await confirmEmail(db, token, new Date(issuedAt.getTime() + 24 * HOUR))).toEqual({ status: "invalid-link" });
    expect(await confirmEmail(db, token, new Date(issuedAt.getTime() + 25 * HOUR))).toEqual({ status: "invalid-link" });
    expect(await confirmedAt(user.id)).toBeNull();
    // A failed attempt does not burn the token: just inside the window it still works.
    expect(await confirmEmail(db, token, new Date(issuedAt.getTime() + 24 * HOUR - 1000))).toEqual({ status: "ok" });
    expect(await confirmedAt(user.id)).not.toBeNull();
  });

  it("a password-reset token cannot confirm an email", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const resetToken = await issueEmailToken(db, user.id, "reset_password");
    expect(await confirmEmail(db, resetToken)).toEqual({ status: "invalid-link" });
    expect(await confirmedAt(user.id)).toBeNull();
    // And it was not consumed by the attempt.
    expect(await peekEmailToken(db, resetToken, "reset_password")).toBe(user.id);
  });

  it("keeps the first confirmation time when the account is already confirmed", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    const first = await issueEmailToken(db, user.id, "confirm_email");
    const second = await issueEmailToken(db, user.id, "confirm_email");
    const t1 = new Date(Date.now() - 60_000);
    expect(await confirmEmail(db, first, t1)).toEqual({ status: "ok" });
    await confirmEmail(db, second);
    expect((await confirmedAt(user.id))!.getTime()).toBe(t1.getTime());
  });
});

describe("resendConfirmation", () => {
  it("sends a fresh link to an unconfirmed account (email in any case); the older link still works", async () => {
    const user = await createUser(db, { email: "resend@example.ng", emailConfirmed: false, name: "Resend Me" });
    const oldToken = await issueEmailToken(db, user.id, "confirm_email");

    const mailId = await resendConfirmation(db, "RESEND@Example.NG", appUrl);
    expect(mailId).toBeTypeOf("string");
    const mails = await emailsTo(db, "resend@example.ng");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(mailId);
    expect(mails[0]!.subject).toBe("Confirm your AdNaira email address");
    // Not confirmed yet: the mail carries nothing the registrant typed.
    expect(mails[0]!.textBody).toMatch(/^Hello,\n\n/);
    expect(mails[0]!.textBody).not.toContain("Resend Me");

    const link = await latestLink(db, "resend@example.ng", "/confirm-email");
    expect(link.origin).toBe("http://localhost:3000");
    const newToken = link.searchParams.get("token")!;
    expect(newToken).not.toBe(oldToken);

    // Both links are live until one is used: resending does not revoke the earlier mail.
    expect(await peekEmailToken(db, oldToken, "confirm_email")).toBe(user.id);
    expect(await peekEmailToken(db, newToken, "confirm_email")).toBe(user.id);
    expect(await confirmEmail(db, oldToken)).toEqual({ status: "ok" });
    expect(await confirmedAt(user.id)).not.toBeNull();
    // Once one link is used, the other is spent too.
    expect(await peekEmailToken(db, newToken, "confirm_email")).toBeNull();
  });

  it("does nothing for a confirmed account or an unknown email", async () => {
    const confirmed = await createUser(db, { email: "already@example.ng" });
    expect(await resendConfirmation(db, confirmed.email, appUrl)).toBeNull();
    expect(await emailsTo(db, confirmed.email)).toHaveLength(0);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, confirmed.id))).toHaveLength(0);

    expect(await resendConfirmation(db, "ghost@example.ng", appUrl)).toBeNull();
    expect(await emailsTo(db, "ghost@example.ng")).toHaveLength(0);
  });
});
