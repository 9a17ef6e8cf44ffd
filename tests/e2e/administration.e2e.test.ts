import { desc, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, sessions, users } from "~/db/schema";
import { createUser } from "~test/factories";
import {
  DESKTOP,
  describeViolations,
  dismissToast,
  expectToast,
  horizontalOverflow,
  MOBILE,
  screenshot,
  seriousA11yViolations,
  setUpBrowserSuite,
  signedInPage,
  signIn,
  submitLogin,
  visit,
} from "./support/browser";

/**
 * The administration screens end to end (Super admin dashboard, Admin dashboard, Manage
 * users, Application Settings, Profile; account states; toasts), with the super admin
 * configured through SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD as in production.
 *
 * The "journey" tests run in order and build on each other: the admin created in the first is
 * the one who moderates a member in the second, whose permissions change in the fifth, and the
 * audit log in the sixth must list exactly what they did. Errors in any browser page fail a test.
 */
const SUPER_ADMIN = {
  name: "Super Admin",
  email: "chief.admin@example.ng",
  password: "Lagos-Island-Super-2024!",
  role: "super_admin",
} as const;
const suite = setUpBrowserSuite({
  env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
});
const db = () => suite.app.services.db;

/** The admin the super admin creates in test 1, and the member that admin moderates in test 2. */
const journey = {
  admin: {
    name: "Ngozi Eze",
    email: "ngozi.eze@example.ng",
    password: "Abuja-Moderator-77!",
    role: "admin" as const,
    id: "",
  },
  member: { name: "Tunde Bakare", email: "", password: "", id: "" },
  appName: "Naira Rewards Hub",
};

const DEFAULT_PERMISSIONS = ["manage_users", "manage_adverts", "manage_withdrawals", "manage_notices", "view_reports"];

/** Quick Actions an admin with the default permissions sees on /admin (no Application Settings). */
const DEFAULT_QUICK_ACTIONS = [
  "Manage Users",
  "Manage Adverts",
  "Advertisers",
  "Manage Campaigns",
  "Withdrawal Requests",
  "Manage Notices",
  "Audit Log",
];

const pathname = (page: Page) => new URL(page.url()).pathname;
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ").trim();

/** Values of the ticked `permissions` checkboxes inside a form or dialog, in page order. */
const tickedPermissions = (scope: Locator) =>
  scope
    .locator("input[type='checkbox'][name='permissions']")
    .evaluateAll((boxes) => (boxes as HTMLInputElement[]).filter((b) => b.checked).map((b) => b.value));

