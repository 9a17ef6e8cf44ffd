import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { updateCampaignFee } from "~/domain/settings/update-app-settings.server";
import { escrowOf, viewAndClaim, openCampaignTestDatabase } from "~test/campaigns";
import { advertAdmin, approvedAdvertiser, campaignInput, member, runningCampaign } from "~test/factories";
import { createCampaign } from "./create-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("is stored as a draft with its budget: reward × views + the fee (20% by default), per view", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 1_250n, viewsWanted: 8 }));
    expect(created.status).toBe("ok");
    if (created.status !== "ok") return;
    // 20% of ₦12.50 is ₦2.50 a view: 8 × ₦15.00 = ₦120.00.
    expect(created.campaign).toMatchObject({
      status: "draft",
      feeBps: 2000,
      feePerViewKobo: 250n,
      budgetKobo: 12_000n,
    });
    expect(created.campaign.reference).toMatch(/^CMP-[2-9A-HJ-NP-Z]{8}$/);
  });

  it("is refused to a business not approved, over the advert limits, or ending in the past", async () => {
    const pending = await approvedAdvertiser(db, { status: "pending" });
    expect((await createCampaign(db, pending.id, campaignInput())).status).toBe("not-approved");
    const owner = await approvedAdvertiser(db);
    const over = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 100_001n }));
    expect(over).toMatchObject({ status: "over-limits", errors: { rewardAmount: expect.any(String) } });
    const past = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(Date.now() - 1000) }));
    expect(past.status).toBe("ends-in-past");
  });

  it("is refused under ₦1.00 a view; from ₦1.00 it always pays a fee of at least 1 kobo while the setting is above 0%", async () => {
    const owner = await approvedAdvertiser(db);
    expect(await createCampaign(db, owner.id, campaignInput({ rewardKobo: 99n }))).toEqual({
      status: "reward-below-minimum",
      minKobo: 100n,
    });
    expect(await db.select().from(campaigns).where(eq(campaigns.advertiserId, owner.id))).toEqual([]);

    const settingsAdmin = await advertAdmin(db, ["manage_settings"]);
    try {
      // The fee setting (basis points) → the fee on a ₦1.00 view, rounded up to the kobo.
      for (const [feeBps, feePerViewKobo] of [
        [1, 1n], // 0.01%: 0.01 kobo
        [50, 1n], // 0.5%: 0.5 kobo
        [100, 1n],
        [2_000, 20n],
        [10_000, 100n],
        [0, 0n], // none: the admin chose a fee-free platform
      ] as const) {
        await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: feeBps });
        const created = await createCampaign(db, owner.id, campaignInput({ rewardKobo: 100n, viewsWanted: 10 }));
        expect(created.status, `fee ${feeBps}`).toBe("ok");
        if (created.status !== "ok") return;
        expect(created.campaign, `fee ${feeBps}`).toMatchObject({
          rewardKobo: 100n,
          feeBps,
          feePerViewKobo,
          budgetKobo: 10n * (100n + feePerViewKobo),
        });
      }

      // And each verified view pays it: 0.5% of ₦1.00 takes 1 kobo to the platform.
      await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: 50 });
      const { campaign, advertId } = await runningCampaign(db, admin, { rewardKobo: 100n, viewsWanted: 3 });
      expect(campaign).toMatchObject({ feePerViewKobo: 1n, budgetKobo: 303n });
      const fees = await platformBalance(db, "campaign_fees");
      const viewer = await member(db);
      expect((await viewAndClaim(db, viewer.id, advertId)).status).toBe("ok");
      expect(await platformBalance(db, "campaign_fees")).toBe(fees + 1n);
      expect((await balances(db, viewer.id)).availableKobo).toBe(100n);
      expect(await escrowOf(db, campaign.id)).toBe(202n);
    } finally {
      await updateCampaignFee(db, settingsAdmin, { campaignFeeBps: 2_000 });
    }
  });
});
