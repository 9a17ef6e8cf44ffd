import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { advertiserProfiles, ledgerAccounts, users } from "~/db/schema";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { confirmEmail } from "~/domain/accounts/confirm-email.server";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { DISPLAY_ID_ALPHABET } from "~/domain/shared/ids";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";
import { registerAdvertiser, type AdvertiserRegistration } from "./register-advertiser.server";
import { AdvertiserRegisterSchema, normalizeNigerianPhone } from "./validation";

const appUrl = new URL("https://adnaira.example");
const PASSWORD = "Lagos-Harmattan-2024!";

const { db } = await openTestDatabase();

const business = (overrides: Partial<AdvertiserRegistration> = {}): AdvertiserRegistration => ({
  businessName: "Mama Put Kitchens Ltd",
  name: "Adaeze Nwosu",
  email: `adaeze.${Math.random().toString(36).slice(2, 8)}@example.ng`,
  phone: "+2348031234567",
  password: PASSWORD,
  ...overrides,
});

describe("registerAdvertiser", () => {
  it("creates an advertiser (AD display id), its pending profile and its ledger accounts", async () => {
    const input = business({ email: "Owner@MamaPut.NG" });
    const result = await registerAdvertiser(db, input, { appUrl, clientIp: "::ffff:102.89.1.2" });
    expect(result.status).toBe("ok");
    const [user] = await db.select().from(users).where(eq(users.email, "owner@mamaput.ng"));
    expect(user!.id).toBe(result.newUserId);
    expect(user!.role).toBe("advertiser");
    expect(user!.name).toBe("Adaeze Nwosu");
    expect(user!.displayId).toMatch(new RegExp(`^AD[${DISPLAY_ID_ALPHABET}]{8}$`));
    expect(user!.emailConfirmedAt).toBeNull();
    expect(user!.signupIp).toBe("102.89.1.2");
    expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);

    const [profile] = await db.select().from(advertiserProfiles).where(eq(advertiserProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      businessName: "Mama Put Kitchens Ltd",
      phone: "+2348031234567",
      status: "pending",
      reviewedAt: null,
      rejectionReason: null,
    });

    const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user!.id));
    expect(accounts.map((a) => a.kind).sort()).toEqual(["user_available", "user_held"]);
    expect(accounts.every((a) => a.balanceKobo === 0n)).toBe(true);
  });

  it("mails the confirmation link as member registration does, with nothing the registrant typed", async () => {
    const input = business();
    const result = await registerAdvertiser(db, input, { appUrl });
    const mails = await emailsTo(db, input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.id).toBe(result.mailId);
    expect(mails[0]!.subject).toBe("Confirm your AdNaira email address");
    expect(mails[0]!.textBody).toMatch(/^Hello,\n\n/);
    expect(mails[0]!.textBody).not.toContain("Adaeze");
    expect(mails[0]!.textBody).not.toContain("Mama Put");

    expect(await authenticate(db, { email: input.email, password: PASSWORD })).toEqual({ status: "unconfirmed" });
    const link = await latestLink(db, input.email, "/confirm-email");
    expect(link.origin).toBe("https://adnaira.example");
    expect(await confirmEmail(db, link.searchParams.get("token")!)).toEqual({ status: "ok" });
    const signedIn = await authenticate(db, { email: input.email, password: PASSWORD });
    expect(signedIn.status === "ok" && signedIn.user.role).toBe("advertiser");
  });

  it("answers a taken email like member registration: nothing created, the owner warned", async () => {
    const owner = await createUser(db, { email: "taken.business@example.ng" });
    const before = (await db.select({ n: count() }).from(advertiserProfiles))[0]!.n;
    const result = await registerAdvertiser(db, business({ email: "TAKEN.business@example.ng" }), { appUrl });
    expect(result.status).toBe("ok");
    expect(result.newUserId).toBeUndefined();
    expect((await db.select({ n: count() }).from(advertiserProfiles))[0]!.n).toBe(before);
    const [after] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(after!.role).toBe("user");
    const mails = await emailsTo(db, "taken.business@example.ng");
    expect(mails.map((m) => m.subject)).toEqual(["Someone tried to register with your email"]);
  });
});

describe("the advertiser form", () => {
  it("normalises Nigerian phone numbers to +234 and refuses others", () => {
    expect(normalizeNigerianPhone("08031234567")).toBe("+2348031234567");
    expect(normalizeNigerianPhone(" 0803 123 4567 ")).toBe("+2348031234567");
    expect(normalizeNigerianPhone("+234 803-123-4567")).toBe("+2348031234567");
    expect(normalizeNigerianPhone("+2348031234567")).toBe("+2348031234567");
    for (const bad of [
      "8031234567",
      "0803123456",
      "080312345678",
      "+23408031234567",
      "+44803123456",
      "0803abc4567",
      "",
    ]) {
      expect(normalizeNigerianPhone(bad), bad).toBeNull();
    }
  });

  it("refuses a business name on more than one line or over 120 characters", () => {
    const form = {
      businessName: "Mama Put",
      name: "Ada",
      email: "a@example.ng",
      phone: "08031234567",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
    expect(AdvertiserRegisterSchema.safeParse(form).data?.phone).toBe("+2348031234567");
    for (const businessName of ["Mama\nPut", "x".repeat(121), "   ", "Mama\u202EPut"]) {
      const parsed = AdvertiserRegisterSchema.safeParse({ ...form, businessName });
      expect(parsed.success, JSON.stringify(businessName)).toBe(false);
    }
    expect(AdvertiserRegisterSchema.safeParse({ ...form, businessName: "x".repeat(120) }).success).toBe(true);
    expect(AdvertiserRegisterSchema.safeParse({ ...form, phone: "12345" }).success).toBe(false);
  });
});