/** Opens a ConfirmAction's alert dialog, checks its title, confirms, and waits until it closes. */
async function confirmThrough(page: Page, trigger: Locator, title: string, confirmLabel: string) {
  await trigger.click();
  const dialog = page.getByRole("alertdialog", { name: title });
  await dialog.waitFor({ state: "visible" });
  await dialog.getByRole("button", { name: confirmLabel, exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

async function openAccountMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor({ state: "visible" });
  return menu;
}

/** The Quick Actions card's links (waits for the card; an admin with none sees a note instead). */
async function quickActions(page: Page) {
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Quick Actions" }) });
  await card.waitFor({ state: "visible" });
  return card.getByRole("link").allInnerTexts();
}

const settingsRow = async () => (await db().select().from(appSettings).where(eq(appSettings.id, 1)))[0]!;
const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;

describe("administration journey", () => {
  it("1. the super admin signs in and creates an admin with the default permissions", async () => {
    const { page } = await signedInPage(suite, SUPER_ADMIN, DESKTOP, { keepToast: true });
    await expectToast(page, "Login Successful", { message: `Welcome back, ${SUPER_ADMIN.name}!`, variant: "success" });
    await page.getByRole("heading", { level: 1, name: "Super Admin Dashboard", exact: true }).waitFor();

    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create Admin" }) });
    // The default admin set is pre-ticked, and only it.
    await expect(tickedPermissions(form)).resolves.toEqual(DEFAULT_PERMISSIONS);
    for (const label of ["Manage users", "Manage adverts", "Manage withdrawals", "Manage notices", "View reports"]) {
      await expect(form.getByRole("checkbox", { name: label }).isChecked(), label).resolves.toBe(true);
    }
    for (const label of ["Manage settings", "Manage memberships", "Manage referrals"]) {
      await expect(form.getByRole("checkbox", { name: label }).isChecked(), label).resolves.toBe(false);
    }

    await form.getByLabel("Name").fill(journey.admin.name);
    await form.getByLabel("Email").fill(journey.admin.email);
    await form.getByLabel("Password", { exact: true }).fill(journey.admin.password);
    await form.getByRole("button", { name: "Create Admin" }).click();
    await expectToast(page, "Admin Created", {
      message: `Admin ${journey.admin.name} created successfully.`,
      variant: "success",
    });
    expect(pathname(page)).toBe("/superadmin");
    // The form starts again empty, with the defaults ticked.
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("");
    await expect(tickedPermissions(form)).resolves.toEqual(DEFAULT_PERMISSIONS);

    const list = page.getByRole("region", { name: "Active Administrators" });
    const row = list.getByTestId("admin-row").filter({ hasText: journey.admin.email });
    await row.waitFor({ state: "visible" });
    const rowText = await textOf(row);
    expect(rowText).toContain(journey.admin.name);
    expect(rowText).toContain("5 of 9 permissions");
    await expect(row.getByRole("list", { name: "Permissions" }).getByRole("listitem").allInnerTexts()).resolves.toEqual(
      ["Manage users", "Manage adverts", "Manage withdrawals", "Manage notices", "View reports"],
    );

    const admin = await userRow(journey.admin.email);
    expect(admin).toMatchObject({ role: "admin", isApproved: true, isRestricted: false, name: journey.admin.name });
    expect(admin.permissions).toEqual(DEFAULT_PERMISSIONS);
    journey.admin.id = admin.id;
  });

  it("2. the admin approves, restricts and unrestricts a member whose session ends at once", async () => {
    expect(journey.admin.id, "test 1 created the admin").not.toBe("");
    const member = await createUser(db(), { name: journey.member.name, isApproved: false });
    Object.assign(journey.member, { email: member.email, password: member.password, id: member.id });

    // The member is signed in (pending approval) in a context of their own.
    const mp = (await signedInPage(suite, member, MOBILE, { another: "member" })).page;
    await expect(mp.getByTestId("pending-approval").isVisible()).resolves.toBe(true);

    // The admin signs in (lands on /admin) and opens Manage Users from Quick Actions.
    const { page } = await signedInPage(suite, journey.admin, DESKTOP, { keepToast: true });
    await expectToast(page, "Login Successful", { message: `Welcome back, ${journey.admin.name}!` });
    await page.getByRole("link", { name: "Manage Users", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/users");
    await page.getByRole("heading", { level: 1, name: "Manage Users", exact: true }).waitFor();

    const row = page.getByTestId(`user-row-${member.email}`);
    const status = () => row.locator("td").nth(5).innerText(); // after Earnings and Joined
    await expect(status()).resolves.toBe("Pending");

    // Approve through the confirmation dialog; Cancel first changes nothing.
    await row.getByRole("button", { name: "Approve", exact: true }).click();
    const approveDialog = page.getByRole("alertdialog", { name: "Approve user?" });
    await approveDialog.waitFor({ state: "visible" });
    expect(await textOf(approveDialog)).toContain(
      `${member.name} (${member.email}) will be able to view adverts and earn.`,
    );
    await approveDialog.getByRole("button", { name: "Cancel" }).click();
    await approveDialog.waitFor({ state: "detached" });
    await expect(userRow(member.email)).resolves.toMatchObject({ isApproved: false });

    await confirmThrough(page, row.getByRole("button", { name: "Approve", exact: true }), "Approve user?", "Approve");
    await expectToast(page, "User Approved", {
      message: "The user has been approved and can now view adverts.",
      variant: "success",
    });
    await row.getByRole("button", { name: "Approve", exact: true }).waitFor({ state: "detached" });
    await expect(status()).resolves.toBe("Approved");
    await expect(userRow(member.email)).resolves.toMatchObject({ isApproved: true, isRestricted: false });

    // Restrict while the member's page is open.
    await confirmThrough(
      page,
      row.getByRole("button", { name: "Restrict", exact: true }),
      "Restrict user?",
      "Restrict",
    );
    await expectToast(page, "User Restricted", {
      message: "The user has been restricted and signed out.",
      variant: "success",
    });
    await row.getByRole("button", { name: "Unrestrict" }).waitFor({ state: "visible" });
    await expect(status()).resolves.toBe("Restricted");
    await expect(userRow(member.email)).resolves.toMatchObject({ isRestricted: true });

    // The member's next navigation (a client-side one, from the account menu) lands on /login, signed out.
    const menu = await openAccountMenu(mp, member.name);
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await mp.waitForURL((url) => url.pathname === "/login");
    await mp.getByRole("banner").getByRole("link", { name: "Login", exact: true }).waitFor({ state: "visible" });
    await expect(mp.getByRole("button", { name: `Account menu for ${member.name}` }).count()).resolves.toBe(0);
    // Logging in again is refused with the restriction message.
    await submitLogin(mp, member.email, member.password);
    await expectToast(mp, "Login Failed", { message: "Your account is restricted.", variant: "error" });
    expect(pathname(mp)).toBe("/login");

    // Unrestrict: the member can sign in again, still approved.
    await confirmThrough(page, row.getByRole("button", { name: "Unrestrict" }), "Unrestrict user?", "Unrestrict");
    await expectToast(page, "User Unrestricted", { message: "The user can sign in again.", variant: "success" });
    await expect(status()).resolves.toBe("Approved");
    await expect(userRow(member.email)).resolves.toMatchObject({ isApproved: true, isRestricted: false });
    await signIn(mp, member.email, member.password, "/dashboard");
    await expect(mp.getByTestId("pending-approval").count()).resolves.toBe(0);
  });

  it("3. an admin without manage_settings cannot see or change the settings, even with a crafted POST", async () => {
    const admin = await createUser(db(), { role: "admin", name: "Bisi Adeyemi" });
    expect(admin.permissions).not.toContain("manage_settings");
    const { page } = await signedInPage(suite, admin, DESKTOP);
    await expect(quickActions(page)).resolves.toEqual(DEFAULT_QUICK_ACTIONS);

    const menu = await openAccountMenu(page, admin.name);
    await expect(menu.getByRole("menuitem", { name: "Dashboard" }).getAttribute("href")).resolves.toBe("/admin");
    await expect(menu.getByRole("menuitem", { name: "App Settings" }).count()).resolves.toBe(0);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    const response = await visit(page, "/admin/settings");
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { level: 1, name: "Access Denied", exact: true }).waitFor();
    await expect(page.getByTestId("error-message").innerText()).resolves.toBe("Access Denied.");
    await expect(page.getByLabel("Application Name").count()).resolves.toBe(0);

    // A hand-made submission from the admin's own page, with their session cookie and this
    // site's Origin, both as a document POST and as React Router's data request.
    const before = await settingsRow();
    await visit(page, "/admin");
    const statuses = await page.evaluate(async () => {
      const post = async (url: string) => {
        const body = new URLSearchParams({ appName: "Hijacked Naira", logoUrl: "https://evil.example/logo.png" });
        const res = await fetch(url, { method: "POST", body, credentials: "same-origin", redirect: "manual" });
        return res.status;
      };
      return { document: await post("/admin/settings"), data: await post("/admin/settings.data") };
    });
    expect(statuses).toEqual({ document: 403, data: 403 });
    await expect(settingsRow()).resolves.toEqual(before);
    const audited = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audited).toEqual([]);
  });

  it("4. the super admin renames the app; the logo preview follows the typed URL; a bad URL is refused", async () => {
    const { page, context } = await signedInPage(suite, SUPER_ADMIN, DESKTOP);
    // The preview loads the typed https address: serve it here (the test machine has no internet).
    const logoUrl = "https://logos.example.ng/brand/naira-hub.svg";
    const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#008751"/></svg>`;
    await context.route("https://logos.example.ng/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/svg+xml", body: logoSvg }),
    );
    const menu = await openAccountMenu(page, SUPER_ADMIN.name);
    await menu.getByRole("menuitem", { name: "App Settings" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/settings");
    await page.getByRole("heading", { level: 1, name: "Application Settings", exact: true }).waitFor();
    await expect(page.getByLabel("Application Name").inputValue()).resolves.toBe("AdNaira");
    await expect(page.getByLabel("Logo URL").inputValue()).resolves.toBe("/logo.svg");

    // Rename.
    await page.getByLabel("Application Name").fill(journey.appName);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Settings Updated", {
      message: "Application settings have been updated.",
      variant: "success",
    });
    await page.waitForFunction(
      (name) => document.querySelector("[data-testid='app-name']")?.textContent === name,
      journey.appName,
    );
    await page.waitForFunction((title) => document.title === title, `Application Settings | ${journey.appName}`);
    await expect(page.getByLabel("Application Name").inputValue()).resolves.toBe(journey.appName);
    await expect(settingsRow()).resolves.toMatchObject({ appName: journey.appName, logoUrl: "/logo.svg" });
    // A full page load shows it too (server-rendered top bar and title).
    await visit(page, "/superadmin");
    await expect(page.getByTestId("app-name").innerText()).resolves.toBe(journey.appName);
    await expect(page.title()).resolves.toBe(`Super Admin Dashboard | ${journey.appName}`);

    // The preview follows the typed address.
    await visit(page, "/admin/settings");
    const preview = page.getByTestId("logo-preview");
    await expect(preview.getByRole("img", { name: "Logo preview" }).getAttribute("src")).resolves.toBe("/logo.svg");
    await page.getByLabel("Logo URL").fill(logoUrl);
    await page.waitForSelector(`img[alt="Logo preview"][src="${logoUrl}"]`);
    await page.getByText("This is how the logo will look.").waitFor();
    const natural = await preview
      .getByRole("img", { name: "Logo preview" })
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(natural, "the typed image really loaded").toBeGreaterThan(0);
    await screenshot(page, "admin-settings-preview-1280");

    // A javascript: address: no preview, a field error and "Update Failed"; nothing saved.
    const badUrl = "javascript:alert(1)";
    const expectedError =
      "Enter an https:// image address on another site, or the path of one of this site's images (such as /logo.svg or /assets/…)";
    await page.getByLabel("Logo URL").fill(badUrl);
    await preview.getByRole("img").waitFor({ state: "detached" });
    await page.getByText("Enter an acceptable logo address to see the logo.").waitFor();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Update Failed", { message: expectedError, variant: "error" });
    await expect(page.getByLabel("Logo URL").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.locator("main").getByText(expectedError).first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel("Logo URL").inputValue()).resolves.toBe(badUrl);
    await screenshot(page, "admin-settings-error-1280", { fullPage: false });
    expect(pathname(page)).toBe("/admin/settings");
    await expect(settingsRow()).resolves.toMatchObject({ appName: journey.appName, logoUrl: "/logo.svg" });
    await expect(page.getByTestId("app-name").innerText()).resolves.toBe(journey.appName);
  });

  it("5. permission changes apply on the admin's next page load; deactivation ends their session", async () => {
    expect(journey.admin.id, "test 1 created the admin").not.toBe("");
    const ap = (await signedInPage(suite, journey.admin, DESKTOP, { another: "admin" })).page;
    await expect(quickActions(ap)).resolves.toEqual(DEFAULT_QUICK_ACTIONS);

    const { page } = await signedInPage(suite, SUPER_ADMIN, DESKTOP);
    const row = page.getByTestId("admin-row").filter({ hasText: journey.admin.email });
    await row.getByRole("button", { name: `Manage permissions for ${journey.admin.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Manage Permissions" });
    await dialog.waitFor({ state: "visible" });
    await expect(tickedPermissions(dialog)).resolves.toEqual(DEFAULT_PERMISSIONS);

    // Cancel discards the ticks.
    await dialog.getByRole("checkbox", { name: "Manage users" }).uncheck();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect(userRow(journey.admin.email).then((u) => u.permissions)).resolves.toEqual(DEFAULT_PERMISSIONS);

    await row.getByRole("button", { name: `Manage permissions for ${journey.admin.name}` }).click();
    await dialog.waitFor({ state: "visible" });
    await expect(tickedPermissions(dialog)).resolves.toEqual(DEFAULT_PERMISSIONS);
    await dialog.getByRole("checkbox", { name: "Manage users" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Manage memberships" }).check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Permissions Updated", {
      message: `${journey.admin.name}'s permissions have been updated.`,
      variant: "success",
    });
    await dialog.waitFor({ state: "detached" });
    const expected = ["manage_adverts", "manage_withdrawals", "manage_memberships", "manage_notices", "view_reports"];
    await expect(userRow(journey.admin.email).then((u) => u.permissions)).resolves.toEqual(expected);
    await expect(row.getByRole("list", { name: "Permissions" }).getByRole("listitem").allInnerTexts()).resolves.toEqual(
      ["Manage adverts", "Manage withdrawals", "Manage memberships", "Manage notices", "View reports"],
    );

    // The admin's next page load reflects it.
    await visit(ap, "/admin");
    await expect(quickActions(ap)).resolves.toEqual([
      "Manage Adverts",
      "Advertisers",
      "Manage Campaigns",
      "Withdrawal Requests",
      "Manage Memberships",
      "Manage Notices",
      "Audit Log",
    ]);
    await expect(ap.getByTestId("stat-Total Users").count()).resolves.toBe(0);
    const denied = await visit(ap, "/admin/users");
    expect(denied?.status()).toBe(403);
    await expect(ap.getByTestId("error-message").innerText()).resolves.toBe(
      "Access Denied. You do not have permission to manage users.",
    );

    // Deactivate: the row goes, the admin's session ends and their login is refused.
    await visit(ap, "/admin");
    await confirmThrough(
      page,
      row.getByRole("button", { name: `Deactivate ${journey.admin.name}` }),
      "Deactivate this admin?",
      "Deactivate",
    );
    await expectToast(page, "Admin Deactivated", {
      message: `${journey.admin.name} can no longer sign in.`,
      variant: "success",
    });
    await row.waitFor({ state: "detached" });
    const deactivated = await userRow(journey.admin.email);
    expect(deactivated.deactivatedAt).toBeInstanceOf(Date);
    await expect(db().select().from(sessions).where(eq(sessions.userId, journey.admin.id))).resolves.toEqual([]);

    const menu = await openAccountMenu(ap, journey.admin.name);
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await ap.waitForURL((url) => url.pathname === "/login");
    await submitLogin(ap, journey.admin.email, journey.admin.password);
    await expectToast(ap, "Login Failed", { message: "Your account has been deactivated.", variant: "error" });
    expect(pathname(ap)).toBe("/login");
    const direct = await visit(ap, "/admin");
    expect(pathname(ap), `status ${direct?.status()}`).toBe("/login");
  });

  it("6. the audit log lists those actions newest first and filters by action and actor", async () => {
    const { page } = await signedInPage(suite, SUPER_ADMIN, DESKTOP);
    await page.getByRole("link", { name: "Audit Log" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Audit Log", exact: true }).waitFor();

    const rows = page.locator("table tbody tr");
    const entries = () =>
      rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = [...tr.querySelectorAll("td")].map((td) => td.textContent?.replace(/\s+/g, " ").trim() ?? "");
          return {
            action: tr.querySelector("[title]")?.getAttribute("title") ?? "",
            actor: cells[1] ?? "",
            target: cells[3] ?? "",
          };
        }),
      );
    const all = await entries();
    expect(all.map((e) => e.action)).toEqual([
      "admin.deactivate",
      "admin.permissions",
      "settings.update",
      "user.unrestrict",
      "user.restrict",
      "user.approve",
      "admin.create",
    ]);
    const by = (action: string) => all.find((e) => e.action === action)!;
    expect(by("admin.create").actor).toContain(SUPER_ADMIN.name);
    expect(by("admin.create").target).toBe(journey.admin.name);
    expect(by("admin.deactivate").target).toBe(journey.admin.name);
    expect(by("settings.update").target).toBe("Application settings");
    for (const action of ["user.approve", "user.restrict", "user.unrestrict"]) {
      expect(by(action).actor, action).toContain(journey.admin.name);
      expect(by(action).target, action).toBe(journey.member.name);
    }
    // The times are in order as well (newest first), to the minute shown.
    const times = await rows
      .locator("time")
      .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute("datetime") ?? "")));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Filter by action.
    await page.getByLabel("Action").selectOption("user.restrict");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("action") === "user.restrict");
    await rows.first().waitFor();
    await expect(entries().then((list) => list.map((e) => e.action))).resolves.toEqual(["user.restrict"]);

    // Filter by actor (the deactivated admin still appears): their three moderation actions.
    await page.getByLabel("Action").selectOption("");
    await page
      .getByLabel("Actor")
      .selectOption({ label: `${journey.admin.name} (${(await userRow(journey.admin.email)).displayId})` });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("actor") === journey.admin.id && !url.searchParams.get("action"),
    );
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 3);
    await expect(entries().then((list) => list.map((e) => e.action))).resolves.toEqual([
      "user.unrestrict",
      "user.restrict",
      "user.approve",
    ]);

    // The same, straight from the database.
    const stored = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(stored.map((s) => s.action)).toEqual(all.map((e) => e.action));
  });
});

