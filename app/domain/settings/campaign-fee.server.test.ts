import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, campaigns } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { openTestDatabase } from "~test/database";
import { approvedAdvertiser, campaignInput, createUser } from "~test/factories";
import { getAppSettings } from "./app-settings";
import { updateCampaignFee } from "./update-app-settings.server";

const { db } = await openTestDatabase();

const feeAudit = async () =>
  (await db.select().from(auditLog).where(eq(auditLog.action, "settings.update"))).filter(
    (row) => (row.after as Record<string, unknown> | null)?.campaignFeeBps !== undefined,
  );

async function actorWith(role: Actor["role"], permissions: readonly (typeof PERMISSIONS)[number][]): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "105.113.7.7" };
}

describe("updateCampaignFee", () => {
  it("defaults to 20%", async () => {
    expect((await getAppSettings(db)).campaignFeeBps).toBe(2000);
  });

  it("needs manage_settings: manage_adverts alone, every other permission and a member are refused", async () => {
    const without = await actorWith(
      "admin",
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    const member = await actorWith("user", ["manage_settings"]);
    for (const actor of [without, member]) {
      expect(await updateCampaignFee(db, actor, { campaignFeeBps: 0 })).toEqual({ status: "forbidden" });
    }
    expect((await getAppSettings(db)).campaignFeeBps).toBe(2000);
    expect(await feeAudit()).toEqual([]);
  });

  it("a change is saved and audited under settings.update; the same value again writes nothing", async () => {
    const actor = await actorWith("admin", ["manage_settings"]);
    expect(await updateCampaignFee(db, actor, { campaignFeeBps: 1250 })).toEqual({ status: "ok", changed: true });
    expect((await getAppSettings(db)).campaignFeeBps).toBe(1250);
    expect(await updateCampaignFee(db, actor, { campaignFeeBps: 1250 })).toEqual({ status: "ok", changed: false });
    const rows = await feeAudit();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: actor.id,
      targetType: "settings",
      before: { campaignFeeBps: 2000 },
      after: { campaignFeeBps: 1250 },
    });
  });

  it("applies to campaigns created afterwards: an existing campaign keeps its fee and budget", async () => {
    const actor = await actorWith("admin", ["manage_settings"]);
    await updateCampaignFee(db, actor, { campaignFeeBps: 2000 });
    const owner = await approvedAdvertiser(db);
    const before = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 1_000n, viewsWanted: 10 }));
    if (before.status !== "ok") throw new Error(before.status);
    await updateCampaignFee(db, actor, { campaignFeeBps: 500 });
    const after = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 1_000n, viewsWanted: 10 }));
    if (after.status !== "ok") throw new Error(after.status);
    const [kept] = await db.select().from(campaigns).where(eq(campaigns.id, before.campaign.id));
    expect(kept).toMatchObject({ feeBps: 2000, feePerViewKobo: 200n, budgetKobo: 12_000n });
    expect(after.campaign).toMatchObject({ feeBps: 500, feePerViewKobo: 50n, budgetKobo: 10_500n });
  });

  it("refuses a value the form would refuse", async () => {
    const actor = await actorWith("admin", ["manage_settings"]);
    for (const bad of [-1, 10_001, 12.5]) {
      await expect(updateCampaignFee(db, actor, { campaignFeeBps: bad })).rejects.toThrow(RangeError);
    }
  });
});
