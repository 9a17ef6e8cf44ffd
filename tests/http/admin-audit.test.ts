import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, auditLog, users, withdrawals } from "~/db/schema";
import { createAdmin, setAdminPermissions } from "~/domain/admins/admins.server";
import type { Actor } from "~/domain/audit/audit.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import {
  updateAdvertMoneyLimits,
  updateBranding,
  updateCampaignFee,
} from "~/domain/settings/update-app-settings.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { pageText, type TestApp } from "~test/app";
import { onlyAuditRow } from "~test/audit";
import { TEST_BANK_ACCOUNT } from "~test/bank-accounts";
import { creditUser, formKey, member, payee, runningCampaign, setBankDetails, withdrawalAdmin } from "~test/factories";
import { startAppWithPaystack, type PaystackStandin } from "~test/paystack";
import { payoutJobsOf, readyForAutoPayout, waitForPayouts } from "~test/payouts";
import { signInAdmin, signInMember } from "~test/sign-in";

const ROOT = { email: "root@admin-audit.test", password: "admin-audit-super-admin-pw" };

let app: TestApp;
let standin: PaystackStandin;
let close: () => Promise<void>;
beforeAll(async () => {
  // Paystack on (its stand-in): the log shows where each payout sent by transfer stands.
  ({ app, standin, close } = await startAppWithPaystack({
    env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password },
  }));
  standin.setAccount(TEST_BANK_ACCOUNT.bankCode, TEST_BANK_ACCOUNT.accountNumber, "ADAEZE OKAFOR");
});
afterAll(async () => close?.());

const db = () => app.services.db;

async function superAdmin(): Promise<Actor> {
  const [root] = await db().select().from(users).where(eq(users.email, ROOT.email));
  return { id: root!.id, role: "super_admin", permissions: PERMISSIONS, ip: "102.89.1.1" };
}

async function auditPage(path = "/admin/audit") {
  const client = app.client();
  await client.login(ROOT.email, ROOT.password);
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.body;
}

/** The table row of one audit entry on the page (its card holds the same), as text and HTML. */
function auditRow(html: string, auditId: string) {
  const start = html.indexOf(`data-testid="audit-row-${auditId}"`);
  expect(start, `the page lists audit entry ${auditId}`).toBeGreaterThanOrEqual(0);
  const row = html.slice(start, html.indexOf("</tr>", start));
  // Text as read: no space left where a tag ended before a comma or a bracket.
  return { html: row, text: pageText(`<tr ${row}</tr>`).replace(/ ([,;)])/g, "$1") };
}

/**
 * /admin/audit reads as people speak: money in naira and fees as percentages (the rows keep the
 * kobo and basis points they were written with: append-only), the form's words for a setting,
 * and withdrawals and campaigns by the references the rest of the app shows — never an internal id.
 */
