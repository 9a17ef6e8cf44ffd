import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, campaigns, ledgerTransfers, providerPayments } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { emailsTo } from "~/domain/mail/outbox.server";
import { providerFeeKey } from "~/domain/payments/money.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { createPaystackProvider } from "~/server/paystack.server";
import { escrowOf, openCampaignTestDatabase } from "~test/campaigns";
import { approvedAdvertiser, campaignInput } from "~test/factories";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { statusOf } from "~test/status";
import { cancelCampaign } from "./cancel-campaign.server";
import { CAMPAIGN_HELD_REASON, confirmCampaignPayment, settleCampaignPayment } from "./confirm-payment.server";
import { createCampaign } from "./create-campaign.server";
import { submitCampaignForPayment } from "./pay-campaign.server";
import { checkCampaignPayment, payCampaignOnline } from "./pay-online.server";
import { campaignTransferKey } from "./money.server";

const { db, admin } = await openCampaignTestDatabase();
let standin: PaystackStandin;
let provider: PaymentProvider;
const callbackUrl = "http://localhost:3000/advertiser/campaigns/x/paid";

beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
});
afterAll(async () => standin.close());

/** A campaign awaiting payment, its advertiser sent to the checkout. */
async function checkoutOpened() {
  const owner = await approvedAdvertiser(db);
  const created = await createCampaign(db, owner.id, campaignInput());
  if (created.status !== "ok") throw new Error(created.status);
  const campaign = created.campaign;
  expect((await submitCampaignForPayment(db, owner.id, campaign.id)).status).toBe("ok");
  const opened = await payCampaignOnline(db, provider, {
    advertiserId: owner.id,
    campaignId: campaign.id,
    callbackUrl,
  });
  if (opened.status !== "redirect") throw new Error(opened.status);
  return { owner, campaign, reference: opened.reference };
}

async function paid(reference: string, how: { amountKobo?: bigint } = {}) {
  await standin.completePayment(reference, { outcome: "success", webhook: false, ...how });
  const verified = await provider.verifyPayment(reference);
  if (verified.status !== "found") throw new Error(verified.status);
  return verified.payment;
}

const deposits = (campaignId: string) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, campaignTransferKey(campaignId, "deposit")));

describe("a campaign paid online", () => {
  it("is refused while it is a draft; its checkout has the CMP- reference and the budget", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const draft = await payCampaignOnline(db, provider, {
      advertiserId: owner.id,
      campaignId: created.campaign.id,
      callbackUrl,
    });
    expect(draft).toEqual({ status: "conflict", current: "draft" });
    const { campaign, reference } = await checkoutOpened();
    expect(reference).toBe(campaign.reference);
    expect(standin.transaction(reference)).toMatchObject({ amount: Number(campaign.budgetKobo) });
  });

  it("funds the escrow and goes to review with no admin, the fee booked, once whatever arrives", async () => {
    const { owner, campaign, reference } = await checkoutOpened();
    const clearingBefore = await platformBalance(db, "provider_clearing");
    const report = await paid(reference);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => settleCampaignPayment(db, report)),
      checkCampaignPayment(db, provider, { advertiserId: owner.id, campaignId: campaign.id, reference }),
    ]);
    expect(results.filter((r) => r.status === "booked")).toHaveLength(1);
    expect(await statusOf(db, campaigns, campaign.id)).toBe("in_review");
    expect(await escrowOf(db, campaign.id)).toBe(campaign.budgetKobo);
    expect((await balances(db, owner.id)).availableKobo).toBe(0n);
    expect(await deposits(campaign.id)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, providerFeeKey(reference))),
    ).toHaveLength(1);
    expect(await platformBalance(db, "provider_clearing")).toBe(clearingBefore - campaign.budgetKobo + report.feesKobo);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.paymentConfirmedById).toBeNull();
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, campaign.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([["campaign.paid_online", owner.id]]);
    // The admin's confirmation of the same campaign finds it paid.
    expect((await confirmCampaignPayment(db, admin, campaign.reference)).status).toBe("conflict");
    // Eleven reports, one payment: one mail.
    const mails = await emailsTo(db, owner.email);
    expect(mails.map((m) => [m.subject, m.dedupeKey])).toEqual([
      [`Payment confirmed for your campaign ${campaign.reference}`, `campaign:${campaign.id}:deposit`],
    ]);
    expect(mails[0]!.textBody).toContain(`your online payment of`);
  });

  it("paid online after an admin confirmed a bank transfer: held, never booked twice", async () => {
    const { campaign, reference } = await checkoutOpened();
    expect((await confirmCampaignPayment(db, admin, campaign.reference)).status).toBe("ok");
    const settled = await settleCampaignPayment(db, await paid(reference));
    expect(settled).toMatchObject({ status: "held", reason: CAMPAIGN_HELD_REASON });
    expect(await deposits(campaign.id)).toHaveLength(1);
  });

  it("a payment of another amount is held; the campaign keeps awaiting payment", async () => {
    const { campaign, reference } = await checkoutOpened();
    const settled = await settleCampaignPayment(db, await paid(reference, { amountKobo: campaign.budgetKobo + 100n }));
    expect(settled.status).toBe("held");
    expect(await statusOf(db, campaigns, campaign.id)).toBe("awaiting_payment");
    expect(await deposits(campaign.id)).toEqual([]);
    const [attempt] = await db.select().from(providerPayments).where(eq(providerPayments.reference, reference));
    expect(attempt).toMatchObject({ status: "held", paidKobo: campaign.budgetKobo + 100n });
  });

  it("paid after the advertiser cancelled: the money goes to their balance, as a late bank transfer does", async () => {
    const { owner, campaign, reference } = await checkoutOpened();
    expect((await cancelCampaign(db, owner.id, campaign.id)).status).toBe("ok");
    expect((await settleCampaignPayment(db, await paid(reference))).status).toBe("booked");
    expect(await statusOf(db, campaigns, campaign.id)).toBe("cancelled");
    expect((await balances(db, owner.id)).availableKobo).toBe(campaign.budgetKobo);
    const [late] = (await emailsTo(db, owner.email)).filter((m) => m.dedupeKey === `campaign:${campaign.id}:deposit`);
    expect(late!.subject).toBe(`Payment received for your campaign ${campaign.reference}`);
    expect(late!.textBody).toContain("the money is on your AdNaira balance");
  });

  it("a failed payment leaves it awaiting payment; paying again opens -2", async () => {
    const { owner, campaign, reference } = await checkoutOpened();
    await standin.completePayment(reference, { outcome: "failed", webhook: false });
    const checked = await checkCampaignPayment(db, provider, {
      advertiserId: owner.id,
      campaignId: campaign.id,
      reference,
    });
    expect(checked.status).toBe("not-paid");
    const again = await payCampaignOnline(db, provider, {
      advertiserId: owner.id,
      campaignId: campaign.id,
      callbackUrl,
    });
    expect(again).toMatchObject({ status: "redirect", reference: `${campaign.reference}-2` });
  });
});
