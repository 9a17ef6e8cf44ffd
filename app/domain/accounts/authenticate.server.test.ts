import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { createUser, TEST_PASSWORD } from "~test/factories";
import { authenticate, findPasswordBinding } from "./authenticate.server";

const { db } = await openTestDatabase();

const lastLoginAt = async (id: string) =>
  (await db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, id)))[0]!.at;

describe("authenticate", () => {
  it("signs in with the right password (email in any case) and stamps lastLoginAt", async () => {
    const user = await createUser(db, { email: "ada@example.ng" });
    expect(await lastLoginAt(user.id)).toBeNull();
    const now = new Date("2030-05-05T10:00:00Z");
    const result = await authenticate(db, { email: "ADA@Example.ng", password: TEST_PASSWORD }, now);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") throw new Error("unreachable");
    expect(result.user.id).toBe(user.id);
    expect(result.user.lastLoginAt?.getTime()).toBe(now.getTime());
    expect((await lastLoginAt(user.id))?.getTime()).toBe(now.getTime());
  });

  it("a wrong password or an unknown email is 'invalid' and stamps nothing", async () => {
    const user = await createUser(db);
    expect(await authenticate(db, { email: user.email, password: "wrong-password" })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: user.email, password: "" })).toEqual({ status: "wrong-credentials" });
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD.toUpperCase() })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: "nobody@example.ng", password: TEST_PASSWORD })).toEqual({
      status: "wrong-credentials",
    });
    expect(await lastLoginAt(user.id)).toBeNull();
  });

  it("reveals 'unconfirmed' only to someone who knows the password", async () => {
    const user = await createUser(db, { emailConfirmed: false });
    expect(await authenticate(db, { email: user.email, password: "wrong-password" })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD })).toEqual({ status: "unconfirmed" });
    expect(await lastLoginAt(user.id)).toBeNull();
  });

  it("reveals 'restricted' only to someone who knows the password", async () => {
    const user = await createUser(db, { isApproved: true, isRestricted: true });
    expect(await authenticate(db, { email: user.email, password: "wrong-password" })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: user.email, password: TEST_PASSWORD })).toEqual({ status: "restricted" });
    expect(await lastLoginAt(user.id)).toBeNull();

    // Unrestricted: signs in again.
    await db.update(users).set({ isRestricted: false }).where(eq(users.id, user.id));
    expect((await authenticate(db, { email: user.email, password: TEST_PASSWORD })).status).toBe("ok");
  });

  it("reveals 'deactivated' only to someone who knows the password", async () => {
    const admin = await createUser(db, { role: "admin" });
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, admin.id));
    expect(await authenticate(db, { email: admin.email, password: "wrong-password" })).toEqual({
      status: "wrong-credentials",
    });
    expect(await authenticate(db, { email: admin.email.toUpperCase(), password: TEST_PASSWORD })).toEqual({
      status: "deactivated",
    });
    expect(await lastLoginAt(admin.id)).toBeNull();

    // Reactivated (by hand; there is no screen for it): signs in again.
    await db.update(users).set({ deactivatedAt: null }).where(eq(users.id, admin.id));
    expect((await authenticate(db, { email: admin.email, password: TEST_PASSWORD })).status).toBe("ok");
  });

  it("a pending (unapproved) but confirmed user can sign in; approval is checked elsewhere", async () => {
    const user = await createUser(db, { isApproved: false });
    const result = await authenticate(db, { email: user.email, password: TEST_PASSWORD });
    expect(result.status).toBe("ok");
  });
});

describe("findPasswordBinding", () => {
  it("gives the account's id and current password hash for its email in any case, or null", async () => {
    const user = await createUser(db, { email: "binding@example.ng" });
    expect(await findPasswordBinding(db, "Binding@Example.NG")).toEqual({
      id: user.id,
      passwordHash: user.passwordHash,
    });
    expect(await findPasswordBinding(db, "nobody-bound@example.ng")).toBeNull();
  });
});
