import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { getAppSettings } from "~/domain/settings/app-settings";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { pageText, redirectToast, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { createUser } from "~test/factories";
import { referredMember } from "~test/referrals";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const rule = async () => {
  const s = await getAppSettings(app.services.db);
  return {
    active: s.referralActive,
    type: s.referralRewardType,
    fixedKobo: s.referralFixedKobo,
    percentBps: s.referralPercentBps,
  };
};
const DEFAULT_RULE = { active: true, type: "percentage", fixedKobo: 10_000n, percentBps: 4_000 };
const auditBy = (actorId: string) =>
  app.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, "referral_settings.update")));

describe("Referral settings on /admin/referrals", () => {
  it("shows the saved rule; a GET, even with form fields in its query, changes nothing", async () => {
    const { client } = await signInAdmin(app, ["manage_referrals"]);
    const page = await client.get("/admin/referrals?rewardType=fixed&fixedAmount=1&referralActive=on");
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    for (const label of [
      "Referral System Settings",
      "Enable Referral System",
      "Fixed Amount",
      "Percentage",
      "Save Settings",
    ])
      expect(text).toContain(label);
    expect(page.body).toMatch(/<input[^>]*value="40"/);
    expect(page.body).toMatch(/<input[^>]*value="100.00"/);
    expect(await rule()).toEqual(DEFAULT_RULE);
  });

  it("an admin without manage_referrals cannot save (403, nothing changes, no audit)", async () => {
    const { user: admin, client } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_referrals"),
    );
    const res = await client.post("/admin/referrals/settings", { rewardType: "fixed", fixedAmount: "1" });
    expect(res.status).toBe(403);
    expect(pageText(res.body)).toContain("Access Denied.");
    expect(await rule()).toEqual(DEFAULT_RULE);
    expect(await auditBy(admin.id)).toEqual([]);
  });

  it("refuses a percentage over 100 or with 3 decimals, with the field's message and what was typed", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_referrals"]);
    for (const [typed, message] of [
      ["100.5", "Percentage must be between 0 and 100."],
      ["1.234", "Use at most 2 decimal places."],
    ] as const) {
      const res = await client.post("/admin/referrals/settings", {
        referralActive: "on",
        rewardType: "percentage",
        percentage: typed,
        fixedAmount: "100.00",
      });
      expect(res.status).toBe(400);
      expect(res.body).toContain("Update Failed");
      expect(pageText(res.body)).toContain(message);
      expect(res.body).toContain(`value="${typed}"`);
    }
    expect(await rule()).toEqual(DEFAULT_RULE);
    expect(await auditBy(admin.id)).toEqual([]);
  });

  it("saves a valid rule: redirect with the Success toast, audited, shown on the next GET", async () => {
    const { user: admin, client } = await signInAdmin(app, ["manage_referrals"]);
    const saved = await client.post("/admin/referrals/settings", {
      rewardType: "fixed",
      fixedAmount: "250.50",
      percentage: "40",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/referrals");
    expect(redirectToast(saved)).toMatchObject({
      type: "success",
      title: "Success",
      description: "Referral settings updated.",
    });
    expect(await rule()).toEqual({ active: false, type: "fixed", fixedKobo: 25_050n, percentBps: 4_000 });
    expect(await auditBy(admin.id)).toHaveLength(1);
    const page = await client.get("/admin/referrals");
    expect(page.body).toMatch(/<input[^>]*value="250.50"/);

    const percent = await client.post("/admin/referrals/settings", {
      referralActive: "on",
      rewardType: "percentage",
      percentage: "12.5",
    });
    expect(percent.status).toBe(302);
    expect(await rule()).toEqual({ active: true, type: "percentage", fixedKobo: 25_050n, percentBps: 1_250 });
  });
});

describe("Referral statistics and list on /admin/referrals", () => {
  it("shows real figures and the referrals, searchable, filterable by status, as a table and as cards", async () => {
    const db = app.services.db;
    const { client } = await signInAdmin(app, ["manage_referrals"]);
    const empty = pageText((await client.get("/admin/referrals")).body);
    expect(empty).toContain("Total Referrals 0");
    expect(empty).toContain("Total Rewards Paid ₦0.00");
    expect(empty).toContain("Active Referrers 0");
    expect(empty).toContain("No referrals found.");

    const kemi = await createUser(db, { name: "Kemi Referrer", email: "kemi@admin-referrals.test" });
    await referredMember(db, kemi, { name: "Lola Pending", email: "lola@admin-referrals.test" });
    await referredMember(db, kemi, {
      name: "Musa Approved",
      email: "musa@admin-referrals.test",
      approvedRewardKobo: 4_000n,
    });

    const page = await client.get("/admin/referrals");
    const text = pageText(page.body);
    expect(text).toContain("Total Referrals 2");
    // No ledger transfer was made here: the paid figure is the ledger's, not the referral rows'.
    expect(text).toContain("Total Rewards Paid ₦0.00");
    expect(text).toContain("Active Referrers 1");
    for (const heading of ["Referrer", "Referred", "Date", "Status", "Reward"]) expect(text).toContain(heading);
    expect(page.body).toContain('data-testid="referral-row-musa@admin-referrals.test"');
    expect(page.body).toContain('data-testid="referral-card-musa@admin-referrals.test"');
    expect(text).toContain("₦40.00");

    const pending = await client.get("/admin/referrals?status=pending");
    expect(pending.body).toContain("referral-row-lola@admin-referrals.test");
    expect(pending.body).not.toContain("referral-row-musa@admin-referrals.test");
    const search = await client.get("/admin/referrals?q=MUSA");
    expect(search.body).toContain("referral-row-musa@admin-referrals.test");
    expect(search.body).not.toContain("referral-row-lola@admin-referrals.test");
    expect(pageText((await client.get("/admin/referrals?q=nobody-at-all")).body)).toContain(
      "No referrals match your search.",
    );
  });

  it("the admin dashboard's Total Referrals card counts every referral and links to /admin/referrals, for manage_referrals only", async () => {
    const db = app.services.db;
    const card = (html: string) =>
      /href="\/admin\/referrals"[^>]*>(?:(?!<\/a>)[\s\S])*data-testid="stat-Total Referrals">(\d[\d,]*)</.exec(
        html,
      )?.[1];
    const { client } = await signInAdmin(app, ["manage_referrals"]);
    const before = Number(card((await client.get("/admin")).body));
    const ngozi = await createUser(db, { name: "Ngozi Referrer", email: "ngozi@admin-referrals.test" });
    await referredMember(db, ngozi, { name: "Obi Pending", email: "obi@admin-referrals.test" });
    await referredMember(db, ngozi, {
      name: "Pat Approved",
      email: "pat@admin-referrals.test",
      approvedRewardKobo: 1_000n,
    });
    expect(Number(card((await client.get("/admin")).body))).toBe(before + 2);

    const { client: withoutIt } = await signInAdmin(
      app,
      PERMISSIONS.filter((p) => p !== "manage_referrals"),
    );
    expect((await withoutIt.get("/admin")).body).not.toContain('data-testid="stat-Total Referrals"');
  });
});
