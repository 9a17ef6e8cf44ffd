import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, auditLog } from "~/db/schema";
import { getAppSettings } from "~/domain/settings/app-settings";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin, signInMember } from "~test/sign-in";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const limitsForm = (maxAdvertReward: string, maxAdvertBudget: string) => ({
  intent: "advert-limits",
  maxAdvertReward,
  maxAdvertBudget,
});
const limits = async () => {
  const settings = await getAppSettings(app.services.db);
  return { reward: settings.maxAdvertRewardKobo, budget: settings.maxAdvertBudgetKobo };
};

describe("Advert limits on /admin/settings", () => {
  it("shows the defaults; an admin without manage_settings (manage_adverts included) cannot change them", async () => {
    const { client: settingsClient } = await signInAdmin(app, ["manage_settings"]);
    const page = await settingsClient.get("/admin/settings");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain("Advert limits");
    expect(page.body).toMatch(
      /<input[^>]*name="maxAdvertReward"[^>]*value="1000.00"|<input[^>]*value="1000.00"[^>]*name="maxAdvertReward"/,
    );
    expect(page.body).toMatch(
      /<input[^>]*name="maxAdvertBudget"[^>]*value="1000000.00"|<input[^>]*value="1000000.00"[^>]*name="maxAdvertBudget"/,
    );

    const { user: admin, client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    const refused = await client.post("/admin/settings/limits", limitsForm("1,000,000", "100,000,000"));
    expect(refused.status).toBe(403);
    expect(await limits()).toEqual({ reward: 100_000n, budget: 100_000_000n });
    expect(await app.services.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toEqual([]);
  });

  it("refuses bad amounts with a field message and keeps what was typed", async () => {
    const { client } = await signInAdmin(app, ["manage_settings"]);
    const res = await client.post("/admin/settings/limits", limitsForm("1.234", "1000000"));
    expect(res.status).toBe(400);
    expect(res.body).toContain("Update Failed");
    expect(pageText(res.body)).toContain("Use at most 2 decimal places.");
    expect(res.body).toContain('value="1.234"');
    const tooBig = await client.post("/admin/settings/limits", limitsForm("1,000,000,000,000", "1000000"));
    expect(pageText(tooBig.body)).toContain("Maximum reward per click can be at most ₦100,000.00.");
    expect(await limits()).toEqual({ reward: 100_000n, budget: 100_000_000n });
  });

  it("manage_settings changes them (audited before/after); the adverts form then follows the new limits", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_settings"]);
    const saved = await client.post("/admin/settings/limits", limitsForm("50.50", "5,050"));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/settings");
    expect(await limits()).toEqual({ reward: 5_050n, budget: 505_000n });
    const audit = await app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, "settings.update")));
    expect(audit).toEqual([
      expect.objectContaining({
        before: { maxAdvertRewardKobo: "100000", maxAdvertBudgetKobo: "100000000" },
        after: { maxAdvertRewardKobo: "5050", maxAdvertBudgetKobo: "505000" },
      }),
    ]);
    const after = await client.get("/admin/settings");
    expect(after.body).toContain("Adverts can now pay at most ₦50.50 per click and ₦5,050.00 in all.");

    const { client: advertsClient } = await signInAdmin(app, ["manage_adverts"]);
    expect(pageText((await advertsClient.get("/admin/adverts/new")).body)).toContain("at most ₦50.50.");
    const advert = (rewardAmount: string, maxClicks: string) => ({
      intent: "create",
      title: `Limit test ${rewardAmount} × ${maxClicks}`,
      description: "Within the limits or not.",
      rewardAmount,
      maxClicks,
      imageUrl: "",
    });
    const over = await advertsClient.post("/admin/adverts", advert("50.51", "1"));
    expect(over.status).toBe(400);
    expect(pageText(over.body)).toContain("Reward per click can be at most ₦50.50.");
    const overBudget = await advertsClient.post("/admin/adverts", advert("50.50", "101"));
    expect(pageText(overBudget.body)).toContain(
      "Budget (reward × max clicks) can be at most ₦5,050.00; this advert's is ₦5,100.50.",
    );
    const atLimit = await advertsClient.post("/admin/adverts", advert("50.50", "100"));
    expect(atLimit.status).toBe(302);
    expect(await app.services.db.select({ title: adverts.title }).from(adverts)).toEqual([
      { title: "Limit test 50.50 × 100" },
    ]);
  });
});