describe("the audit log's labels", () => {
  it("shows naira, percentages, labels and references, rendering the stored rows as they are", async () => {
    const actor = await superAdmin();

    const { campaign, advertId } = await runningCampaign(db(), actor, { title: "Bread in Yaba" });
    const member = await payee(db(), { balanceKobo: 50_000n });
    const requested = await requestWithdrawal(db(), {
      userId: member.id,
      amountKobo: 20_000n,
      idempotencyKey: formKey(),
    });
    if (requested.status !== "ok") throw new Error(requested.status);
    const withdrawal = requested.withdrawal;
    expect((await startProcessing(db(), actor, withdrawal.id)).status).toBe("ok");
    try {
      expect(
        await updateAdvertMoneyLimits(db(), actor, {
          maxAdvertRewardKobo: 200_000n,
          maxAdvertBudgetKobo: 150_000_000n,
        }),
      ).toMatchObject({ status: "ok", changed: true });
      expect(await updateCampaignFee(db(), actor, { campaignFeeBps: 1_250 })).toMatchObject({ changed: true });

      const text = pageText(await auditPage());
      expect(text).toContain("Maximum reward per click: ₦1,000.00 → changed to ₦2,000.00");
      expect(text).toContain("Maximum budget per advert: ₦1,000,000.00 → changed to ₦1,500,000.00");
      expect(text).toContain("Campaign fee: 20% → changed to 12.5%");
      // Withdrawals and campaigns by their references.
      expect(text).toContain(`Withdrawal processing ${withdrawal.reference}`);
      expect(text).toContain(`Campaign activated ${campaign.reference}`);
      // Never a field's code name, nor an internal id.
      for (const code of ["maxAdvertRewardKobo", "maxAdvertBudgetKobo", "campaignFeeBps", "Kobo", "Bps"]) {
        expect(text, code).not.toContain(code);
      }
      for (const id of [withdrawal.id, campaign.id, advertId]) expect(text).not.toContain(id);
    } finally {
      const { maxAdvertRewardKobo, maxAdvertBudgetKobo, campaignFeeBps } = DEFAULT_APP_SETTINGS;
      await db()
        .update(appSettings)
        .set({ maxAdvertRewardKobo, maxAdvertBudgetKobo, campaignFeeBps })
        .where(eq(appSettings.id, 1));
    }
  });

  it("names tiers, permissions, statuses and payment methods by their labels, never their codes", async () => {
    const actor = await superAdmin();
    const created = await createAdmin(db(), actor, {
      name: "Ngozi Labels",
      email: "ngozi.labels@admin-audit.test",
      password: "a-long-enough-admin-password",
      permissions: ["manage_users", "view_reports"],
    });
    if (created.status !== "ok") throw new Error(created.status);
    expect(
      await setAdminPermissions(db(), actor, created.adminId, ["manage_users", "manage_memberships", "review_risk"]),
    ).toMatchObject({ status: "ok", changed: true });
    const upgrader = await member(db());
    await creditUser(db(), upgrader.id, 500_000n);
    const requested = await requestUpgrade(db(), { userId: upgrader.id, tierId: "silver", method: "balance" });
    if (requested.status !== "ok") throw new Error(requested.status);
    expect((await approveUpgrade(db(), actor, requested.request.id)).status).toBe("ok");

    const html = await auditPage();
    const permissions = auditRow(html, (await onlyAuditRow(db(), created.adminId, "admin.permissions")).id);
    // Before → after, each permission by its label; what was taken away and what was given marked.
    expect(permissions.text).toContain(
      "Permissions: Manage users, View reports (removed) → changed to Manage users, Manage memberships (added), Review linked accounts (added)",
    );
    const createdRow = auditRow(html, (await onlyAuditRow(db(), created.adminId, "admin.create")).id);
    expect(createdRow.text).toContain("Permissions: Manage users, View reports");

    const upgrade = auditRow(html, (await onlyAuditRow(db(), requested.request.id, "upgrade.approve")).id);
    expect(upgrade.text).toContain("Status: Pending → changed to Approved");
    expect(upgrade.text).toContain("Tier: Advert Silver");
    expect(upgrade.text).toContain("Method: From balance");
    expect(upgrade.text).toContain(requested.request.reference);

    // Never the codes the rows hold (the action's own label, "Upgrade approved", is words).
    for (const code of ["manage_users", "view_reports", "manage_memberships", "review_risk", "silver"]) {
      expect(`${permissions.text} ${createdRow.text} ${upgrade.text}`, code).not.toMatch(new RegExp(`\\b${code}\\b`));
    }
    for (const code of ["Status: pending", "approved Tier", "Method: balance"])
      expect(upgrade.text).not.toContain(code);
  });

  it("shortens a long value to its start, the whole of it under Show all, and breaks unbroken values", async () => {
    const actor = await superAdmin();
    const longUrl = `https://cdn.example.ng/${"brand-assets/".repeat(12)}logo-${"x".repeat(80)}.png`;
    try {
      expect(
        await updateBranding(db(), actor, { appName: DEFAULT_APP_SETTINGS.appName, logoUrl: longUrl }),
      ).toMatchObject({ status: "ok", changed: true });
      const html = await auditPage();
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "settings.update"))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      const row = auditRow(html, entry!.id);
      // A <details>: its summary the value's start and "Show all", the whole address inside it.
      const details = /<details[^>]*>[\s\S]*?<\/details>/.exec(row.html)?.[0] ?? "";
      expect(details).toContain(longUrl);
      const summary = pageText(/<summary[^>]*>([\s\S]*?)<\/summary>/.exec(details)?.[1] ?? "");
      expect(summary).toMatch(/^https:\/\/cdn\.example\.ng\/brand-assets.*… Show all Show less$/);
      expect(summary).not.toContain(longUrl);
      // Short values stay whole, and every value may break anywhere (never widening the page).
      expect(row.text).toContain(`Application name: ${DEFAULT_APP_SETTINGS.appName}`);
      expect(row.html).toContain("[overflow-wrap:anywhere]");
    } finally {
      await db().update(appSettings).set({ logoUrl: DEFAULT_APP_SETTINGS.logoUrl }).where(eq(appSettings.id, 1));
    }
  });
});

