import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, sessions, totpFactors, users } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { resetStaffFactorFromServer } from "~/domain/second-factor/reset-from-server.server";
import { stepAt, totpCodeAt } from "~/domain/second-factor/totp";
import { pageText, redirectToast, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { createUser, member } from "~test/factories";
import { keyOnEnrolPage, knownSecret, rememberApp, unusedCode } from "~test/second-factor";
import { signIn, signInAdmin } from "~test/sign-in";

/**
 * The second factor (issue 42 items 1–3, decision 030): staff enrol an authenticator app before
 * any admin screen opens and answer it at every sign-in; a code works once; wrong codes are
 * limited; money actions ask again after 15 minutes and keep the form; the super admin resets an
 * admin's factor, and the server alone resets the super admin's; members may turn it on.
 */

const ROOT = { email: "root@second-factor.test", password: "second-factor-root-pw-1", name: "Super Admin" };
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

const db = () => app.services.db;

/** The last time this client's session proved its factor is moved `minutes` into the past. */
async function ageFactorCheck(userId: string, minutes: number) {
  await db()
    .update(sessions)
    .set({ factorCheckedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.userId, userId));
}

async function passwordOnly(email: string, password: string): Promise<{ client: HttpClient; location: string | null }> {
  const client = app.client();
  const res = await client.post("/login", { email, password });
  expect(res.status).toBe(302);
  return { client, location: res.location };
}

describe("a staff sign-in", () => {
  it("opens nothing before the authenticator app is enrolled, then enrols it with one code and ten recovery codes", async () => {
    const admin = await createUser(db(), { role: "admin", name: "Enrolling Efe" });
    const { client, location } = await passwordOnly(admin.email, admin.password);
    expect(location).toBe("/login/enrol");
    // Every page sends the half-signed-in session back to its step; the header shows nobody.
    for (const path of ["/admin", "/admin/withdrawals", "/profile", "/login/verify", "/login/confirm", "/security"]) {
      expect((await client.get(path)).location, path).toBe("/login/enrol");
    }
    const page = await client.get("/login/enrol");
    expect(page.status).toBe(200);
    expect(page.body).toContain("<svg");
    expect(pageText(page.body)).not.toContain("Enrolling Efe");
    const key = keyOnEnrolPage(pageText(page.body));
    // A reload shows the same key, and a GET stores nothing.
    expect(keyOnEnrolPage(pageText((await client.get("/login/enrol")).body))).toBe(key);
    expect(await db().$count(totpFactors, eq(totpFactors.userId, admin.id))).toBe(0);

    const wrong = await client.post("/login/enrol", { secondFactorCode: "000000" });
    expect(wrong.status).toBe(401);
    expect(pageText(wrong.body)).toContain("That code is not right.");
    expect((await client.get("/admin")).location).toBe("/login/enrol");

    const now = new Date();
    const enrolled = await client.post("/login/enrol", { secondFactorCode: totpCodeAt(key, now) });
    rememberApp(admin.email, key, stepAt(now));
    expect(enrolled.status).toBe(200);
    const codes = pageText(enrolled.body).match(/\b[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}\b/g);
    expect(new Set(codes).size).toBe(10);
    expect(pageText(enrolled.body)).toContain("they will not be shown again");

    const onward = await client.post("/login/enrol", { intent: "continue" });
    expect(onward.location).toBe("/admin");
    expect(redirectToast(onward)).toMatchObject({ title: "Login Successful" });
    expect((await client.get("/admin")).status).toBe(200);
  });

  it("asks for the app's code at the next sign-in; a code works once, a recovery code once", async () => {
    const { user: admin } = await signInAdmin(app);
    const { client, location } = await passwordOnly(admin.email, admin.password);
    expect(location).toBe("/login/verify");
    expect((await client.get("/admin")).location).toBe("/login/verify");

    const code = await unusedCode(admin.email);
    const ok = await client.post("/login/verify", { secondFactorCode: code });
    expect({ status: ok.status, location: ok.location }).toEqual({ status: 302, location: "/admin" });
    expect(redirectToast(ok)).toMatchObject({ title: "Login Successful", description: `Welcome back, ${admin.name}!` });

    // The same code on another sign-in: refused (its step is used up).
    const again = await passwordOnly(admin.email, admin.password);
    const replay = await again.client.post("/login/verify", { secondFactorCode: code });
    expect(replay.status).toBe(401);
    expect(pageText(replay.body)).toContain("That code is not right.");
    expect((await again.client.get("/admin")).location).toBe("/login/verify");
  });

  it("takes a recovery code once, and says how many are left", async () => {
    const admin = await createUser(db(), { role: "admin" });
    const { client, location } = await passwordOnly(admin.email, admin.password);
    expect(location).toBe("/login/enrol");
    const key = keyOnEnrolPage(pageText((await client.get("/login/enrol")).body));
    const enrolled = await client.post("/login/enrol", { secondFactorCode: await unusedCode(admin.email, key) });
    const [first] = pageText(enrolled.body).match(/\b[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}\b/g)!;

    const lostPhone = await passwordOnly(admin.email, admin.password);
    const recovered = await lostPhone.client.post("/login/verify", { secondFactorRecoveryCode: first!.toLowerCase() });
    expect(recovered.location).toBe("/admin");
    expect(redirectToast(recovered)?.description).toContain("You have 9 recovery codes left");

    const reused = await passwordOnly(admin.email, admin.password);
    expect((await reused.client.post("/login/verify", { secondFactorRecoveryCode: first! })).status).toBe(401);
  });

  it("limits wrong codes as wrong passwords: past ten, even the right code waits", async () => {
    const { user: admin } = await signInAdmin(app);
    const { client } = await passwordOnly(admin.email, admin.password);
    for (let i = 0; i < 10; i++) {
      expect((await client.post("/login/verify", { secondFactorCode: "000000" })).status).toBe(401);
    }
    const blocked = await client.post("/login/verify", { secondFactorCode: await unusedCode(admin.email) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(pageText(blocked.body)).toContain("Too many attempts.");
    expect((await client.get("/admin")).location).toBe("/login/verify");
  });
});

describe("a money action after 15 minutes", () => {
  const limits = {
    minWithdrawal: "5",
    maxWithdrawal: "40,000",
    advertiserMaxWithdrawal: "900,000",
    withdrawalFee: "2",
  };
  const minWithdrawal = async () =>
    (await db().select({ min: appSettings.minWithdrawalKobo }).from(appSettings))[0]!.min;

  it("asks for a code, keeps what was typed, and goes through with the right code", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_settings"]);
    const before = await minWithdrawal();
    await ageFactorCheck(admin.id, 16);

    const asked = await client.post("/admin/settings/withdrawals", limits);
    expect(asked.location).toBe("/login/confirm");
    expect(await minWithdrawal()).toBe(before);
    const page = await client.get("/login/confirm");
    const text = pageText(page.body);
    expect(text).toContain("Confirm it's you");
    expect(text).toContain("To change the withdrawal limits, enter the code");
    expect(page.body).toContain('action="/admin/settings/withdrawals"');
    for (const [name, value] of Object.entries(limits)) {
      expect(page.body).toContain(`name="${name}" value="${value}"`);
    }

    // A wrong code: back to the page, still kept, nothing changed.
    const wrong = await client.post("/admin/settings/withdrawals", { ...limits, secondFactorCode: "000000" });
    expect(wrong.location).toBe("/login/confirm?error=wrong-code");
    expect(pageText((await client.get("/login/confirm?error=wrong-code")).body)).toContain("That code is not right.");
    expect(await minWithdrawal()).toBe(before);

    const done = await client.post("/admin/settings/withdrawals", {
      ...limits,
      secondFactorCode: await unusedCode(admin.email),
    });
    expect(done.location).toBe("/admin/settings");
    expect(redirectToast(done)).toMatchObject({ title: "Settings Updated" });
    expect(await minWithdrawal()).toBe(500n);
    // Fresh again: the next change goes straight through, and the kept form is gone.
    expect((await client.post("/admin/settings/withdrawals", { ...limits, minWithdrawal: "6" })).location).toBe(
      "/admin/settings",
    );
    expect((await client.get("/login/confirm")).location).toBe("/admin");
  });

  it("does not ask within 15 minutes of the last code", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_settings"]);
    await ageFactorCheck(admin.id, 14);
    expect((await client.post("/admin/settings/withdrawals", limits)).location).toBe("/admin/settings");
  });

  it("guards every money action named in the issue", async () => {
    const { user: admin, client } = await signInAdmin(app, PERMISSIONS);
    await ageFactorCheck(admin.id, 20);
    const guarded = [
      "/admin/settings/auto-payout",
      "/admin/settings/withdrawals",
      "/admin/settings/limits",
      "/admin/campaigns/confirm-payment",
      "/admin/memberships",
      "/admin/withdrawals",
      "/admin/risk/decide",
      `/admin/users/${admin.id}/release-payouts`,
      "/admin/referrals/review",
    ];
    for (const path of guarded) {
      expect((await client.post(path, { intent: "x" })).location, path).toBe("/login/confirm");
    }
  });
});

describe("resetting a factor", () => {
  it("by the super admin: audited, the admin is signed out and enrols again", async () => {
    const { user: admin, client: adminClient } = await signInAdmin(app, undefined, { name: "Phoneless Femi" });
    const root = await signIn(app, ROOT);
    const res = await root.post("/superadmin", { intent: "reset-second-factor", adminId: admin.id });
    expect(res.status).toBe(200);
    // The toast travels in the answer's data (the page shows it).
    expect(res.body).toContain("Two-Step Verification Reset");
    expect((await adminClient.get("/admin")).location).toBe("/login");
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.reset_second_factor"), eq(auditLog.targetId, admin.id)));
    expect(row).toMatchObject({ actorRole: "super_admin", after: { authenticatorApp: false, passkeys: 0 } });
    expect((await passwordOnly(admin.email, admin.password)).location).toBe("/login/enrol");
  });

  it("never for the super admin from the web; from the server, it is", async () => {
    const root = await signIn(app, ROOT);
    const [rootUser] = await db().select({ id: users.id }).from(users).where(eq(users.role, "super_admin"));
    const self = await root.post("/superadmin", { intent: "reset-second-factor", adminId: rootUser!.id });
    expect(self.status).toBe(409);
    expect(self.body).toContain("That admin does not exist or is deactivated.");
    expect(knownSecret(ROOT.email)).toBeDefined();

    expect(await resetStaffFactorFromServer(db(), "nobody@second-factor.test")).toEqual({ status: "not-staff" });
    const signedUp = await member(db());
    expect(await resetStaffFactorFromServer(db(), signedUp.email)).toEqual({ status: "not-staff" });
    expect(await resetStaffFactorFromServer(db(), ROOT.email.toUpperCase())).toMatchObject({
      status: "ok",
      role: "super_admin",
    });
    expect((await root.get("/superadmin")).location).toBe("/login");
    expect((await passwordOnly(ROOT.email, ROOT.password)).location).toBe("/login/enrol");
  });
});

describe("a member's own second factor", () => {
  it("is off until they turn it on; then it guards login, bank details and withdrawals; staff cannot turn theirs off", async () => {
    const someone = await member(db());
    const client = await signIn(app, someone);
    const page = await client.get("/security");
    expect(pageText(page.body)).toContain("Two-step verification Off");
    const key = keyOnEnrolPage(pageText(page.body));
    // The password is asked too: a session alone cannot tie the account to someone else's phone.
    const noPassword = await client.post("/security/turn-on", { secondFactorCode: "123456" });
    expect(noPassword.status).toBe(401);
    expect(pageText(noPassword.body)).toContain("Current password is incorrect.");
    const on = await client.post("/security/turn-on", {
      secondFactorCode: await unusedCode(someone.email, key),
      currentPassword: someone.password,
    });
    expect(on.status).toBe(200);
    expect(pageText(on.body)).toContain("Your recovery codes");

    const next = await passwordOnly(someone.email, someone.password);
    expect(next.location).toBe("/login/verify");
    const verified = await next.client.post("/login/verify", { secondFactorCode: await unusedCode(someone.email) });
    expect(verified.location).toBe("/dashboard");

    await ageFactorCheck(someone.id, 16);
    const bankForm = { bankCode: "058", accountNumber: "0123456789", currentPassword: someone.password };
    expect((await next.client.post("/profile/bank-details", bankForm)).location).toBe("/login/confirm");
    // The password is neither kept on the session nor written into the page: it is asked for again.
    const [kept] = await db()
      .select({ pending: sessions.pendingAction })
      .from(sessions)
      .where(and(eq(sessions.userId, someone.id), isNotNull(sessions.pendingAction)));
    expect(JSON.stringify(kept!.pending)).not.toContain(someone.password);
    expect(kept!.pending).toMatchObject({ path: "/profile/bank-details", askAgain: ["currentPassword"] });
    const confirm = await next.client.get("/login/confirm");
    expect(confirm.body).not.toContain(someone.password);
    expect(confirm.body).toContain('name="accountNumber" value="0123456789"');
    expect(confirm.body).toMatch(
      /<input[^>]*name="currentPassword"[^>]*type="password"|<input[^>]*type="password"[^>]*name="currentPassword"/,
    );
    expect((await next.client.post("/profile/withdraw", { amount: "10" })).location).toBe("/login/confirm");
    const off = await next.client.post("/security/turn-off", { secondFactorCode: await unusedCode(someone.email) });
    expect(redirectToast(off)).toMatchObject({ title: "Two-Step Verification Off" });
    expect((await passwordOnly(someone.email, someone.password)).location).toBe("/dashboard");

    const { client: staff } = await signInAdmin(app);
    expect((await staff.post("/security/turn-off", {})).status).toBe(403);
  });
});
