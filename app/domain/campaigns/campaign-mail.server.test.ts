import { describe, expect, it } from "vitest";
import { emailsTo } from "~/domain/mail/outbox.server";
import { openCampaignTestDatabase, viewAndClaim } from "~test/campaigns";
import { approvedAdvertiser, campaignInput, member, runningCampaign } from "~test/factories";
import { cancelCampaign } from "./cancel-campaign.server";
import { confirmCampaignPayment } from "./confirm-payment.server";
import { createCampaign } from "./create-campaign.server";
import {
  cancelExpiredCampaigns,
  completeEndedCampaigns,
  mailCampaignsCompletedByViews,
} from "./expire-campaigns.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";
import { activateCampaign, rejectCampaign } from "./review-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

/** The mails to the advertiser, oldest first: subject, the event's key, and the text. */
const mailsTo = async (advertiser: { email: string }) =>
  (await emailsTo(db, advertiser.email))
    .reverse()
    .map((m) => ({ subject: m.subject, key: m.dedupeKey, text: m.textBody }));

/** ₦10.00 a view and the 20% fee: ₦12.00 a view, ₦120.00 for 10 views. */
async function newCampaign(overrides: Parameters<typeof campaignInput>[0] = {}, balanceKobo = 12_000n) {
  const owner = await approvedAdvertiser(db, { balanceKobo, name: "Bisi Bakery" });
  const created = await createCampaign(db, owner.id, campaignInput(overrides));
  if (created.status !== "ok") throw new Error(created.status);
  return { owner, campaign: created.campaign };
}