/** A member's ₦20.00 withdrawal (fee ₦0.40, net ₦19.60), moved to processing. */
async function processingWithdrawal() {
  const payer = await payee(db(), { balanceKobo: 10_000n });
  const r = await requestWithdrawal(db(), { userId: payer.id, amountKobo: 2_000n, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(r.status);
  await startProcessing(db(), await withdrawalAdmin(db()), r.withdrawal.id);
  return r.withdrawal;
}

const transferRef = (reference: string) => `adnaira-${reference.toLowerCase()}-1`;

describe("payouts by transfer in the audit log", () => {
  it("shows each one, an admin's press or the automatic payout, with where it stands now", async () => {
    const admin = await signInAdmin(app, ["manage_withdrawals"]);
    const paid = await processingWithdrawal();
    const failed = await processingWithdrawal();
    for (const w of [paid, failed]) {
      const res = await admin.client.post("/admin/withdrawals/pay", {
        withdrawalId: w.id,
        returnTo: "/admin/withdrawals",
      });
      expect(res.status).toBe(302);
    }
    await waitForPayouts(db());
    const pressOf = async (id: string) => (await onlyAuditRow(db(), id, "withdrawal.transfer")).id;
    // Sent: Paystack took them and has not said yet.
    let html = await auditPage("/admin/audit?action=withdrawal.transfer");
    for (const w of [paid, failed]) {
      const row = auditRow(html, await pressOf(w.id));
      expect(row.text).toContain(`Withdrawal queued to pay via Paystack ${w.reference}`);
      expect(row.text).toContain("Payout now: Sent");
      expect(row.html).toContain('data-status="sent"');
      expect(row.text).toContain("Status: Processing");
    }

    await standin.settleTransfer(transferRef(paid.reference), "success");
    await standin.settleTransfer(transferRef(failed.reference), "failed");
    html = await auditPage("/admin/audit?action=withdrawal.transfer");
    expect(auditRow(html, await pressOf(paid.id)).text).toContain("Payout now: Paid");
    expect(auditRow(html, await pressOf(failed.id)).text).toContain("Payout now: Not paid");

    // The automatic payout: right after the member's request, with the member as the actor.
    await db().update(appSettings).set({ autoPayoutMaxKobo: 5_000n }).where(eq(appSettings.id, 1));
    try {
      const { client, user } = await signInMember(app, { isApproved: true });
      await setBankDetails(db(), user.id);
      await readyForAutoPayout(db(), user.id);
      await creditUser(db(), user.id, 10_000n);
      const key = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec((await client.get("/profile")).body)?.[1];
      expect((await client.post("/profile/withdraw", { amount: "20", idempotencyKey: key! })).status).toBe(302);
      await waitForPayouts(db());
      const [w] = await db().select().from(withdrawals).where(eq(withdrawals.userId, user.id));
      const entry = await onlyAuditRow(db(), w!.id, "withdrawal.auto_pay");
      expect(entry).toMatchObject({
        actorId: user.id,
        before: { status: "pending" },
        after: expect.objectContaining({ status: "processing", reference: w!.reference }),
      });
      const row = auditRow(await auditPage("/admin/audit?action=withdrawal.auto_pay"), entry.id);
      expect(row.text).toContain(`Withdrawal queued to pay via Paystack automatically ${w!.reference}`);
      expect(row.text).toContain(user.name);
      expect(row.text).toContain("Net: ₦19.60");
      expect(row.text).toContain("Status: Pending → changed to Processing");
      expect(row.text).toContain("Payout now: Sent");
      // The job it is read through is an internal id: never on the page.
      const [job] = await payoutJobsOf(db(), w!.id);
      expect(html + row.html).not.toContain(job!.id);
    } finally {
      await db().update(appSettings).set({ autoPayoutMaxKobo: null }).where(eq(appSettings.id, 1));
    }
  });
});
