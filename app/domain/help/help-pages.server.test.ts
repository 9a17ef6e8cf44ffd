import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings, membershipTiers } from "~/db/schema";
import { openTestDatabase } from "~test/database";
import { readHelpFacts, readReferralTerms, readSupportChannels } from "./help-pages.server";

const { db } = await openTestDatabase();

describe("readHelpFacts", () => {
  it("quotes the default settings and tiers", async () => {
    const facts = await readHelpFacts(db, { online: false });
    expect(facts.dwellSeconds).toBe(10);
    expect(facts.tiers).toEqual([
      { name: "Basic Member", price: "Free", free: true, dailyAdViews: 5 },
      { name: "Advert Bronze", price: "₦500.00", free: false, dailyAdViews: 10 },
      { name: "Advert Silver", price: "₦1,000.00", free: false, dailyAdViews: 20 },
      { name: "Advert Gold", price: "₦1,500.00", free: false, dailyAdViews: 30 },
      { name: "Advert VIP", price: "₦2,000.00", free: false, dailyAdViews: 50 },
    ]);
    // 40% of what the referred member pays for their first upgrade (from Basic: the tier's price).
    expect(facts.referralTerms).toEqual({
      rule: { kind: "percentage", percent: "40%" },
      rewards: [
        { tierName: "Advert Bronze", price: "₦500.00", reward: "₦200.00" },
        { tierName: "Advert Silver", price: "₦1,000.00", reward: "₦400.00" },
        { tierName: "Advert Gold", price: "₦1,500.00", reward: "₦600.00" },
        { tierName: "Advert VIP", price: "₦2,000.00", reward: "₦800.00" },
      ],
    });
    expect(await readReferralTerms(db)).toEqual(facts.referralTerms);
    expect(facts.withdrawals).toEqual({
      min: "₦10.00",
      max: "₦1,000.00",
      advertiserMax: "₦1,000,000.00",
      feePercent: "2%",
      example: { amount: "₦1,000.00", fee: "₦20.00", net: "₦980.00" },
      schedule: "Withdrawals are reviewed and paid on working days, usually within 24 hours.",
    });
    expect(facts.campaigns).toEqual({
      feePercent: "20%",
      example: { reward: "₦10.00", views: 100, rewards: "₦1,000.00", fee: "₦200.00", budget: "₦1,200.00" },
    });
    expect(facts.payments).toEqual({ bankTransfer: false, online: false });
  });

  it("follows a change of the settings and the tiers", async () => {
    await db
      .update(appSettings)
      .set({
        advertDwellSeconds: 25,
        referralRewardType: "fixed",
        referralFixedKobo: 75_000n,
        withdrawalFeeBps: 150,
        minWithdrawalKobo: 50_000n,
        maxWithdrawalKobo: 2_000_000n,
        advertiserMaxWithdrawalKobo: 5_000_000n,
        campaignFeeBps: 1_250,
        payoutSchedule: "Payouts go out every Friday.",
        receivingBankCode: "057",
        receivingAccountNumber: "1234567890",
        receivingAccountName: "AdNaira Ltd",
      })
      .where(eq(appSettings.id, 1));
    await db.update(membershipTiers).set({ dailyAdViews: 12 }).where(eq(membershipTiers.id, "bronze"));

    const facts = await readHelpFacts(db, { online: true });
    expect(facts.dwellSeconds).toBe(25);
    expect(facts.tiers.map((t) => [t.name, t.dailyAdViews])).toEqual([
      ["Basic Member", 5],
      ["Advert Bronze", 12],
      ["Advert Silver", 20],
      ["Advert Gold", 30],
      ["Advert VIP", 50],
    ]);
    expect(facts.referralTerms.rule).toEqual({ kind: "fixed", amount: "₦750.00" });
    // A fixed reward is never more than what was paid: ₦500.00 for Bronze.
    expect(facts.referralTerms.rewards.map((r) => [r.tierName, r.reward])).toEqual([
      ["Advert Bronze", "₦500.00"],
      ["Advert Silver", "₦750.00"],
      ["Advert Gold", "₦750.00"],
      ["Advert VIP", "₦750.00"],
    ]);
    expect(await readReferralTerms(db)).toEqual(facts.referralTerms);
    expect(facts.withdrawals).toMatchObject({
      min: "₦500.00",
      max: "₦20,000.00",
      advertiserMax: "₦50,000.00",
      feePercent: "1.5%",
      example: { amount: "₦20,000.00", fee: "₦300.00", net: "₦19,700.00" },
      schedule: "Payouts go out every Friday.",
    });
    expect(facts.campaigns.feePercent).toBe("12.5%");
    expect(facts.payments).toEqual({ bankTransfer: true, online: true });

    await db.update(appSettings).set({ referralActive: false }).where(eq(appSettings.id, 1));
    const off = await readHelpFacts(db, { online: false });
    expect(off.referralTerms).toEqual({ rule: { kind: "off" }, rewards: [] });
    expect(await readReferralTerms(db)).toEqual(off.referralTerms);
  });
});

describe("readSupportChannels", () => {
  it("offers none until an admin sets them, then each that is set", async () => {
    expect(await readSupportChannels(db)).toEqual([]);
    await db
      .update(appSettings)
      .set({ supportEmail: "help@adnaira.example.ng", supportWhatsapp: "2348031234567" })
      .where(eq(appSettings.id, 1));
    expect((await readSupportChannels(db)).map((c) => c.href)).toEqual([
      "mailto:help@adnaira.example.ng",
      "https://wa.me/2348031234567",
    ]);
  });
});
