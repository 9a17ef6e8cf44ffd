import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { finishSignIn } from "~test/sign-in";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

const SUPER_ADMIN = { email: "root@adnaira.test", password: "login-test-super-admin-pw", name: "Super Admin" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
});
afterAll(async () => app?.close());

const SESSION = "adnaira_session";

describe("login failures", () => {
  it("answers a wrong password with 401 and 'Invalid email or password', and no session", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post("/login", { email: user.email, password: "not-the-password" });
    expect(res.status).toBe(401);
    expect(pageText(res.body)).toContain("Invalid email or password");
    expect(res.body).toContain("Login Failed");
    expect(client.cookies.has(SESSION)).toBe(false);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const res = await app.client().post("/login", { email: "nobody-here@example.ng", password: "not-the-password" });
    expect(res.status).toBe(401);
    expect(pageText(res.body)).toContain("Invalid email or password");
  });

  it("asks an unconfirmed user to confirm and offers the resend form", async () => {
    const user = await createUser(app.services.db, { emailConfirmed: false });
    const client = app.client();
    const res = await client.post("/login", { email: user.email, password: user.password });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(client.cookies.has(SESSION)).toBe(false);
    expect(pageText(res.body)).toContain("Please confirm your email address before logging in.");
    const form = /<form\b[^>]*action="\/resend-confirmation"[^>]*>[\s\S]*?<\/form>/.exec(res.body)?.[0];
    expect(form, "a form posting to /resend-confirmation").toBeDefined();
    expect(form!).toMatch(/^<form\b[^>]*method="post"/i);
    const emailInput = /<input\b[^>]*\bname="email"[^>]*>/.exec(form!)?.[0] ?? "";
    expect(emailInput).toContain(`value="${user.email}"`);
    expect(pageText(form!)).toContain("Resend confirmation email");
  });

  it("does not reveal that an unconfirmed account exists to someone without the password", async () => {
    const user = await createUser(app.services.db, { emailConfirmed: false });
    const res = await app.client().post("/login", { email: user.email, password: "wrong-password-here" });
    expect(res.status).toBe(401);
    expect(res.body).not.toContain("resend-confirmation");
  });

  it("refuses a restricted user with 'Your account is restricted.'", async () => {
    const user = await createUser(app.services.db, { isRestricted: true });
    const client = app.client();
    const res = await client.post("/login", { email: user.email, password: user.password });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(pageText(res.body)).toContain("Your account is restricted.");
    expect(client.cookies.has(SESSION)).toBe(false);
  });

  it("asks for missing fields instead of signing in", async () => {
    const res = await app.client().post("/login", { email: "", password: "" });
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain("Email is required");
    expect(text).toContain("Password is required");
  });
});

describe("login success", () => {
  const cases = [
    { role: "user", home: "/dashboard", heading: "Welcome, Ngozi Okafor!" },
    { role: "admin", home: "/admin", heading: "Admin Dashboard" },
    { role: "super_admin", home: "/superadmin", heading: "Super Admin Dashboard" },
  ] as const;

  it.each(cases)("sends a $role to $home with the Login Successful toast", async ({ role, home, heading }) => {
    const person =
      role === "super_admin"
        ? SUPER_ADMIN
        : await createUser(app.services.db, {
            role,
            name: role === "user" ? "Ngozi Okafor" : "Admin Bayo",
            isApproved: true,
          });
    const client = app.client();
    const afterPassword = await client.post("/login", { email: person.email.toUpperCase(), password: person.password });
    // Staff enrol their second factor first (tests/http/second-factor.test.ts); the welcome waits for it.
    const res = await finishSignIn(client, person.email, afterPassword);
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: home });
    expect(client.cookies.has(SESSION)).toBe(true);

    const next = await client.get(home);
    expect(next.status).toBe(200);
    expect(pageText(next.body)).toContain(heading);
    // The toast travels to the next page in the hydration data (the browser shows it).
    expect(next.body).toContain("Login Successful");
    expect(next.body).toContain(`Welcome back, ${person.name}!`);

    // It is shown once.
    const again = await client.get(home);
    expect(again.body).not.toContain("Login Successful");
  });

  it("records the sign-in time", async () => {
    const user = await createUser(app.services.db);
    expect(user.lastLoginAt).toBeNull();
    await app.client().login(user.email, user.password);
    const [row] = await app.services.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
  });
});