describe("profile", () => {
  it('an admin edits their name: "Profile Updated" and the account menu shows the new name', async () => {
    const admin = await createUser(db(), { role: "admin", name: "Kemi Oladipo" });
    // On phones the toast sits over the top bar (and so the account menu): signedInPage closes it.
    const { page } = await signedInPage(suite, admin, MOBILE);
    const menu = await openAccountMenu(page, admin.name);
    await menu.getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");

    const newName = "Kemi Oladipo-Bello";
    await page.getByLabel("Name", { exact: true }).fill(newName);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "Profile Updated", { message: "User profile has been updated.", variant: "success" });
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe(newName);
    const info = page.locator("section").filter({ has: page.getByRole("heading", { name: "Account information" }) });
    expect(await textOf(info)).toContain(newName);

    await dismissToast(page);
    const updatedMenu = await openAccountMenu(page, newName);
    const menuText = await updatedMenu.innerText();
    expect(menuText).toContain(newName);
    expect(menuText).toContain(admin.email);
    await expect(userRow(admin.email)).resolves.toMatchObject({ name: newName });
  });

  it("a member changes their password: a refusal stays on the page, a success empties the fields", async () => {
    const member = await createUser(db(), { name: "Bisi Oyelaran", isApproved: true });
    const { page } = await signedInPage(suite, member, MOBILE);
    await visit(page, "/profile");
    const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Change password" }) });
    const newPassword = "Lekki-sunset-ferry-42";
    await page.getByLabel("Name", { exact: true }).fill("Bisi typed, not saved");
    await card.getByLabel("Current Password").fill("not-my-password-at-all");
    await card.getByLabel("New Password", { exact: true }).fill(newPassword);
    await card.getByLabel("Confirm New Password").fill(newPassword);
    await card.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Change Failed", { variant: "error" });
    await expect.poll(() => card.getByRole("alert").count()).toBe(1);
    // The page stayed as it was: same address, and what was typed in the other form is still there.
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Bisi typed, not saved");
    await dismissToast(page);

    await card.getByLabel("Current Password").fill(member.password);
    await card.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed", {
      message: "Your password has been successfully updated.",
      variant: "success",
    });
    await expect.poll(() => card.getByLabel("New Password", { exact: true }).inputValue()).toBe("");
    expect(await card.getByLabel("Current Password").inputValue()).toBe("");
    expect(await card.getByRole("alert").count()).toBe(0);
  });
});

