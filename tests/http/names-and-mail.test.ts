import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { NAME_ONE_LINE_MESSAGE, STAFF_NAME_MESSAGE } from "~/domain/accounts/validation";
import { BUSINESS_NAME_PLATFORM_MESSAGE } from "~/domain/advertisers/validation";
import { emailsTo } from "~/domain/mail/outbox.server";
import { foreignLinks } from "~/domain/mail/templates";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

const SUPER_ADMIN = { email: "root@adnaira.test", password: "names-test-super-admin-pw" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
});
afterAll(async () => app?.close());

const PASSWORD = "kola-nut-evening-breeze";
const MULTI_LINE_NAMES = [
  "Ngozi\nYour account is locked",
  "Ngozi\r\nVerify now",
  "Ngozi\tOkafor",
  "Obi \u202Eelif.exe",
  "Ada\u2028Obi",
  "Ada\u200BObi",
];

const registration = (name: string) => ({
  name,
  email: `reader.${Math.random().toString(36).slice(2, 8)}@example.ng`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  referralCode: "",
});

describe("names are one line wherever they are entered", () => {
  it("registration refuses a name with line breaks or invisible characters", async () => {
    for (const name of MULTI_LINE_NAMES) {
      const form = registration(name);
      const res = await app.client().post("/register", form);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(pageText(res.body)).toContain(NAME_ONE_LINE_MESSAGE);
      expect(await app.services.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
    }
  });

  it("a profile name change refuses them too", async () => {
    const member = await createUser(app.services.db, { name: "Ngozi Okafor" });
    const client = app.client();
    await client.login(member.email, member.password);
    for (const name of MULTI_LINE_NAMES) {
      const res = await client.post("/profile/name", { name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(pageText(res.body)).toContain(NAME_ONE_LINE_MESSAGE);
    }
    const [row] = await app.services.db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    expect(row?.name).toBe("Ngozi Okafor");
  });

  it("so does the super admin creating an admin", async () => {
    const client = app.client();
    await client.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    for (const name of MULTI_LINE_NAMES) {
      const email = `admin.${Math.random().toString(36).slice(2, 8)}@example.ng`;
      const res = await client.post("/superadmin", {
        intent: "create-admin",
        name,
        email,
        password: PASSWORD,
        permissions: "view_reports",
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(pageText(res.body)).toContain(NAME_ONE_LINE_MESSAGE);
      expect(await app.services.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
  });

  it("trims a name and keeps it otherwise as typed", async () => {
    const form = registration("  Chukwuemeka Obi-Eze  ");
    expect((await app.client().post("/register", form)).status).toBe(302);
    const [row] = await app.services.db.select({ name: users.name }).from(users).where(eq(users.email, form.email));
    expect(row?.name).toBe("Chukwuemeka Obi-Eze");
  });
});

describe("members cannot pose as staff by name", () => {
  const POSING = ["Admin Tunde", "AdNaira Support", "staff", "Tunde (SUPPORT)"];

  it("a member's rename on /profile refuses AdNaira, admin, support or staff as a word", async () => {
    const member = await createUser(app.services.db, { name: "Tunde Bakare", isApproved: true });
    const client = app.client();
    await client.login(member.email, member.password);
    for (const name of POSING) {
      const res = await client.post("/profile/name", { name });
      expect(res.status, name).toBe(400);
      expect(pageText(res.body)).toContain(STAFF_NAME_MESSAGE);
    }
    const [row] = await app.services.db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    expect(row?.name).toBe("Tunde Bakare");
    // Inside another word they are only letters.
    expect((await client.post("/profile/name", { name: "Tunde Staffordshire" })).status).toBe(302);
  });

  it("staff may say so: an admin renames themselves, the super admin names an admin", async () => {
    const admin = await createUser(app.services.db, { role: "admin", name: "Kemi" });
    const client = app.client();
    await client.login(admin.email, admin.password);
    expect((await client.post("/profile/name", { name: "Kemi (AdNaira Support)" })).status).toBe(302);
    const [row] = await app.services.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id));
    expect(row?.name).toBe("Kemi (AdNaira Support)");

    const root = app.client();
    await root.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
    const email = `support.${Math.random().toString(36).slice(2, 8)}@example.ng`;
    await root.post("/superadmin", {
      intent: "create-admin",
      name: "Support Desk Admin",
      email,
      password: PASSWORD,
      permissions: "view_reports",
    });
    expect(await app.services.db.select({ name: users.name }).from(users).where(eq(users.email, email))).toEqual([
      { name: "Support Desk Admin" },
    ]);
  });

  it("a business signing up: the contact's name follows the members' rule; the business may not trade as AdNaira", async () => {
    const business = (overrides: Record<string, string>) => ({
      businessName: "Ikeja Foods Ltd",
      name: "Ada Obi",
      email: `shop.${Math.random().toString(36).slice(2, 8)}@example.ng`,
      phone: "08031234567",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...overrides,
    });
    const contact = business({ name: "AdNaira Support" });
    const refused = await app.client().post("/advertise", contact);
    expect(refused.status).toBe(400);
    expect(pageText(refused.body)).toContain(STAFF_NAME_MESSAGE);
    const brand = business({ businessName: "AdNaira Promotions" });
    const brandRefused = await app.client().post("/advertise", brand);
    expect(brandRefused.status).toBe(400);
    expect(pageText(brandRefused.body)).toContain(BUSINESS_NAME_PLATFORM_MESSAGE);
    for (const form of [contact, brand]) {
      expect(await app.services.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
    }
    const staffing = business({ businessName: "Admin Support Staffing Ltd" });
    expect((await app.client().post("/advertise", staffing)).status).toBe(302);
  });
});

describe("mail to an address nobody has confirmed", () => {
  it("the confirmation mail carries nothing the registrant typed, and only links to the app", async () => {
    const name = "Ngozi. Your account is locked: verify at https://account-verify.example/login";
    const form = registration(name);
    expect((await app.client().post("/register", form)).status).toBe(302);
    const [mail, ...others] = await emailsTo(app.services.db, form.email);
    expect(others).toHaveLength(0);
    expect(mail!.textBody).not.toContain("Ngozi");
    expect(mail!.textBody).not.toContain("verify");
    expect(mail!.textBody).toMatch(/^Hello,\n\n/);
    expect(foreignLinks(mail!.textBody, app.services.config.appUrl)).toEqual([]);
  });

  it("so do a resent confirmation and a password reset to an unconfirmed account", async () => {
    const unconfirmed = await createUser(app.services.db, {
      emailConfirmed: false,
      name: "Ada https://evil.example/x",
    });
    expect((await app.client().post("/resend-confirmation", { email: unconfirmed.email })).status).toBe(302);
    expect((await app.client().post("/forgot-password", { email: unconfirmed.email })).status).toBe(302);
    const mails = await emailsTo(app.services.db, unconfirmed.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Confirm your AdNaira email address",
      "Reset your AdNaira password",
    ]);
    for (const mail of mails) {
      expect(mail.textBody).toMatch(/^Hello,\n\n/);
      // The link's random token may spell anything ("…Ada…"): the words around it may not.
      const words = mail.textBody.replace(/\?token=[\w-]+/g, "?token=…");
      expect(words).not.toContain("Ada");
      expect(words).not.toContain("evil.example");
    }
  });

  it("a confirmed member is still greeted by name", async () => {
    const member = await createUser(app.services.db, { name: "Ngozi Okafor" });
    expect((await app.client().post("/forgot-password", { email: member.email })).status).toBe(302);
    const [mail] = await emailsTo(app.services.db, member.email);
    expect(mail!.textBody).toMatch(/^Hello Ngozi Okafor,\n\n/);
  });
});

describe("the approval mail", () => {
  async function approve(memberId: string) {
    const admin = await createUser(app.services.db, { role: "admin", permissions: ["manage_users"] });
    const client = app.client();
    await client.login(admin.email, admin.password);
    const res = await client.post("/admin/users", { intent: "approve", userId: memberId });
    expect(res.status).toBeLessThan(400);
    await app.services.flushMail();
  }

  it("greets a member whose (one-line) name holds a web address without it, and is delivered", async () => {
    const member = await createUser(app.services.db, { name: "Obi www.evil.example", isApproved: false });
    await approve(member.id);
    const [mail] = await emailsTo(app.services.db, member.email);
    expect(mail!.subject).toBe("Your AdNaira account is approved");
    expect(mail!.textBody).toMatch(/^Hello,\n\n/);
    expect(mail!.status).toBe("logged");
  });

  it("carries no name to an address that is not confirmed yet", async () => {
    const member = await createUser(app.services.db, {
      name: "Ngozi Okafor",
      isApproved: false,
      emailConfirmed: false,
    });
    await approve(member.id);
    const [mail] = await emailsTo(app.services.db, member.email);
    expect(mail!.textBody).toMatch(/^Hello,\n\n/);
  });
});
