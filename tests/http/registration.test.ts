import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referrals, users } from "~/db/schema";
import { STAFF_NAME_MESSAGE } from "~/domain/accounts/validation";
import { emailsTo } from "~/domain/mail/outbox.server";
import { pageText, redirectOutcome, redirectToast, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const PASSWORD = "kola-nut-evening-breeze";

function registration(overrides: Record<string, string> = {}) {
  return {
    name: "Chidi Eze",
    email: `chidi.${Math.random().toString(36).slice(2, 8)}@example.ng`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    referralCode: "",
    ...overrides,
  };
}

/** The value attribute of the input with the given name. */
function inputValue(html: string, name: string): string | null {
  const tag = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no input named ${name}`);
  return /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? null;
}

/** Where the page's first post form submits to. */
function formAction(html: string): string {
  const action = /<form\b[^>]*method="post"[^>]*action="([^"]*)"|<form\b[^>]*action="([^"]*)"[^>]*method="post"/.exec(
    html,
  );
  if (!action) throw new Error("no post form with an action on the page");
  return (action[1] ?? action[2]!).replace(/&amp;/g, "&");
}

async function userByEmail(email: string) {
  const [row] = await app.services.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("registration form errors", () => {
  it("refuses mismatched passwords with the Password Mismatch toast", async () => {
    const form = registration({ confirmPassword: "something-else-entirely" });
    const res = await app.client().post("/register", form);
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Passwords don't match!");
    expect(res.body).toContain("Password Mismatch");
    expect(await userByEmail(form.email)).toBeUndefined();
    // What was typed is kept, passwords are not.
    expect(inputValue(res.body, "name")).toBe("Chidi Eze");
    expect(inputValue(res.body, "email")).toBe(form.email);
    expect(inputValue(res.body, "password")).toBeNull();
  });

  it("says 'Referral code not found' for an unknown referral code and creates nothing", async () => {
    const form = registration({ referralCode: "NOSUCHCODE" });
    const res = await app.client().post("/register", form);
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("Referral code not found");
    expect(inputValue(res.body, "referralCode")).toBe("NOSUCHCODE");
    expect(await userByEmail(form.email)).toBeUndefined();
  });

  it("says 'Referral code not found' for the code of an admin, the super admin or an advertiser: only members refer", async () => {
    const [root] = await app.services.db.select().from(users).where(eq(users.role, "super_admin"));
    for (const role of ["admin", "super_admin", "advertiser"] as const) {
      // The app made its one super admin at start.
      const staff = role === "super_admin" ? root! : await createUser(app.services.db, { role });
      const form = registration({ referralCode: staff.referralCode });
      const res = await app.client().post("/register", form);
      expect(res.status, role).toBe(400);
      expect(pageText(res.body)).toContain("Referral code not found");
      expect(await userByEmail(form.email)).toBeUndefined();
      expect(await app.services.db.$count(referrals, eq(referrals.referrerId, staff.id))).toBe(0);
    }
    // A member's code still counts.
    const member = await createUser(app.services.db, { isApproved: true });
    const form = registration({ referralCode: member.referralCode });
    expect((await app.client().post("/register", form)).status).toBe(302);
    expect((await userByEmail(form.email))?.referredById).toBe(member.id);
  });

  it("refuses a name that poses as staff, and keeps what was typed", async () => {
    for (const name of ["Admin Tunde", "AdNaira Support", "staff"]) {
      const form = registration({ name });
      const res = await app.client().post("/register", form);
      expect(res.status, name).toBe(400);
      expect(pageText(res.body)).toContain(STAFF_NAME_MESSAGE);
      expect(inputValue(res.body, "name")).toBe(name);
      expect(await userByEmail(form.email)).toBeUndefined();
    }
    const form = registration({ name: "Badmington Staffordshire" });
    expect((await app.client().post("/register", form)).status).toBe(302);
  });

  it("refuses a common password", async () => {
    const form = registration({ password: "password123", confirmPassword: "password123" });
    const res = await app.client().post("/register", form);
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain("This password is too common.");
    expect(await userByEmail(form.email)).toBeUndefined();
  });

  it("refuses a short password and an invalid email", async () => {
    const res = await app
      .client()
      .post("/register", registration({ email: "not-an-email", password: "short", confirmPassword: "short" }));
    expect(res.status).toBe(400);
    const text = pageText(res.body);
    expect(text).toContain("Enter a valid email address");
    expect(text).toContain("Password must be at least 8 characters");
  });
});

describe("registration", () => {
  it("answers an existing email exactly like a new one", async () => {
    const existing = await createUser(app.services.db, { name: "Existing Emeka" });
    const fresh = await app.client().post("/register", registration());
    const taken = await app.client().post("/register", registration({ email: existing.email.toUpperCase() }));
    expect(redirectOutcome(taken)).toEqual(redirectOutcome(fresh));
    expect(redirectOutcome(fresh)).toEqual({
      status: 302,
      location: "/login",
      toast: {
        type: "success",
        title: "Registration Successful",
        description: "Please check your email to confirm your account.",
      },
    });
    // The existing account is untouched; its owner gets a notice instead of a confirmation link.
    const row = await userByEmail(existing.email);
    expect(row!.name).toBe("Existing Emeka");
    expect(row!.passwordHash).toBe(existing.passwordHash);
    const mails = await emailsTo(app.services.db, existing.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).not.toContain("/confirm-email");
  });

  it("pre-fills the referral code from /register?ref=CODE", async () => {
    const referrer = await createUser(app.services.db);
    const res = await app.client().get(`/register?ref=${referrer.referralCode}`);
    expect(res.status).toBe(200);
    expect(inputValue(res.body, "referralCode")).toBe(referrer.referralCode);
    expect(pageText(res.body)).toContain("A friend invited you: their referral code is filled in below.");
    expect(res.body).toContain("invited to join");
    const lower = await app.client().get(`/register?ref=${referrer.referralCode.toLowerCase()}`);
    expect(inputValue(lower.body, "referralCode")).toBe(referrer.referralCode);
    expect(pageText(lower.body)).toContain("A friend invited you");
  });

  it("a ?ref that matches no member invites nobody: the code is shown with Referral code not found", async () => {
    const admin = await createUser(app.services.db, { role: "admin" });
    for (const ref of ["NOSUCHCODE", admin.referralCode, "not a code!"]) {
      const res = await app.client().get(`/register?ref=${encodeURIComponent(ref)}`);
      expect(res.status, ref).toBe(200);
      const text = pageText(res.body);
      expect(text, ref).not.toContain("A friend invited you");
      expect(res.body, ref).not.toContain("invited to join");
      // What a shared link shows does not invite either.
      expect(res.body, ref).toMatch(/<meta property="og:url" content="[^"]*\/register"\/>/);
      // Filled in, as the link gave it, with the reason a sign-up would give: fix or clear it.
      expect(inputValue(res.body, "referralCode"), ref).toBe(ref.toUpperCase());
      expect(text, ref).toContain("Referral Code (Optional) Referral code not found");
    }
    // Without ?ref: no invitation and no refusal.
    const plain = pageText((await app.client().get("/register")).body);
    expect(plain).not.toContain("A friend invited you");
    expect(plain).not.toContain("Referral code not found");
  });

  it("registers, confirms by POST only, logs in and shows the pending-approval banner", async () => {
    const referrer = await createUser(app.services.db, { name: "Referrer Rose" });
    const form = registration({ name: "Funmi Adeyemi", referralCode: referrer.referralCode });
    const client = app.client();

    const res = await client.post("/register", form);
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/login" });
    // Said under the login heading, in the page (with or without JavaScript), not in a toast over it.
    const login = await client.get("/login");
    expect(pageText(/<main[\s\S]*<\/main>/.exec(login.body)?.[0] ?? "")).toContain(
      "Log in Welcome back. Log in to view adverts and track your earnings, or to run your campaigns. Registration Successful. Please check your email to confirm your account.",
    );
    // Said once: the next page has no such message.
    expect(pageText((await client.get("/login")).body)).not.toContain("Registration Successful");

    const created = await userByEmail(form.email);
    expect(created).toMatchObject({ name: "Funmi Adeyemi", role: "user", isApproved: false, emailConfirmedAt: null });
    const [referral] = await app.services.db.select().from(referrals).where(eq(referrals.referredId, created!.id));
    expect(referral?.referrerId).toBe(referrer.id);

    // Not confirmed yet: login says so.
    const early = await app.client().post("/login", { email: form.email, password: PASSWORD });
    expect(pageText(early.body)).toContain("Please confirm your email address");

    const link = await latestLink(app.services.db, form.email, "/confirm-email");
    const token = link.searchParams.get("token")!;
    expect(token).toBeTruthy();

    // Opening the link shows a button and changes nothing (scanners and prefetchers open links).
    const page = await client.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).toContain("Confirm my email");
    expect(inputValue(page.body, "token")).toBe(token);
    await client.get(link.pathname + link.search);
    expect((await userByEmail(form.email))!.emailConfirmedAt).toBeNull();

    const action = formAction(page.body);
    expect(action).toBe(link.pathname + link.search);
    const confirm = await client.post(action, { token });
    expect({ status: confirm.status, location: confirm.location }).toEqual({ status: 302, location: "/login" });
    expect(redirectToast(confirm)?.title).toBe("Email Confirmed");
    expect((await userByEmail(form.email))!.emailConfirmedAt).toBeInstanceOf(Date);

    // The link is single-use.
    const reused = await app.client().get(link.pathname + link.search);
    expect(pageText(reused.body)).toContain("This confirmation link is invalid or has expired.");
    const repost = await app.client().post("/confirm-email", { token });
    expect(redirectToast(repost)?.title).toBe("Confirmation Failed");

    const signedIn = await client.post("/login", { email: form.email, password: PASSWORD });
    expect({ status: signedIn.status, location: signedIn.location }).toEqual({ status: 302, location: "/dashboard" });
    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(200);
    const text = pageText(dashboard.body);
    expect(text).toContain("Welcome, Funmi Adeyemi!");
    expect(text).toContain("Your account is pending approval");
  });
});
