import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSettings, users } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { DEFAULT_APP_SETTINGS } from "~/domain/settings/app-settings";
import { updateAdvertMoneyLimits, updateCampaignFee } from "~/domain/settings/update-app-settings.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { formKey, payee, runningCampaign } from "~test/factories";
import { pageText, startTestApp, type TestApp } from "~test/app";

const ROOT = { email: "root@admin-audit.test", password: "admin-audit-super-admin-pw" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

const db = () => app.services.db;

/**
 * /admin/audit reads as people speak: money in naira and fees as percentages (the rows keep the
 * kobo and basis points they were written with: append-only), the form's words for a setting,
 * and withdrawals and campaigns by the references the rest of the app shows — never an internal id.
 */
describe("the audit log's labels", () => {
  it("shows naira, percentages, labels and references, rendering the stored rows as they are", async () => {
    const [root] = await db().select().from(users).where(eq(users.email, ROOT.email));
    const actor: Actor = { id: root!.id, role: "super_admin", permissions: PERMISSIONS, ip: "102.89.1.1" };

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

      const client = app.client();
      await client.login(ROOT.email, ROOT.password);
      const res = await client.get("/admin/audit");
      expect(res.status).toBe(200);
      const text = pageText(res.body);
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
});
