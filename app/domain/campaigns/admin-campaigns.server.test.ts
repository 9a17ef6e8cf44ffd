import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/audit/audit.server";
import { deleteAdvert, getAdvert, listAdvertsForAdmin, updateAdvert } from "~/domain/adverts/manage-adverts.server";
import { openTestDatabase } from "~test/database";
import { advertAdmin, approvedAdvertiser, campaignInput, postAdvert, runningCampaign } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { countActiveCampaigns, listCampaignsForAdmin } from "./admin-campaigns.server";
import { createCampaign } from "./create-campaign.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";

const { db } = await openTestDatabase();
let admin: Actor;
beforeAll(async () => {
  admin = await advertAdmin(db, ["manage_adverts"]);
});
afterEach(async () => expectLedgerReconciled(db));

async function campaignIn(status: "awaiting_payment" | "in_review", title: string) {
  const owner = await approvedAdvertiser(db, { businessName: `${title} Ltd`, balanceKobo: 1_000_000n });
  const created = await createCampaign(db, owner.id, campaignInput({ title }));
  if (created.status !== "ok") throw new Error(created.status);
  const moved =
    status === "in_review"
      ? await payCampaignFromBalance(db, owner.id, created.campaign.id)
      : await submitCampaignForPayment(db, owner.id, created.campaign.id);
  expect(moved.status).toBe("ok");
  return created.campaign;
}

describe("listCampaignsForAdmin", () => {
  it("lists one status at a time with the business, the money and the views done", async () => {
    const waiting = await campaignIn("awaiting_payment", "Suya Spot");
    const reviewing = await campaignIn("in_review", "Akara Hub");
    const running = await runningCampaign(db, admin, { title: "Zobo Bar", viewsWanted: 5 });

    const inReview = await listCampaignsForAdmin(db, { status: "in_review" });
    expect(inReview.campaigns.map((c) => c.id)).toContain(reviewing.id);
    expect(inReview.campaigns.map((c) => c.id)).not.toContain(waiting.id);
    const row = inReview.campaigns.find((c) => c.id === reviewing.id)!;
    expect(row).toMatchObject({
      businessName: "Akara Hub Ltd",
      title: "Akara Hub",
      reference: reviewing.reference,
      status: "in_review",
      rewardKobo: 1_000n,
      viewsWanted: 10,
      viewsDone: 0,
      feeBps: 2000,
      feePerViewKobo: 200n,
      budgetKobo: 12_000n,
    });

    const awaiting = await listCampaignsForAdmin(db, { status: "awaiting_payment" });
    expect(awaiting.campaigns.map((c) => c.id)).toEqual([waiting.id]);

    const active = await listCampaignsForAdmin(db, { status: "active" });
    expect(active.campaigns.map((c) => c.id)).toEqual([running.campaign.id]);
    expect(active.campaigns[0]).toMatchObject({ businessName: expect.any(String), viewsWanted: 5, viewsDone: 0 });
    expect(await countActiveCampaigns(db)).toBe(1);
  });

  it("pages 20 at a time, oldest first while waiting, and clamps the page", async () => {
    const before = (await listCampaignsForAdmin(db, { status: "awaiting_payment" })).total;
    for (let i = 0; i < 21 - before; i += 1) await campaignIn("awaiting_payment", `Shop ${i}`);
    const first = await listCampaignsForAdmin(db, { status: "awaiting_payment", page: 1 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 });
    expect(first.campaigns).toHaveLength(20);
    const times = first.campaigns.map((c) => c.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const last = await listCampaignsForAdmin(db, { status: "awaiting_payment", page: 9 });
    expect(last).toMatchObject({ page: 2, pageCount: 2 });
    expect(last.campaigns).toHaveLength(1);
  });
});

describe("a campaign's advert and the admin's advert actions", () => {
  it("is not listed, not found for editing, and neither updated nor deleted", async () => {
    const own = await postAdvert(db, admin);
    const { advertId } = await runningCampaign(db, admin, { title: "Campaign advert" });
    const listed = (await listAdvertsForAdmin(db)).adverts.map((a) => a.id);
    expect(listed).toContain(own);
    expect(listed).not.toContain(advertId);
    expect(await getAdvert(db, advertId)).toBeNull();
    const edit = { title: "Hijacked", description: "x", rewardKobo: 1n, maxClicks: 1, imageUrl: null };
    expect(await updateAdvert(db, admin, advertId, edit)).toEqual({ status: "not-found" });
    expect(await deleteAdvert(db, admin, advertId)).toEqual({ status: "not-found" });
    // The admin's own advert still works as before.
    expect((await updateAdvert(db, admin, own, { ...edit, title: "Renamed" })).status).toBe("ok");
    expect((await deleteAdvert(db, admin, own)).status).toBe("erased");
  });
});