describe("Campaign fee on /admin/settings", () => {
  const feeForm = (campaignFee: string) => ({ intent: "campaign-fee", campaignFee });
  const feeAudit = async (actorId: string) =>
    app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, "settings.update")));

  it("shows 20% by default; refuses a bad percentage on its field, keeping what was typed", async () => {
    const { client } = await signInAdmin(app, ["manage_settings"]);
    const page = await client.get("/admin/settings");
    expect(pageText(page.body)).toContain("Campaign fee");
    expect(page.body).toMatch(
      /<input[^>]*name="campaignFee"[^>]*value="20"|<input[^>]*value="20"[^>]*name="campaignFee"/,
    );
    for (const [typed, message] of [
      ["12.345", "Use at most 2 decimal places."],
      ["101", "Percentage must be between 0 and 100."],
      ["abc", "Enter a percentage such as 5 or 12.5."],
    ] as const) {
      const res = await client.post("/admin/settings/fee", feeForm(typed));
      expect(res.status, typed).toBe(400);
      expect(pageText(res.body)).toContain(message);
      expect(res.body).toMatch(new RegExp(`name="campaignFee"[^>]*value="${typed.replace(".", "\\.")}"`));
    }
    expect((await getAppSettings(app.services.db)).campaignFeeBps).toBe(2000);
  });

  it("manage_settings changes it (audited under settings.update); an admin without it is refused", async () => {
    const { user: other, client: otherClient } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    expect((await otherClient.post("/admin/settings/fee", feeForm("5"))).status).toBe(403);
    expect(await feeAudit(other.id)).toEqual([]);

    const { user: admin, client } = await signInAdmin(app, ["manage_settings"]);
    const res = await client.post("/admin/settings/fee", feeForm("12.5%"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/settings");
    expect((await getAppSettings(app.services.db)).campaignFeeBps).toBe(1250);
    const audit = await feeAudit(admin.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { campaignFeeBps: 2000 }, after: { campaignFeeBps: 1250 } });
    expect(pageText((await client.get("/admin/settings")).body)).toContain("Campaign fee");
    await client.post("/admin/settings/fee", feeForm("20"));
  });
});

const settingsAudit = (actorId: string) =>
  app.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, "settings.update")));