describe("the advertiser's mail at each step of a campaign", () => {
  it("paid from the balance, then activated: one mail each, with the amount and a link to the campaign", async () => {
    const { owner, campaign } = await newCampaign();
    expect((await payCampaignFromBalance(db, owner.id, campaign.id)).status).toBe("ok");
    expect((await payCampaignFromBalance(db, owner.id, campaign.id)).status).toBe("conflict");
    expect((await activateCampaign(db, admin, campaign.id)).status).toBe("ok");
    expect((await activateCampaign(db, admin, campaign.id)).status).toBe("conflict");
    const mails = await mailsTo(owner);
    expect(mails.map((m) => [m.subject, m.key])).toEqual([
      [`Payment confirmed for your campaign ${campaign.reference}`, `campaign:${campaign.id}:funding`],
      [`Your campaign ${campaign.reference} is live`, `campaign:${campaign.id}:activated`],
    ]);
    expect(mails[0]!.text).toContain("Hello Bisi Bakery,");
    expect(mails[0]!.text).toContain(
      `We have received your payment from your balance of ₦120.00 for your campaign "Fresh bread in Yaba" (${campaign.reference}).`,
    );
    expect(mails[1]!.text).toContain(`{app}/advertiser/campaigns/${campaign.id}`);
  });

  it("a bank transfer confirmed by an admin: one mail, however often it is confirmed", async () => {
    const { owner, campaign } = await newCampaign({}, 0n);
    expect((await submitCampaignForPayment(db, owner.id, campaign.id)).status).toBe("ok");
    expect(await mailsTo(owner)).toEqual([]);
    expect((await confirmCampaignPayment(db, admin, campaign.reference)).status).toBe("ok");
    expect((await confirmCampaignPayment(db, admin, campaign.reference)).status).toBe("conflict");
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: `Payment confirmed for your campaign ${campaign.reference}`,
      key: `campaign:${campaign.id}:deposit`,
    });
    expect(mails[0]!.text).toContain("your bank transfer of ₦120.00");
  });

  it("a payment from a balance too short is rolled back, and mails nothing", async () => {
    const { owner, campaign } = await newCampaign({}, 5_000n);
    expect((await payCampaignFromBalance(db, owner.id, campaign.id)).status).toBe("insufficient-balance");
    expect(await mailsTo(owner)).toEqual([]);
  });

  it("rejected in review: the reason and the budget returned, once", async () => {
    const { owner, campaign } = await newCampaign();
    await payCampaignFromBalance(db, owner.id, campaign.id);
    expect((await rejectCampaign(db, admin, campaign.id, "The image is not the product.")).status).toBe("ok");
    expect((await rejectCampaign(db, admin, campaign.id, "Again.")).status).toBe("conflict");
    const rejected = (await mailsTo(owner)).filter((m) => m.key === `campaign:${campaign.id}:rejected`);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.subject).toBe(`Your campaign ${campaign.reference} was not approved`);
    expect(rejected[0]!.text).toContain("Reason: The image is not the product.");
    expect(rejected[0]!.text).toContain("The unused budget of ₦120.00 has been returned to your AdNaira balance.");
  });

  it("stopped by an admin while running, or cancelled by the advertiser: what is left returns, said once", async () => {
    const stopped = await runningCampaign(db, admin, { viewsWanted: 3 });
    expect((await viewAndClaim(db, (await member(db)).id, stopped.advertId)).status).toBe("ok");
    await rejectCampaign(db, admin, stopped.campaign.id, "The image shows another brand.");
    const [stopMail] = (await mailsTo(stopped.advertiser)).filter((m) => m.key?.endsWith(":rejected"));
    expect(stopMail!.subject).toBe(`Your campaign ${stopped.campaign.reference} was stopped`);
    expect(stopMail!.text).toContain("The unused budget of ₦24.00 has been returned");

    const cancelled = await runningCampaign(db, admin, { viewsWanted: 2 });
    expect((await cancelCampaign(db, cancelled.advertiser.id, cancelled.campaign.id)).status).toBe("ok");
    expect((await cancelCampaign(db, cancelled.advertiser.id, cancelled.campaign.id)).status).toBe("conflict");
    const cancelMails = (await mailsTo(cancelled.advertiser)).filter((m) => m.key?.endsWith(":cancelled"));
    expect(cancelMails).toHaveLength(1);
    expect(cancelMails[0]!.subject).toBe(`Your campaign ${cancelled.campaign.reference} was cancelled`);
    expect(cancelMails[0]!.text).toContain("The unused budget of ₦24.00 has been returned");
  });

  it("completed at its end date, or by its last view: one mail, whoever runs the clock how often", async () => {
    const now = Date.now();
    const ending = await runningCampaign(db, admin, { endsAt: new Date(now + 60_000) });
    await completeEndedCampaigns(db, new Date(now + 61_000));
    await completeEndedCampaigns(db, new Date(now + 62_000));
    await mailCampaignsCompletedByViews(db, new Date(now + 63_000));
    const ended = (await mailsTo(ending.advertiser)).filter((m) => m.key?.endsWith(":completed"));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain("it reached its end date");
    expect(ended[0]!.text).toContain("The unused budget of ₦120.00 has been returned");

    const used = await runningCampaign(db, admin, { viewsWanted: 1 });
    expect((await viewAndClaim(db, (await member(db)).id, used.advertId)).status).toBe("ok");
    expect(await mailCampaignsCompletedByViews(db)).toBeGreaterThanOrEqual(1);
    expect(await mailCampaignsCompletedByViews(db)).toBe(0);
    const finished = (await mailsTo(used.advertiser)).filter((m) => m.key?.endsWith(":completed"));
    expect(finished).toHaveLength(1);
    expect(finished[0]!.subject).toBe(`Your campaign ${used.campaign.reference} has finished`);
    expect(finished[0]!.text).toContain("all the views it paid for were delivered");
  });

  it("never run and past its end date: cancelled by the clock with its money returned, one mail", async () => {
    const now = Date.now();
    const { owner, campaign } = await newCampaign({ endsAt: new Date(now + 60_000) });
    await payCampaignFromBalance(db, owner.id, campaign.id);
    await cancelExpiredCampaigns(db, new Date(now + 61_000));
    await cancelExpiredCampaigns(db, new Date(now + 62_000));
    const expired = (await mailsTo(owner)).filter((m) => m.key === `campaign:${campaign.id}:expired`);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.text).toContain("reached its end date before it went live");
    expect(expired[0]!.text).toContain("The unused budget of ₦120.00 has been returned");
  });
});
