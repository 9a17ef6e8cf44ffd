import path from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { upgradeRequests, users, withdrawals } from "~/db/schema";
import { GTB, nuban } from "~test/bank-accounts";
import { createUser, creditUser } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { onlyPayoutJobOf, payoutProgressEntry, payoutProgressPanel, payoutProgressStatus } from "~test/payouts";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  SCREENSHOT_DIR,
  signedInPage,
  visit,
} from "./support/browser";
import { setUpPaystackBrowserSuite } from "./support/paystack";
import { bankCard, withdrawCard } from "./support/withdrawals";

/**
 * The whole money journey with Paystack on (the stand-in), at 360 px and 1280 px, axe clean at
 * each of the app's screens: a member upgrades to Bronze online through Paystack's checkout and
 * the daily limit rises with no admin; saves bank details, seeing and confirming the name the bank
 * gives; withdraws; an admin starts processing and pays it through Paystack (the press queues it,
 * the payout worker sends it, the progress panel shows it Sent); Paystack settles the transfer
 * (its webhook); the member's statement shows the payout with its transfer code.
 */
const { standin, suite, db } = await setUpPaystackBrowserSuite();

const PEOPLE = {
  mobile: { name: "Chinedu Okeke", bankName: "CHINEDU OKEKE", account: nuban(GTB, "031415926") },
  desktop: { name: "Halima Bello", bankName: "HALIMA BELLO", account: nuban(GTB, "027182818") },
} as const;