const inputValue = (body: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="${name}"`)
    .exec(body)
    ?.slice(1)
    .find((v) => v !== undefined);

describe("Withdrawal limits on /admin/settings", () => {
  const form = (
    minWithdrawal: string,
    maxWithdrawal: string,
    advertiserMaxWithdrawal: string,
    withdrawalFee: string,
  ) => ({
    minWithdrawal,
    maxWithdrawal,
    advertiserMaxWithdrawal,
    withdrawalFee,
  });
  const saved = async () => {
    const s = await getAppSettings(app.services.db);
    return [s.minWithdrawalKobo, s.maxWithdrawalKobo, s.advertiserMaxWithdrawalKobo, s.withdrawalFeeBps];
  };
  const DEFAULTS = [1_000n, 100_000n, 100_000_000n, 200];

  it("shows the defaults; an admin without manage_settings is refused and nothing is audited", async () => {
    const { client: settingsClient } = await signInAdmin(app, ["manage_settings"]);
    const page = await settingsClient.get("/admin/settings");
    expect(pageText(page.body)).toContain("Withdrawal limits");
    expect(page.body).toContain('action="/admin/settings/withdrawals"');
    expect(inputValue(page.body, "minWithdrawal")).toBe("10.00");
    expect(inputValue(page.body, "maxWithdrawal")).toBe("1000.00");
    expect(inputValue(page.body, "advertiserMaxWithdrawal")).toBe("1000000.00");
    expect(inputValue(page.body, "withdrawalFee")).toBe("2");

    const { user, client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    const refused = await client.post("/admin/settings/withdrawals", form("1", "2", "3", "0"));
    expect(refused.status).toBe(403);
    expect(await saved()).toEqual(DEFAULTS);
    expect(await settingsAudit(user.id)).toEqual([]);
  });

  it.each([
    [["0", "1000", "1000", "2"], "Members' minimum must be more than ₦0.00."],
    [["100", "99.99", "1000", "2"], "Members' maximum cannot be below the minimum."],
    [["100", "1000", "50", "2"], "Advertisers' maximum cannot be below the minimum."],
    [["10", "1000", "1000", "50.5"], "The fee can be at most 50%."],
    [["10", "1000", "1000.001", "2"], "Use at most 2 decimal places."],
  ])("refuses %j with its message, keeping what was typed", async (fields, message) => {
    const { user, client } = await signInAdmin(app, ["manage_settings"]);
    const [min, max, advertiserMax, fee] = fields as [string, string, string, string];
    const res = await client.post("/admin/settings/withdrawals", form(min, max, advertiserMax, fee));
    expect(res.status).toBe(400);
    expect(res.body).toContain("Update Failed");
    expect(pageText(res.body)).toContain(message);
    expect(inputValue(res.body, "advertiserMaxWithdrawal")).toBe(advertiserMax);
    expect(await saved()).toEqual(DEFAULTS);
    expect(await settingsAudit(user.id)).toEqual([]);
  });

  it("manage_settings saves them, audited before/after; the member's withdraw form follows", async () => {
    const { user, client } = await signInAdmin(app, ["manage_settings"]);
    try {
      const res = await client.post("/admin/settings/withdrawals", form("50", "2,500.50", "500,000", "2.5%"));
      expect(res.status).toBe(302);
      expect(res.location).toBe("/admin/settings");
      expect(await saved()).toEqual([5_000n, 250_050n, 50_000_000n, 250]);
      expect(await settingsAudit(user.id)).toEqual([
        expect.objectContaining({
          targetType: "settings",
          before: {
            minWithdrawalKobo: "1000",
            maxWithdrawalKobo: "100000",
            advertiserMaxWithdrawalKobo: "100000000",
            withdrawalFeeBps: 200,
          },
          after: {
            minWithdrawalKobo: "5000",
            maxWithdrawalKobo: "250050",
            advertiserMaxWithdrawalKobo: "50000000",
            withdrawalFeeBps: 250,
          },
        }),
      ]);
      const page = await client.get("/admin/settings");
      expect(page.body).toContain(
        "Withdrawals: from ₦50.00 to ₦2,500.50 for members and ₦500,000.00 for advertisers, with a fee of 2.5%.",
      );
      expect(inputValue(page.body, "withdrawalFee")).toBe("2.5");
      const { client: memberClient } = await signInMember(app, { isApproved: true });
      expect(pageText((await memberClient.get("/profile")).body)).toContain(
        "Minimum ₦50.00 · Maximum ₦2,500.50 · Fee 2.5% of the amount",
      );
    } finally {
      await client.post("/admin/settings/withdrawals", form("10", "1000", "1000000", "2"));
    }
  });
});

describe("Support and payouts on /admin/settings", () => {
  const form = (overrides: Record<string, string> = {}) => ({
    supportEmail: "Help@AdNaira.ng",
    supportPhone: "0803 123 4567",
    supportWhatsapp: "234 809 876 5432",
    payoutSchedule: "Withdrawals are paid every weekday by 4 pm.",
    ...overrides,
  });
  const SCHEDULE = "Withdrawals are reviewed and paid on working days, usually within 24 hours.";

  it("shows no channel and the default schedule; an admin without manage_settings is refused", async () => {
    const { client: settingsClient } = await signInAdmin(app, ["manage_settings"]);
    const page = await settingsClient.get("/admin/settings");
    expect(pageText(page.body)).toContain("Support and payouts");
    expect(page.body).toContain('action="/admin/settings/support"');
    expect(inputValue(page.body, "supportEmail")).toBe("");
    expect(pageText(page.body)).toContain(SCHEDULE);

    const { user, client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    expect((await client.post("/admin/settings/support", form())).status).toBe(403);
    expect(await settingsAudit(user.id)).toEqual([]);
    expect((await getAppSettings(app.services.db)).supportEmail).toBeNull();
  });

  it.each([
    [{ supportEmail: "help@" }, "Enter an email address such as help@adnaira.ng, or leave it empty."],
    [{ supportPhone: "12345" }, "Enter a Nigerian phone number such as 0803 123 4567 or +234 803 123 4567"],
    [{ supportWhatsapp: "+44 7700 900123" }, "Enter a Nigerian mobile number such as 0803 123 4567"],
    [{ payoutSchedule: " " }, "Enter the payout schedule: one sentence on when withdrawals are paid."],
    [{ payoutSchedule: "x".repeat(201) }, "The payout schedule can be at most 200 characters."],
  ])("refuses %j with its message", async (overrides, message) => {
    const { user, client } = await signInAdmin(app, ["manage_settings"]);
    const res = await client.post("/admin/settings/support", form(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toContain("Update Failed");
    expect(pageText(res.body)).toContain(message);
    expect(await settingsAudit(user.id)).toEqual([]);
  });

  it("saves the channels normalised (audited before/after); the withdraw forms show the schedule", async () => {
    const { user, client } = await signInAdmin(app, ["manage_settings"]);
    const res = await client.post("/admin/settings/support", form());
    expect(res.status).toBe(302);
    expect(await getAppSettings(app.services.db)).toMatchObject({
      supportEmail: "help@adnaira.ng",
      supportPhone: "+2348031234567",
      supportWhatsapp: "2348098765432",
      payoutSchedule: "Withdrawals are paid every weekday by 4 pm.",
    });
    expect(await settingsAudit(user.id)).toEqual([
      expect.objectContaining({
        before: { supportEmail: null, supportPhone: null, supportWhatsapp: null, payoutSchedule: SCHEDULE },
        after: {
          supportEmail: "help@adnaira.ng",
          supportPhone: "+2348031234567",
          supportWhatsapp: "2348098765432",
          payoutSchedule: "Withdrawals are paid every weekday by 4 pm.",
        },
      }),
    ]);
    const { client: memberClient } = await signInMember(app, { isApproved: true });
    expect(pageText((await memberClient.get("/profile")).body)).toContain(
      "Withdrawals are paid every weekday by 4 pm.",
    );

    // Emptied, a channel is not offered any more.
    const off = await client.post(
      "/admin/settings/support",
      form({ supportPhone: "", supportWhatsapp: "", payoutSchedule: SCHEDULE }),
    );
    expect(off.status).toBe(302);
    expect(await getAppSettings(app.services.db)).toMatchObject({
      supportEmail: "help@adnaira.ng",
      supportPhone: null,
      supportWhatsapp: null,
      payoutSchedule: SCHEDULE,
    });
  });
});

describe("the settings forms' routes", () => {
  it("a post to /admin/settings itself (a page loaded before the forms had routes of their own) saves nothing", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_settings"]);
    const before = await getAppSettings(app.services.db);
    const forms: Record<string, string>[] = [
      { appName: "Stale Naira", logoUrl: "/logo.svg" },
      { intent: "campaign-fee", campaignFee: "7" },
      limitsForm("10", "1000"),
    ];
    for (const form of forms) {
      const res = await client.post("/admin/settings", form);
      expect(res.status).toBe(400);
      expect(pageText(res.body)).toContain("This form is out of date. Reload the page and try again.");
    }
    expect(await getAppSettings(app.services.db)).toEqual(before);
    expect(await app.services.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toEqual([]);
  });

  it("each form's route shows the settings page on a GET", async () => {
    const { client } = await signInAdmin(app, ["manage_settings"]);
    for (const path of [
      "/admin/settings/branding",
      "/admin/settings/limits",
      "/admin/settings/fee",
      "/admin/settings/withdrawals",
      "/admin/settings/support",
    ]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      const text = pageText(page.body);
      for (const title of [
        "Application Settings",
        "Branding",
        "Advert limits",
        "Campaign fee",
        "Withdrawal limits",
        "Support and payouts",
      ]) {
        expect(text, path).toContain(title);
      }
    }
  });
});