describe("administration screens: accessibility, layout and screenshots", () => {
  beforeAll(async () => {
    // Every status badge on Manage Users, and an active admin on /superadmin.
    await createUser(db(), { name: "Amaka Pending", isApproved: false });
    await createUser(db(), { name: "Femi Restricted", isApproved: true, isRestricted: true });
    await createUser(db(), {
      role: "admin",
      name: "Chinedu Obi",
      permissions: ["manage_users", "manage_settings", "view_reports"],
    });
  });

  it.each([
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const)("no serious axe violations, no horizontal scroll at %s px", async (width, viewport) => {
    const { page } = await signedInPage(suite, SUPER_ADMIN, viewport, { keepToast: true });
    await screenshot(page, `superadmin-login-toast-${width}`, { fullPage: false });
    await dismissToast(page);
    const problems: Record<string, string> = {};
    // Problems are collected so that one run reports every page; the screenshots are taken regardless.
    const check = async (name: string, options: { dialog?: boolean } = {}) => {
      const violations = await seriousA11yViolations(page);
      if (violations.length) problems[name] = describeViolations(violations);
      const { scrollWidth, clientWidth } = await horizontalOverflow(page);
      if (scrollWidth > clientWidth)
        problems[`${name} overflow`] = `scrollWidth ${scrollWidth} > clientWidth ${clientWidth}`;
      await screenshot(page, `${name}-${width}`, { fullPage: !options.dialog });
    };

    await check("superadmin");
    await page
      .getByRole("button", { name: /^Manage permissions for / })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Manage Permissions" }).waitFor({ state: "visible" });
    await check("superadmin-manage-dialog", { dialog: true });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    for (const [name, path] of [
      ["admin-dashboard", "/admin"],
      ["admin-users", "/admin/users"],
      ["admin-settings", "/admin/settings"],
      ["admin-audit", "/admin/audit"],
    ] as const) {
      const response = await visit(page, path);
      expect(response?.status(), path).toBe(200);
      await check(name);
    }

    await visit(page, "/admin/users");
    await page.getByRole("button", { name: "Restrict", exact: true }).first().click();
    await page.getByRole("alertdialog", { name: "Restrict user?" }).waitFor({ state: "visible" });
    await check("admin-users-confirm", { dialog: true });

    expect(problems).toEqual({});
  });
});