describe("upgrade online, bank details, a withdrawal paid through Paystack, the statement", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`end to end at ${viewport.width} px`, async () => {
      const person = PEOPLE[label];
      const shot = (step: string) => `paystack-journey-${step}-${viewport.width}`;
      // A full-page screenshot shows the sticky header where the page was scrolled to: from the top.
      const checked = async (p: Page, step: string) => {
        await p.evaluate(() => window.scrollTo(0, 0));
        await expectFitsAndAccessible(p, shot(step));
      };
      // One part of the page as the member sees it, for the steps that happen below the fold.
      const part = (locator: Locator, step: string) =>
        locator.screenshot({ path: path.join(SCREENSHOT_DIR, `${shot(step)}.png`), animations: "disabled" });
      standin.setAccount(GTB, person.account, person.bankName);
      const member = await createUser(db(), { name: person.name, isApproved: true });
      const { page } = await signedInPage(suite, member, viewport);

      // 1. Basic: 5 adverts a day. Upgrade to Bronze, paid online.
      // The daily limit: in the header on a wide screen, in the condensed figures on a phone.
      const header = page.locator("#main header").first();
      const dailyLimit = (n: number) =>
        viewport === MOBILE
          ? expect.poll(() => page.locator("#main").innerText()).toContain(`of ${n} views used`)
          : expect.poll(() => header.innerText()).toContain(`up to ${n} adverts a day`);
      await dailyLimit(5);
      await checked(page, "01-dashboard-basic");
      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Membership Upgrade" });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("radio", { name: /Advert Bronze/ }).check();
      const online = dialog.getByRole("radio", { name: /Pay online \(card, bank transfer, USSD\)/ });
      expect(await online.isChecked()).toBe(true);
      await checked(page, "02-upgrade-dialog");
      await online.scrollIntoViewIfNeeded();
      await part(dialog, "02-upgrade-dialog-payment");
      await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();

      // Paystack's checkout (the stand-in's page, not ours): Pay.
      await page.waitForURL((url) => url.origin === standin.baseUrl);
      await screenshot(page, shot("03-paystack-checkout"));
      await page.getByRole("button", { name: /^Pay / }).click();
      await page.waitForURL((url) => url.pathname === "/membership/upgrade/paid");
      const card = page.getByTestId("payment-return");
      await expect.poll(() => card.getAttribute("data-state")).toBe("paid");
      expect(await card.innerText()).toContain("Your membership is now Advert Bronze");
      await checked(page, "04-upgrade-paid");
      await card.getByRole("link", { name: "Go to dashboard" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await dailyLimit(10);
      expect(await header.innerText()).toContain("Advert Bronze");
      const [upgraded] = await db().select().from(users).where(eq(users.id, member.id));
      expect(upgraded!.membershipTierId).toBe("bronze");
      const [request] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, member.id));
      expect(request).toMatchObject({ status: "approved", processedById: null, method: "online" });
      await checked(page, "05-dashboard-bronze");

      // 2. Earnings to withdraw (₦50.00 of advert rewards), then the bank details: the bank's name
      // for the account is shown, and saved once the member confirms it.
      await creditUser(db(), member.id, 5_000n);
      await visit(page, "/profile");
      const bank = bankCard(page);
      expect(await bank.getByLabel("Account Holder Name").count()).toBe(0);
      await bank.getByLabel("Bank").selectOption(GTB);
      await bank.getByLabel("Account Number").fill(person.account);
      await bank.getByLabel("Current Password").fill(member.password);
      await bank.getByRole("button", { name: "Check account" }).click();
      await expect.poll(() => bank.getByTestId("resolved-account-name").innerText()).toBe(person.bankName);
      expect(await bank.getByTestId("no-bank-details").count()).toBe(0);
      await checked(page, "06-bank-name-check");
      await part(bank, "06-bank-name-check-card");
      await bank.getByRole("button", { name: "Confirm and save" }).click();
      await expectToast(page, "Bank Details Updated", { variant: "success" });
      await dismissToast(page);
      const saved = page.getByTestId("saved-bank-details");
      await expect.poll(() => saved.innerText()).toContain(person.bankName);
      expect(await saved.innerText()).toContain(`******${person.account.slice(-4)}`);

      // 3. Withdraw ₦20.00.
      await withdrawCard(page).getByLabel("Amount (₦)").fill("20");
      await withdrawCard(page).getByRole("button", { name: "Request Withdrawal" }).click();
      await expectToast(page, "Withdrawal Requested", { message: "₦20.00", variant: "success" });
      await dismissToast(page);
      const [requested] = await db().select().from(withdrawals).where(eq(withdrawals.userId, member.id));
      expect(requested!.status).toBe("pending");
      await checked(page, "07-withdrawal-requested");

      // 4. An admin who manages withdrawals starts processing it and pays it through Paystack.
      const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
      const desk = (await signedInPage(suite, { ...cashier, role: "admin" }, viewport, { another: "admin" })).page;
      await visit(desk, "/admin/withdrawals?status=pending");
      await desk
        .getByRole("button", { name: `Start Processing withdrawal ${requested!.reference}`, exact: false })
        .click();
      const confirm = desk.getByRole("alertdialog");
      await confirm.getByRole("heading", { name: "Start Processing?" }).waitFor();
      await confirm.getByRole("button", { name: "Start Processing" }).click();
      await expectToast(desk, "Withdrawal Updated", { message: "Processing", variant: "success" });
      await dismissToast(desk);

      await visit(desk, "/admin/withdrawals?status=processing");
      const pay = desk.getByRole("button", {
        name: `Pay via Paystack withdrawal ${requested!.reference}`,
        exact: false,
      });
      await pay.waitFor();
      await checked(desk, "08-admin-processing");
      await pay.click();
      const payDialog = desk.getByRole("alertdialog");
      await payDialog.getByRole("heading", { name: "Pay via Paystack?" }).waitFor();
      await screenshot(desk, shot("09-admin-pay-dialog"), { fullPage: false });
      await payDialog.getByRole("button", { name: "Pay via Paystack" }).click();
      await expectToast(desk, "Payment Queued", {
        message: `${requested!.reference} is queued to be paid through Paystack`,
        variant: "success",
      });
      await dismissToast(desk);
      // The payout worker sends it; the panel above the list shows it Sent (the page refreshes itself).
      const progress = payoutProgressPanel(desk);
      await progress.waitFor();
      await expect.poll(() => payoutProgressStatus(desk, requested!.reference), { timeout: 20_000 }).toBe("sent");
      const [sent] = await db().select().from(withdrawals).where(eq(withdrawals.id, requested!.id));
      expect(sent!.status).toBe("sent");
      const transferCode = sent!.transferCode!;
      expect(transferCode).toMatch(/^TRF_/);
      expect(await payoutProgressEntry(desk, requested!.reference).innerText()).toContain(transferCode);
      expect(await onlyPayoutJobOf(db(), requested!.id)).toMatchObject({
        state: "done",
        outcome: "sent",
        queuedById: cashier.id,
      });
      await part(progress, "09b-admin-payout-progress");
      await checked(desk, "09c-admin-payout-sent");
      const atPaystack = standin.transfers().filter((t) => t.transfer_code === transferCode);
      expect(atPaystack).toMatchObject([{ amount: 1_960, status: "pending" }]); // ₦20.00 less the 2% fee

      // 5. Paystack settles the transfer and tells the app (transfer.success): the withdrawal is paid.
      await standin.settleTransfer(atPaystack[0]!.reference, "success");
      await expect
        .poll(async () => (await db().select().from(withdrawals).where(eq(withdrawals.id, requested!.id)))[0]!.status)
        .toBe("completed");
      await visit(desk, "/admin/withdrawals?status=completed");
      await desk.locator(`text=${transferCode} >> visible=true`).first().waitFor();
      await checked(desk, "10-admin-completed");

      // 6. The member's statement: the upgrade paid online and the payout with its transfer code.
      await visit(page, "/statement");
      const list = page.getByTestId(viewport === MOBILE ? "statement-cards" : "statement");
      await expect.poll(() => list.isVisible()).toBe(true);
      const text = await list.innerText();
      expect(text).toContain(`Withdrawal ${requested!.reference} paid to your bank`);
      expect(text).toContain("Upgrade to Advert Bronze paid online");
      expect(text).toMatch(/Online · Ref UPG-\S+ · Approved/);
      const timeline = page.getByRole("list", { name: `Withdrawal ${requested!.reference} timeline` });
      const steps = (await timeline.first().innerText()).replace(/\s+/g, " ");
      expect(steps).toMatch(new RegExp(`Requested .* Processing .* Sent to your bank .* ${transferCode} Paid`));
      await checked(page, "11-statement");
      await expectLedgerReconciled(db());
    });
  }
});
