import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaigns } from "~/db/schema";
import { balances, platformBalance } from "~/domain/ledger/accounts.server";
import { escrowOf, legacyBudget, legacyCampaign, openCampaignTestDatabase } from "~test/campaigns";
import { approvedAdvertiser, campaignInput } from "~test/factories";
import { statusOf } from "~test/status";
import { cancelCampaign } from "./cancel-campaign.server";
import { confirmCampaignPayment, previewCampaignPayment } from "./confirm-payment.server";
import { createCampaign } from "./create-campaign.server";
import { payCampaignFromBalance, submitCampaignForPayment } from "./pay-campaign.server";

const { db, admin } = await openCampaignTestDatabase();

describe("a campaign, paid up front", () => {
  it("by bank transfer: the admin's confirmation books bank receipts → advertiser → escrow, once", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    expect((await submitCampaignForPayment(db, owner.id, id)).status).toBe("ok");
    const receiptsBefore = await platformBalance(db, "bank_receipts");

    expect((await confirmCampaignPayment(db, admin, reference)).status).toBe("ok");
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "in_review" });
    expect(await confirmCampaignPayment(db, admin, "CMP-NOTAREAL")).toEqual({ status: "not-found" });

    expect(await statusOf(db, campaigns, id)).toBe("in_review");
    expect(await escrowOf(db, id)).toBe(budgetKobo);
    expect((await balances(db, owner.id)).availableKobo).toBe(0n);
    expect(await platformBalance(db, "bank_receipts")).toBe(receiptsBefore - budgetKobo);
  });

  it("a transfer confirmed after the campaign left awaiting payment goes to the balance, once; a draft has none", async () => {
    const owner = await approvedAdvertiser(db);
    const created = await createCampaign(db, owner.id, campaignInput());
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "draft" });
    await submitCampaignForPayment(db, owner.id, id);
    expect((await cancelCampaign(db, owner.id, id)).status).toBe("ok");

    expect(await confirmCampaignPayment(db, admin, reference)).toMatchObject({ status: "ok", funded: false });
    expect(await statusOf(db, campaigns, id)).toBe("cancelled");
    expect(await escrowOf(db, id)).toBeNull();
    expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
    expect(await confirmCampaignPayment(db, admin, reference)).toEqual({ status: "conflict", current: "cancelled" });
    expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
  });
});

describe("a campaign stored before the fee rules (under ₦1.00 a view, or no fee while the setting was above 0%)", () => {
  it("its bank payment, confirmed, stays on the advertiser's balance instead of funding it", async () => {
    const owner = await approvedAdvertiser(db);
    const unpaid = await legacyCampaign(db, owner.id, "fee-missing", "awaiting_payment");
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, unpaid));
    const confirmed = await confirmCampaignPayment(db, admin, row!.reference);
    expect(confirmed).toMatchObject({ status: "ok", funded: false, campaign: { status: "awaiting_payment" } });
    expect(await escrowOf(db, unpaid)).toBeNull();
    expect((await balances(db, owner.id)).availableKobo).toBe(legacyBudget("fee-missing"));
  });
});

describe("the admin's preview of a payment confirmation", () => {
  it("finds a campaign by its payment reference in any case", async () => {
    const business = await approvedAdvertiser(db, { businessName: "Surulere Bakery" });
    const created = await createCampaign(db, business.id, campaignInput({ title: "Agege bread" }));
    if (created.status !== "ok") throw new Error(created.status);
    await submitCampaignForPayment(db, business.id, created.campaign.id);
    const found = await previewCampaignPayment(db, ` ${created.campaign.reference.toLowerCase()} `);
    expect(found).toMatchObject({
      id: created.campaign.id,
      title: "Agege bread",
      businessName: "Surulere Bakery",
      status: "awaiting_payment",
      budgetKobo: created.campaign.budgetKobo,
      confirms: "campaign",
    });
    expect(await previewCampaignPayment(db, "CMP-NOSUCH22")).toBeNull();
  });

  it("says balance for a campaign past its end date, as the confirmation then books it", async () => {
    const owner = await approvedAdvertiser(db);
    const now = Date.now();
    const created = await createCampaign(db, owner.id, campaignInput({ endsAt: new Date(now + 60_000) }));
    if (created.status !== "ok") throw new Error(created.status);
    const { id, reference, budgetKobo } = created.campaign;
    await submitCampaignForPayment(db, owner.id, id);
    expect((await previewCampaignPayment(db, reference, new Date(now + 30_000)))?.confirms).toBe("campaign");

    const later = new Date(now + 120_000);
    expect((await previewCampaignPayment(db, reference, later))?.confirms).toBe("balance");
    expect(await confirmCampaignPayment(db, admin, reference, later)).toMatchObject({
      status: "ok",
      funded: false,
      campaign: { status: "awaiting_payment" },
    });
    expect(await escrowOf(db, id)).toBeNull();
    expect((await balances(db, owner.id)).availableKobo).toBe(budgetKobo);
    expect((await previewCampaignPayment(db, reference, later))?.confirms).toBeNull();
  });

  it("foretells what the confirmation does, whatever the campaign's state", async () => {
    const owner = await approvedAdvertiser(db, { balanceKobo: 12_000n });
    const campaign = async () => {
      const created = await createCampaign(db, owner.id, campaignInput());
      if (created.status !== "ok") throw new Error(created.status);
      return created.campaign.id;
    };
    const draft = await campaign();
    const unpaid = await campaign();
    await submitCampaignForPayment(db, owner.id, unpaid);
    const cancelled = await campaign();
    await submitCampaignForPayment(db, owner.id, cancelled);
    await cancelCampaign(db, owner.id, cancelled);
    const paidFromBalance = await campaign();
    await payCampaignFromBalance(db, owner.id, paidFromBalance);
    const legacy = await legacyCampaign(db, owner.id, "fee-missing", "awaiting_payment");

    const expected = [
      [draft, null],
      [unpaid, "campaign"],
      [cancelled, "balance"],
      [paidFromBalance, "balance"],
      [legacy, "balance"],
    ] as const;
    for (const [id, confirms] of expected) {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      const preview = await previewCampaignPayment(db, row!.reference);
      expect(preview?.confirms, row!.status).toBe(confirms);
      const confirmed = await confirmCampaignPayment(db, admin, row!.reference);
      if (confirms === null) expect(confirmed).toEqual({ status: "conflict", current: row!.status });
      else expect(confirmed).toMatchObject({ status: "ok", funded: confirms === "campaign" });
      // Confirmed once: the next preview and confirmation do nothing.
      expect((await previewCampaignPayment(db, row!.reference))?.confirms).toBeNull();
    }
  });
});
