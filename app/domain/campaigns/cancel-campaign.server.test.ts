import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerTransfers } from "~/db/schema";
import { listAvailableAdverts } from "~/domain/adverts/advert-views.server";
import { balances } from "~/domain/ledger/accounts.server";
import { escrowOf, viewAndClaim, openCampaignTestDatabase } from "~test/campaigns";
import { member, runningCampaign } from "~test/factories";
import { cancelCampaign } from "./cancel-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("cancelled while running: it leaves the list and the unspent escrow returns to the balance once", async () => {
    const { campaign, advertId, advertiser } = await runningCampaign(db, admin, { viewsWanted: 5 });
    const viewer = await member(db);
    expect((await viewAndClaim(db, viewer.id, advertId)).status).toBe("ok");
    const other = await member(db);
    expect((await listAvailableAdverts(db, other.id)).map((x) => x.id)).toContain(advertId);

    const cancelled = await cancelCampaign(db, advertiser.id, campaign.id);
    expect(cancelled).toMatchObject({ status: "ok", refundedKobo: 4n * 1_200n });
    expect(await escrowOf(db, campaign.id)).toBe(0n);
    expect((await balances(db, advertiser.id)).availableKobo).toBe(4n * 1_200n);
    expect((await listAvailableAdverts(db, other.id)).map((x) => x.id)).not.toContain(advertId);
    expect((await viewAndClaim(db, other.id, advertId)).status).toBe("not-found");
    expect((await cancelCampaign(db, advertiser.id, campaign.id)).status).toBe("conflict");
    const refunds = await db
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.kind, ["campaign_refund"]));
    expect(refunds.filter((t) => t.referenceId === campaign.id)).toHaveLength(1);
  });
});
