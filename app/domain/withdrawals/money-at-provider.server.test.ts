import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/domain/audit/audit.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import { checkCampaignPayment, payCampaignOnline } from "~/domain/campaigns/pay-online.server";
import { approveUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { syncProviderSettlements } from "~/domain/payments/provider-settlements.server";
import { systemClock } from "~/domain/shared/clock";
import { createPaystackProvider } from "~/server/paystack.server";
import { openTestDatabase } from "~test/database";
import {
  approvedAdvertiser,
  campaignInput,
  creditUser,
  formKey,
  member,
  membershipAdmin,
  payee,
  setReceivingAccount,
  setWithdrawalSettings,
  withdrawalAdmin,
} from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { startPaystackStandin, TEST_PAYSTACK_SECRET_KEY, type PaystackStandin } from "~test/paystack";
import { upgradeOnline, withdrawalByTransfer, type ProviderFlows } from "~test/provider-flows";
import { moneyAtProvider } from "./money-at-provider.server";
import { completeWithdrawal, startProcessing } from "./process-withdrawal.server";
import { requestWithdrawal } from "./request-withdrawal.server";

const { db } = await openTestDatabase();
let standin: PaystackStandin;
let flows: ProviderFlows;
let cashier: Actor;
beforeAll(async () => {
  standin = await startPaystackStandin({ secretKey: TEST_PAYSTACK_SECRET_KEY });
  const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
  flows = { db, provider, standin };
  cashier = await withdrawalAdmin(db);
  await setWithdrawalSettings(db, { minKobo: 1_000n, maxKobo: 100_000n, feeBps: 200 });
});
afterAll(async () => standin.close());
afterEach(async () => expectBooksBalanced(db));

/** An advertiser's campaign (₦10.00 × 10 views and the platform's fee: ₦120.00) paid online. */
async function campaignPaidOnline() {
  const owner = await approvedAdvertiser(db);
  const created = await createCampaign(db, owner.id, campaignInput());
  if (created.status !== "ok") throw new Error(created.status);
  expect((await submitCampaignForPayment(db, owner.id, created.campaign.id)).status).toBe("ok");
  const input = { advertiserId: owner.id, campaignId: created.campaign.id };
  const opened = await payCampaignOnline(db, flows.provider, { ...input, callbackUrl: "http://localhost/paid" });
  if (opened.status !== "redirect") throw new Error(opened.status);
  await standin.completePayment(opened.reference, { outcome: "success", webhook: false });
  expect(await checkCampaignPayment(db, flows.provider, { ...input, reference: opened.reference })).toMatchObject({
    status: "booked",
  });
  expect(created.campaign.budgetKobo).toBe(12_000n);
  return BigInt(standin.transaction(opened.reference)!.fees!);
}

describe("the money at Paystack", () => {
  it("is nothing before anything went through Paystack", async () => {
    expect(await moneyAtProvider(db)).toEqual({
      collectedKobo: 0n,
      providerFeesKobo: 0n,
      transfersOutKobo: 0n,
      reversalsKobo: 0n,
      settledKobo: 0n,
      refundsKobo: 0n,
      disputeLossesKobo: 0n,
      atProviderKobo: 0n,
      inSettlementKobo: 0n,
      providerRecordsKobo: 0n,
    });
  });

  it("is collected − Paystack's fees − transfers out + transfers sent back − settled, each term from the ledger", async () => {
    // In: two upgrades (₦500.00 and ₦1,000.00) and a campaign (₦120.00) paid online, Paystack
    // keeping its fee of each. Not booked, so not counted: a failed, an abandoned and a held payment.
    const bronze = await upgradeOnline(flows, "success");
    const silver = await upgradeOnline(flows, "success", { tierId: "silver" });
    const campaignFee = await campaignPaidOnline();
    await upgradeOnline(flows, "failed");
    await upgradeOnline(flows, "abandoned");
    const held = await upgradeOnline(flows, "held");
    expect(held.feeKobo).toBeGreaterThan(0n);
    // Nor money that came in by bank transfer, confirmed by an admin.
    await setReceivingAccount(db);
    const byBank = await member(db);
    const bankRequest = await requestUpgrade(db, { userId: byBank.id, tierId: "bronze", method: "bank_transfer" });
    if (bankRequest.status !== "ok") throw new Error(bankRequest.status);
    expect(await approveUpgrade(db, await membershipAdmin(db), bankRequest.request.id)).toMatchObject({ status: "ok" });
    const fees = bronze.feeKobo + silver.feeKobo + campaignFee;
    expect(fees).toBe(750n + 1_500n + 180n); // Paystack's 1.5% (its ₦100 waived under ₦2,500)

    // Out (withdrawal fee 2%: the bank gets the rest): ₦20.00 paid (₦19.60 left), ₦30.00 paid,
    // sent back and paid again (₦29.40 left twice, came back once), ₦40.00 paid and sent back
    // (₦39.20 left and came back), ₦50.00 refused by the bank (nothing left).
    await withdrawalByTransfer(flows, cashier, 2_000n, ["success"]);
    await withdrawalByTransfer(flows, cashier, 3_000n, ["success", "reversed", "success"]);
    await withdrawalByTransfer(flows, cashier, 4_000n, ["success", "reversed"]);
    await withdrawalByTransfer(flows, cashier, 5_000n, ["failed"]);
    // Nor a withdrawal paid from the bank's payout file and marked completed by an admin.
    const filed = await payee(db, { balanceKobo: 10_000n });
    const request = await requestWithdrawal(db, { userId: filed.id, amountKobo: 6_000n, idempotencyKey: formKey() });
    if (request.status !== "ok") throw new Error(request.status);
    await startProcessing(db, cashier, request.withdrawal.id);
    expect(await completeWithdrawal(db, cashier, request.withdrawal.id)).toMatchObject({ status: "ok" });
    // Nor money credited to a balance some other way.
    await creditUser(db, filed.id, 1_000n);
    // Paystack settles ₦1,000.00 to AdNaira's bank, has ₦250.00 on its way and failed one of ₦50.00.
    standin.settle({ amountKobo: 100_000n });
    standin.settle({ amountKobo: 25_000n, status: "processing" });
    standin.settle({ amountKobo: 5_000n, status: "failed" });
    expect(await syncProviderSettlements(db, flows.provider, new Date(), systemClock)).toMatchObject({ booked: 1 });

    const money = await moneyAtProvider(db);
    expect(money).toEqual({
      collectedKobo: 50_000n + 100_000n + 12_000n,
      providerFeesKobo: fees,
      transfersOutKobo: 1_960n + 2_940n + 2_940n + 3_920n,
      reversalsKobo: 2_940n + 3_920n,
      settledKobo: 100_000n,
      // Nothing refunded, no dispute lost (both: app/domain/payments/refunds.server.test.ts).
      refundsKobo: 0n,
      disputeLossesKobo: 0n,
      atProviderKobo: 162_000n - fees - (1_960n + 2_940n) - 100_000n,
      inSettlementKobo: 25_000n,
      // Paystack's records as AdNaira keeps them: settled payments less their fees, less paid
      // transfers, less its settlements to the bank.
      providerRecordsKobo: 162_000n - fees - (1_960n + 2_940n) - 100_000n,
    });
  });
});
