import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { balances } from "~/domain/ledger/accounts.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { advertAdmin, createUser, formKey, payee, postAdvert, withdrawalAdmin } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { nuban, withWrongCheckDigit, ZENITH } from "~test/bank-accounts";
import {
  DESKTOP,
  dismissToast,
  expectNoA11yViolations,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";
import { bankCard, expectRefusedOnce, requestAmount, withdrawCard } from "./support/withdrawals";

/**
 * Taking earnings to a bank end to end (the profile page, Withdrawal Requests, the withdrawal's
 * states, checks and toasts): a member earns from an advert, is refused without bank details and with a
 * wrong check digit, saves valid details (shown masked), meets the validation toasts, requests
 * ₦20.00; an admin starts processing, downloads the payout CSV and marks it completed; the member
 * sees Completed. A second request is rejected and the money comes back.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const ADVERT = {
  title: "MTN Data Bonanza",
  description: "Double data on every recharge this week.",
  rewardKobo: 6_000n,
  maxClicks: 5,
};
const ZENITH_ACCOUNT = nuban(ZENITH, "100200300");
const WRONG_CHECK_DIGIT = withWrongCheckDigit(ZENITH_ACCOUNT, 3);

let publisher: Actor;

beforeAll(async () => {
  await db().update(appSettings).set({ advertDwellSeconds: 1 });
  publisher = await advertAdmin(db());
  await postAdvert(db(), publisher, { ...ADVERT, imageUrl: null });
});

async function saveBankDetails(page: Page, accountNumber: string, password: string) {
  const bank = bankCard(page);
  await bank.getByLabel("Account Holder Name").fill("Emeka Okafor");
  await bank.getByLabel("Bank").selectOption("057");
  await bank.getByLabel("Account Number").fill(accountNumber);
  await bank.getByLabel("Current Password").fill(password);
  await bank.getByRole("button", { name: "Save Bank Details" }).click();
}

/** Presses an action on the admin desk and confirms it in its dialog. */
async function confirmAction(page: Page, action: string, dialogTitle: string) {
  await page
    .getByRole("button", { name: new RegExp(`^${action} withdrawal`) })
    .first()
    .click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("heading", { name: dialogTitle }).waitFor();
  await dialog.getByRole("button", { name: action }).click();
}

async function expectAccessible(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoA11yViolations(page);
}

describe("withdrawing earnings to a bank account", () => {
  it("earn, withdraw, the admin pays it; a second request is rejected and the money returns", async () => {
    const member = await createUser(db(), { name: "Emeka Okafor", isApproved: true });
    const cashier = await createUser(db(), {
      role: "admin",
      name: "Ngozi Cashier",
      permissions: ["manage_withdrawals"],
    });

    // Earn ₦60.00 from an advert.
    const { page } = await signedInPage(suite, member, DESKTOP);
    await page.getByRole("button", { name: `View Advert: ${ADVERT.title}` }).click();
    await page.getByTestId("countdown").filter({ hasText: "You can now claim your reward." }).waitFor();
    await page.getByRole("button", { name: "Claim Reward" }).click();
    // The attention check: the advert's title, picked by its label, then the check's Claim Reward.
    const check = page.getByTestId("attention-check");
    await check.getByRole("radio", { name: ADVERT.title, exact: true }).check();
    await check.getByRole("button", { name: "Claim Reward" }).click();
    await expectToast(page, "Reward Earned!", { variant: "success" });
    await dismissToast(page);

    // No bank details yet.
    await visit(page, "/profile");
    await expect.poll(() => withdrawCard(page).getByTestId("available-balance").innerText()).toBe("₦60.00");
    await requestAmount(page, "20");
    await expectRefusedOnce(page, "Bank Details Missing", "Please add your bank account details before withdrawing.");
    await dismissToast(page);

    // A wrong check digit is refused; the right number is saved and shown masked.
    await saveBankDetails(page, WRONG_CHECK_DIGIT, member.password);
    await expectToast(page, "Update Failed", {
      message: "This account number is not valid for the selected bank. Check the number and the bank.",
      variant: "error",
    });
    await dismissToast(page);
    await saveBankDetails(page, ZENITH_ACCOUNT, member.password);
    await expectToast(page, "Bank Details Updated", { variant: "success" });
    await dismissToast(page);
    await expect
      .poll(() => page.getByTestId("saved-bank-details").innerText())
      .toContain(`******${ZENITH_ACCOUNT.slice(-4)}`);
    expect(await page.content()).not.toContain(ZENITH_ACCOUNT);

    // The refusals, each said once at the amount.
    await requestAmount(page, "0");
    await expectRefusedOnce(page, "Invalid Amount", "Enter an amount above ₦0.00.");
    await dismissToast(page);
    await requestAmount(page, "75");
    await expectRefusedOnce(
      page,
      "Insufficient Funds",
      "You do not have enough balance to withdraw this amount. Your available balance is ₦60.00.",
    );
    await dismissToast(page);
    await requestAmount(page, "9.99");
    await expectRefusedOnce(page, "Amount Below Minimum", "The minimum withdrawal is ₦10.00.");
    await dismissToast(page);

    // A valid request: ₦20.00, of which the bank receives ₦19.60.
    await requestAmount(page, "20");
    await expectToast(page, "Withdrawal Requested", { message: "₦20.00", variant: "success" });
    await dismissToast(page);
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 4_000n, heldKobo: 2_000n });

    // The admin's desk: Start Processing, the payout CSV, Mark as Completed.
    const desk = await signedInPage(suite, cashier, DESKTOP, { another: "admin" });
    await visit(desk.page, "/admin/withdrawals?status=pending");
    const row = desk.page.getByRole("row", { name: /Emeka Okafor/ });
    expect(await row.innerText()).toContain("₦20.00");
    expect(await row.innerText()).toContain("₦19.60");
    expect(await row.innerText()).toContain(ZENITH_ACCOUNT); // admins need the full number to pay it
    await expectAccessible(desk.page, "admin-withdrawals-pending");
    await confirmAction(desk.page, "Start Processing", "Start Processing?");
    await expectToast(desk.page, "Withdrawal Updated", { message: "Processing", variant: "success" });
    await dismissToast(desk.page);

    await visit(desk.page, "/admin/withdrawals?status=processing");
    // The payout CSV: the button names how many are new; the download (a form post answered with
    // the file) takes them into a batch, and the page stays where it is.
    const downloadButton = desk.page.getByRole("button", { name: "Download payout CSV (1 new)" });
    const [download] = await Promise.all([desk.page.waitForEvent("download"), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^adnaira-payouts-\d{4}-\d{2}-\d{2}-PB[A-Z0-9]{8}\.csv$/);
    const batch = /(PB[A-Z0-9]{8})\.csv$/.exec(download.suggestedFilename())![1]!;
    const body = readFileSync((await download.path())!, "utf8");
    const lines = body.trim().split(/\r?\n/);
    expect(lines[0]).toBe("name,bank,bank_code,account_number,net_amount,reference");
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(new RegExp(`^Emeka Okafor,Zenith Bank[^,]*,057,${ZENITH_ACCOUNT},19\\.60,W[A-Z0-9]{8}$`));
    expect(new URL(desk.page.url()).pathname).toBe("/admin/withdrawals");
    // The list reloads: the withdrawal is in that file, which can be downloaded again (the same
    // rows) under a warning; there is nothing new to download, and opening the export address
    // changes nothing.
    const processingRow = desk.page.getByRole("row", { name: /Emeka Okafor/ });
    await expect.poll(() => processingRow.innerText(), { timeout: 6_000 }).toContain(`In payout file ${batch}`);
    expect(await downloadButton.count()).toBe(0);
    expect(await desk.page.getByText("never upload a payout file to the bank twice").count()).toBe(1);
    const again = processingRow.getByRole("button", { name: `Download again (payout file ${batch})` });
    const [copy] = await Promise.all([desk.page.waitForEvent("download"), again.click()]);
    expect(copy.suggestedFilename()).toBe(download.suggestedFilename());
    expect(readFileSync((await copy.path())!, "utf8")).toBe(body);
    expect((await desk.page.request.get("/admin/withdrawals/export.csv")).status()).toBe(405);
    expect((await desk.page.request.get(`/admin/withdrawals/export.csv?batch=${batch}`)).status()).toBe(405);
    await expectAccessible(desk.page, "admin-withdrawals-exported");

    await confirmAction(desk.page, "Mark as Completed", "Have you completed the payment for this withdrawal?");
    await expectToast(desk.page, "Withdrawal Updated", { message: "Completed", variant: "success" });
    await dismissToast(desk.page);

    // The member sees it completed.
    await visit(page, "/dashboard");
    const history = page.getByTestId("withdrawal-history").locator("tbody tr").first();
    expect(await history.innerText()).toContain("₦20.00");
    expect(await history.innerText()).toContain("Completed");
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 4_000n, heldKobo: 0n });

    // A second request, rejected: the ₦30.00 goes back to the balance.
    await visit(page, "/profile");
    await requestAmount(page, "30");
    await expectToast(page, "Withdrawal Requested", { message: "₦30.00", variant: "success" });
    await dismissToast(page);
    await expect.poll(() => withdrawCard(page).getByTestId("available-balance").innerText()).toBe("₦10.00");

    await visit(desk.page, "/admin/withdrawals?status=pending");
    await confirmAction(desk.page, "Reject", "Reject withdrawal?");
    await expectToast(desk.page, "Withdrawal Updated", { message: "Rejected", variant: "success" });
    await dismissToast(desk.page);
    await visit(desk.page, "/admin/withdrawals");
    expect(await desk.page.getByRole("button", { name: /withdrawal W/ }).count()).toBe(0); // completed and rejected: no actions
    await expectAccessible(desk.page, "admin-withdrawals-all");

    await visit(page, "/profile");
    await expect.poll(() => withdrawCard(page).getByTestId("available-balance").innerText()).toBe("₦40.00");
    const items = page.getByTestId("withdrawal-list-cards").locator("li");
    expect(await items.nth(0).innerText()).toContain("Rejected");
    expect(await items.nth(1).innerText()).toContain("Completed");
    await expectAccessible(page, "profile-withdrawals-after-rejection");
    await expectLedgerReconciled(db());
  });

  it("downloads the payout CSV, and an earlier one again, without JavaScript", async () => {
    const cashier = await createUser(db(), {
      role: "admin",
      name: "Nkechi NoScript",
      permissions: ["manage_withdrawals"],
    });
    const member = await payee(db(), { name: "Ifeanyi NoScript", balanceKobo: 2_000n });
    const requested = await requestWithdrawal(db(), {
      userId: member.id,
      amountKobo: 2_000n,
      idempotencyKey: formKey(),
    });
    if (requested.status !== "ok") throw new Error(`requestWithdrawal: ${requested.status}`);
    const { withdrawal } = requested;
    expect((await startProcessing(db(), await withdrawalAdmin(db()), withdrawal.id)).status).toBe("ok");
    const { page } = await signedInPage(suite, cashier, DESKTOP, { javaScript: false });

    await page.goto("/admin/withdrawals?status=processing");
    const button = page.getByRole("button", { name: /^Download payout CSV \(\d+ new\)$/ });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const batch = /(PB[A-Z0-9]{8})\.csv$/.exec(download.suggestedFilename())![1]!;
    const body = readFileSync((await download.path())!, "utf8");
    expect(body).toContain(withdrawal.reference);
    expect(new URL(page.url()).pathname).toBe("/admin/withdrawals");

    await page.goto("/admin/withdrawals?status=processing");
    const row = page.getByRole("row", { name: /Ifeanyi NoScript/ });
    expect(await row.innerText()).toContain(`In payout file ${batch}`);
    const [copy] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: `Download again (payout file ${batch})` }).click(),
    ]);
    expect(readFileSync((await copy.path())!, "utf8")).toBe(body);
  });

  it("the desk works on a phone", async () => {
    const cashier = await createUser(db(), {
      role: "admin",
      name: "Bola Cashier",
      permissions: ["manage_withdrawals"],
    });
    const { page } = await signedInPage(suite, cashier, MOBILE);
    await visit(page, "/admin/withdrawals");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, "admin-withdrawals-mobile");
  });
});
