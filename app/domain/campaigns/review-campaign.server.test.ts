import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import {
  escrowOf,
  footprint,
  LEGACY_KINDS,
  legacyBudget,
  legacyCampaign,
  viewAndClaim,
  openCampaignTestDatabase,
} from "~test/campaigns";
import { claimAdvertReward, startAdvertView } from "~/domain/adverts/advert-views.server";
import { approvedAdvertiser, campaignInput, longAgo, member, runningCampaign } from "~test/factories";
import { statusOf } from "~test/status";
import { cancelCampaign } from "./cancel-campaign.server";
import { createCampaign } from "./create-campaign.server";
import { payCampaignFromBalance } from "./pay-campaign.server";
import { activateCampaign, rejectCampaign } from "./review-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("runs as an advert paid from its escrow: each view pays the member and the fee, the last completes it", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { rewardKobo: 1_000n, viewsWanted: 2 });
    expect(await escrowOf(db, campaign.id)).toBe(2n * 1_200n);
    const [a, b, c] = await Promise.all([member(db), member(db), member(db)]);
    const fees = await platformBalance(db, "campaign_fees");
    const platformRewards = await platformBalance(db, "advert_rewards");

    expect((await viewAndClaim(db, a!.id, advertId)).status).toBe("ok");
    expect(await escrowOf(db, campaign.id)).toBe(1_200n);
    expect((await balances(db, a!.id)).availableKobo).toBe(1_000n);
    expect((await viewAndClaim(db, b!.id, advertId)).status).toBe("ok");
    expect(await escrowOf(db, campaign.id)).toBe(0n);
    expect(await statusOf(db, campaigns, campaign.id)).toBe("completed");
    expect((await viewAndClaim(db, c!.id, advertId)).status).toBe("no-slots");

    expect(await platformBalance(db, "campaign_fees")).toBe(fees + 400n);
    expect(await platformBalance(db, "advert_rewards")).toBe(platformRewards); // the platform paid nothing
    // Nothing left to refund.
    expect((await cancelCampaign(db, advertiser.id, campaign.id)).status).toBe("conflict");
    expect((await balances(db, advertiser.id)).availableKobo).toBe(0n);
  });

  it("runs with the advertiser's own attention check: its members are asked the campaign's question", async () => {
    const check = {
      question: "Which loaf was on offer?",
      answer: "Agege",
      wrongAnswers: ["Sliced", "Wheat", "Rye"] as [string, string, string],
    };
    const { advertId } = await runningCampaign(db, admin, { check });
    const viewer = await member(db);
    expect((await startAdvertView(db, viewer.id, advertId, longAgo())).status).toBe("ok");
    const asked = await claimAdvertReward(db, viewer.id, advertId);
    expect(asked).toMatchObject({ status: "check", check: { question: "Which loaf was on offer?" } });
    if (asked.status !== "check") return;
    expect([...asked.check.choices].sort()).toEqual(["Agege", "Rye", "Sliced", "Wheat"]);
  });

  it("rejected in review: the reason is kept and the escrow returns to the balance", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 12_000n });
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    await payCampaignFromBalance(db, owner.id, created.campaign.id);
    const rejected = await rejectCampaign(db, admin, created.campaign.id, "The image is not the product.");
    expect(rejected).toMatchObject({ status: "ok", refundedKobo: 12_000n });
    expect((await balances(db, owner.id)).availableKobo).toBe(12_000n);
    expect((await activateCampaign(db, admin, created.campaign.id)).status).toBe("conflict");
  });

  it("rejected while running: it stops at once and what is left returns to the balance", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { viewsWanted: 3 });
    const viewer = await member(db);
    expect((await viewAndClaim(db, viewer.id, advertId)).status).toBe("ok");
    const rejected = await rejectCampaign(db, admin, campaign.id, "The image shows another brand.");
    expect(rejected).toMatchObject({ status: "ok", refundedKobo: 2n * 1_200n, campaign: { status: "rejected" } });
    expect((await balances(db, advertiser.id)).availableKobo).toBe(2n * 1_200n);
    expect((await viewAndClaim(db, (await member(db)).id, advertId)).status).toBe("not-found");
    expect(await rejectCampaign(db, admin, campaign.id, "Again.")).toEqual({ status: "conflict", current: "rejected" });
  });
});

describe("a campaign stored before the fee rules (under ₦1.00 a view, or no fee while the setting was above 0%)", () => {
  for (const kind of LEGACY_KINDS) {
    it(`${kind}: paid before the rules, cannot be activated (nothing written); rejecting it refunds it`, async () => {
      const owner = await approvedAdvertiser(db, { balanceKobo: legacyBudget(kind) });
      const paid = await legacyCampaign(db, owner.id, kind, "in_review");
      const before = await footprint(db, paid, owner.id);
      expect(before.escrow).toBe(legacyBudget(kind));

      expect((await activateCampaign(db, admin, paid)).status).toBe(kind);
      expect(await footprint(db, paid, owner.id)).toEqual(before);

      const rejected = await rejectCampaign(db, admin, paid, "Priced before the fee rules.");
      expect(rejected).toMatchObject({ status: "ok", refundedKobo: legacyBudget(kind) });
      expect((await balances(db, owner.id)).availableKobo).toBe(legacyBudget(kind));
    });
  }
});
