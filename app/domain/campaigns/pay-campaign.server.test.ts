import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { escrowOf, footprint, LEGACY_KINDS, legacyCampaign, openCampaignTestDatabase } from "~test/campaigns";
import { approvedAdvertiser, campaignInput, setReceivingAccount } from "~test/factories";
import { statusOf } from "~test/status";
import { createCampaign } from "./create-campaign.server";
import { payCampaignFromBalance, submitCampaignForBankTransfer, submitCampaignForPayment } from "./pay-campaign.server";

const { db } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("from the balance: only when it covers the budget", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 5_000n });
    const created = await createCampaign(db, owner.id, campaignInput()); // ₦120.00
    if (created.status !== "ok") throw new Error(created.status);
    expect(await payCampaignFromBalance(db, owner.id, created.campaign.id)).toEqual({
      status: "insufficient-balance",
      balanceKobo: 5_000n,
    });
    expect(await statusOf(db, campaigns, created.campaign.id)).toBe("draft");
    expect(await escrowOf(db, created.campaign.id)).toBeNull(); // all of it rolled back, the escrow too
    const ended = await createCampaign(
      db,
      owner.id,
      campaignInput({ viewsWanted: 1, endsAt: new Date(Date.now() + 60_000) }),
    );
    if (ended.status !== "ok") throw new Error(ended.status);
    const later = new Date(Date.now() + 120_000);
    expect(await payCampaignFromBalance(db, owner.id, ended.campaign.id, later)).toEqual({ status: "ended" });
    expect(await statusOf(db, campaigns, ended.campaign.id)).toBe("draft");
    expect((await balances(db, owner.id)).availableKobo).toBe(5_000n);
  });
});

describe("by bank transfer", () => {
  it("only once the platform's receiving account is set, as for upgrades; refused, nothing is written", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const id = created.campaign.id;
    await setReceivingAccount(db, null);
    const before = await footprint(db, id, owner.id);
    expect(await submitCampaignForBankTransfer(db, owner.id, id)).toEqual({ status: "no-receiving-account" });
    expect(await footprint(db, id, owner.id)).toEqual(before);
    // Another's campaign is not found first, whatever the settings.
    const stranger = await approvedAdvertiser(db);
    expect(await submitCampaignForBankTransfer(db, stranger.id, id)).toEqual({ status: "not-found" });

    await setReceivingAccount(db);
    expect(await submitCampaignForBankTransfer(db, owner.id, id)).toMatchObject({ status: "ok" });
    expect(await statusOf(db, campaigns, id)).toBe("awaiting_payment");
    await setReceivingAccount(db, null);
  });
});

describe("a campaign stored before the fee rules (under ₦1.00 a view, or no fee while the setting was above 0%)", () => {
  for (const kind of LEGACY_KINDS) {
    it(`${kind}: cannot be submitted for payment or paid from the balance; nothing is written`, async () => {
      const owner = await approvedAdvertiser(db, { balanceKobo: 50_000n });
      const draft = await legacyCampaign(db, owner.id, kind, "draft");
      const unpaid = await legacyCampaign(db, owner.id, kind, "awaiting_payment");
      const before = { draft: await footprint(db, draft, owner.id), unpaid: await footprint(db, unpaid, owner.id) };
      const refusal = kind === "reward-below-minimum" ? { status: kind, minKobo: 100n } : { status: kind };

      expect(await submitCampaignForPayment(db, owner.id, draft)).toEqual(refusal);
      expect(await submitCampaignForBankTransfer(db, owner.id, draft)).toEqual(refusal);
      expect(await payCampaignFromBalance(db, owner.id, draft)).toEqual(refusal);
      expect(await payCampaignFromBalance(db, owner.id, unpaid)).toEqual(refusal);
      expect({ draft: await footprint(db, draft, owner.id), unpaid: await footprint(db, unpaid, owner.id) }).toEqual(
        before,
      );
      expect(before.draft.row!.status).toBe("draft");
    });
  }
});
