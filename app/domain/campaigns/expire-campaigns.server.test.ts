import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adverts, campaigns } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { balances } from "~/domain/ledger/accounts.server";
import { escrowOf, viewAndClaim, openCampaignTestDatabase } from "~test/campaigns";
import { approvedAdvertiser, campaignInput, member, runningCampaign } from "~test/factories";
import { statusOf } from "~test/status";
import { createCampaign } from "./create-campaign.server";
import { cancelExpiredCampaigns, completeEndedCampaigns } from "./expire-campaigns.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("runs only between its dates, and completes with a refund once its end has passed", async () => {
    const now = Date.now();
    const future = await runningCampaign(db, admin, { startsAt: new Date(now + 86_400_000) });
    const viewer = await member(db);
    expect((await startAdvertView(db, viewer.id, future.advertId)).status).toBe("not-found");

    const ending = await runningCampaign(db, admin, { endsAt: new Date(now + 60_000) });
    expect((await viewAndClaim(db, viewer.id, ending.advertId)).status).toBe("ok");
    expect(await completeEndedCampaigns(db, new Date(now + 30_000))).toBe(0);
    expect(await completeEndedCampaigns(db, new Date(now + 61_000))).toBe(1);
    expect(await statusOf(db, campaigns, ending.campaign.id)).toBe("completed");
    expect((await balances(db, ending.advertiser.id)).availableKobo).toBe(9n * 1_200n);
    expect((await db.select().from(adverts).where(eq(adverts.id, ending.advertId)))[0]!.isActive).toBe(false);
    expect(await completeEndedCampaigns(db, new Date(now + 120_000))).toBe(0);
  });

  it("never run and past its last day: cancelled by the clock, a paid one's escrow returned once", async () => {
    const now = Date.now();
    const owner = await approvedAdvertiser(db, { balanceKobo: 12_000n });
    const paid = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(now + 60_000) }));
    const unpaid = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(now + 60_000) }));
    if (paid.status !== "ok" || unpaid.status !== "ok") throw new Error("create");
    await payCampaignFromBalance(db, owner.id, paid.campaign.id);
    await submitCampaignForPayment(db, owner.id, unpaid.campaign.id);
    expect(await cancelExpiredCampaigns(db, new Date(now + 30_000))).toBe(0);
    expect(await cancelExpiredCampaigns(db, new Date(now + 61_000))).toBe(2);
    expect(await statusOf(db, campaigns, paid.campaign.id)).toBe("cancelled");
    expect(await statusOf(db, campaigns, unpaid.campaign.id)).toBe("cancelled");
    expect(await escrowOf(db, paid.campaign.id)).toBe(0n);
    expect((await balances(db, owner.id)).availableKobo).toBe(12_000n);
    expect(await cancelExpiredCampaigns(db, new Date(now + 120_000))).toBe(0);
  });
});
