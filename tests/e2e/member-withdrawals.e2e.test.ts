import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withdrawals } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { createUser, creditUser, setBankDetails } from "~test/factories";
import { GTB_ACCOUNT, withWrongCheckDigit } from "~test/bank-accounts";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";
import { bankCard, expectRefusedOnce, requestAmount, withdrawCard } from "./support/withdrawals";

/**
 * The member's side of withdrawals on a 360 px phone (the profile page, its checks and toasts):
 * withdraw without bank details, a wrong check digit refused, valid details shown masked, the
 * fee and net shown while typing, the validation toasts, a valid request (tapped twice: one
 * withdrawal), and the history on the profile and the dashboard.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const WRONG_CHECK_DIGIT = withWrongCheckDigit(GTB_ACCOUNT);

describe("withdrawing earnings on a phone", () => {
  it("bank details, the validation toasts, a request tapped twice, and the history", async () => {
    const member = await createUser(db(), { name: "Funke Adebayo", isApproved: true });
    await creditUser(db(), member.id, 5_000n); // ₦50.00 earned
    const { page } = await signedInPage(suite, member, MOBILE);

    await visit(page, "/profile");
    await expect.poll(() => withdrawCard(page).getByTestId("available-balance").innerText()).toBe("₦50.00");
    await expectFitsAndAccessible(page, "profile-withdraw-empty-mobile");

    // No bank details yet: refused above the form, in place of the note that said the same.
    await requestAmount(page, "20");
    await expectRefusedOnce(page, "Bank Details Missing", "Please add your bank account details before withdrawing.");
    expect(await withdrawCard(page).innerText()).not.toContain("Add your bank details before withdrawing.");
    await dismissToast(page);

    // A wrong check digit is refused, inline and as a toast.
    const bank = bankCard(page);
    await bank.getByLabel("Account Holder Name").fill("Funke Adebayo");
    await bank.getByLabel("Bank").selectOption("058");
    await bank.getByLabel("Account Number").fill(WRONG_CHECK_DIGIT);
    await bank.getByLabel("Current Password").fill(member.password);
    await bank.getByRole("button", { name: "Save Bank Details" }).click();
    const message = "This account number is not valid for the selected bank. Check the number and the bank.";
    await expectToast(page, "Update Failed", { message, variant: "error" });
    await expect.poll(() => bank.getByRole("alert").first().innerText()).toBe(message);
    expect(await bank.getByLabel("Account Number").getAttribute("aria-invalid")).toBe("true");
    await dismissToast(page);
    // Correcting the number takes the old error away at once (and aria-invalid with it).
    await bank.getByLabel("Account Number").fill(GTB_ACCOUNT.slice(0, 5));
    await expect.poll(() => bank.getByRole("alert").count()).toBe(0);
    expect(await bank.getByLabel("Account Number").getAttribute("aria-invalid")).toBeNull();

    // The right number: saved, shown masked except the last 4 digits.
    await bank.getByLabel("Account Number").fill(GTB_ACCOUNT);
    await bank.getByLabel("Current Password").fill(member.password);
    await bank.getByRole("button", { name: "Save Bank Details" }).click();
    await expectToast(page, "Bank Details Updated", { variant: "success" });
    await expect.poll(() => page.getByTestId("saved-bank-details").innerText()).toContain("******6785");
    // One form's answer at a time: the earlier Bank Details Missing refusal is gone too.
    expect(await withdrawCard(page).getByRole("alert").count()).toBe(0);
    expect(await page.content()).not.toContain(GTB_ACCOUNT);
    await dismissToast(page);

    // The fee and what the bank receives, as the member types.
    const amount = withdrawCard(page).getByLabel("Amount (₦)");
    await amount.fill("20");
    await expect.poll(() => page.getByTestId("withdraw-preview").innerText()).toContain("You will receive ₦19.60");
    expect(await page.getByTestId("withdraw-preview").innerText()).toContain("Fee (2%): ₦0.40");
    await amount.fill("5");
    await expect
      .poll(() => page.getByTestId("withdraw-preview").innerText())
      .toContain("The minimum withdrawal is ₦10.00.");
    await expectFitsAndAccessible(page, "profile-withdraw-preview-mobile");

    // The refusals: each said once, at the amount, the toast naming it.
    await requestAmount(page, "0");
    await expectRefusedOnce(page, "Invalid Amount", "Enter an amount above ₦0.00.");
    await dismissToast(page);
    await requestAmount(page, "60");
    await expectRefusedOnce(
      page,
      "Insufficient Funds",
      "You do not have enough balance to withdraw this amount. Your available balance is ₦50.00.",
    );
    await dismissToast(page);
    await requestAmount(page, "5");
    await expectRefusedOnce(page, "Amount Below Minimum", "The minimum withdrawal is ₦10.00.");
    await dismissToast(page);

    // A valid request, tapped twice: one withdrawal.
    await amount.fill("20");
    const submit = withdrawCard(page).getByRole("button", { name: "Request Withdrawal" });
    await submit.dblclick();
    await expectToast(page, "Withdrawal Requested", { message: "₦20.00", variant: "success" });
    expect(await db().$count(withdrawals, eq(withdrawals.userId, member.id))).toBe(1);
    expect(await balances(db(), member.id)).toEqual({ availableKobo: 3_000n, heldKobo: 2_000n });
    await expect.poll(() => withdrawCard(page).getByTestId("available-balance").innerText()).toBe("₦30.00");
    await expect.poll(() => amount.inputValue()).toBe(""); // a fresh form for the next request
    const item = page.getByTestId("withdrawal-list-cards").locator("li").first();
    expect(await item.innerText()).toContain("₦20.00");
    expect(await item.innerText()).toContain("Pending");
    await dismissToast(page);
    await expectFitsAndAccessible(page, "profile-withdrawal-requested-mobile");

    // The dashboard's history.
    await visit(page, "/dashboard");
    const card = page.getByTestId("withdrawal-history-cards").locator("li").first();
    expect((await card.innerText()).replace(/\s+/g, " ")).toMatch(
      /^Amount ₦20\.00 Date \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Status Pending$/,
    );
    await expectFitsAndAccessible(page, "dashboard-withdrawal-history-mobile");
  });

  it.each([
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const)(
    "on %s, a refused amount is said once; editing it clears the error, and the next refusal shows again",
    async (name, viewport) => {
      const member = await createUser(db(), { isApproved: true });
      await setBankDetails(db(), member.id);
      await creditUser(db(), member.id, 5_000n);
      const { page } = await signedInPage(suite, member, viewport);
      await visit(page, "/profile");
      const amount = withdrawCard(page).getByLabel("Amount (₦)");
      const preview = page.getByTestId("withdraw-preview");

      // Typed below the minimum, the preview warns; sent anyway, the refusal is said once, at the
      // field (the preview no longer repeats it) and the toast only names it.
      await amount.fill("5");
      await expect.poll(() => preview.innerText()).toContain("The minimum withdrawal is ₦10.00.");
      await withdrawCard(page).getByRole("button", { name: "Request Withdrawal" }).click();
      await expectRefusedOnce(page, "Amount Below Minimum", "The minimum withdrawal is ₦10.00.");
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      await dismissToast(page);
      await expectFitsAndAccessible(page, `profile-withdraw-refused-${name}`);

      // Correcting it: the old error goes at once, aria-invalid with it; the preview speaks again.
      await amount.fill("6");
      await expect.poll(() => withdrawCard(page).getByRole("alert").count()).toBe(0);
      expect(await amount.getAttribute("aria-invalid")).toBeNull();
      await expect.poll(() => preview.innerText()).toContain("The minimum withdrawal is ₦10.00.");

      // Sent again still too low: the same refusal comes back with the new answer.
      await withdrawCard(page).getByRole("button", { name: "Request Withdrawal" }).click();
      await expectRefusedOnce(page, "Amount Below Minimum", "The minimum withdrawal is ₦10.00.");
      expect(await amount.getAttribute("aria-invalid")).toBe("true");
      expect(await db().$count(withdrawals, eq(withdrawals.userId, member.id))).toBe(0);
    },
  );

  it("works without JavaScript: a refused form comes back with its error and what was typed, a valid one saves", async () => {
    const member = await createUser(db(), { name: "Kunle NoScript", isApproved: true });
    await creditUser(db(), member.id, 5_000n);
    const { page } = await signedInPage(suite, member, MOBILE, { javaScript: false });
    await page.goto("/profile");

    // Each form posts to its own route, which shows the page again with that form's refusal.
    const bank = bankCard(page);
    await bank.getByLabel("Account Holder Name").fill("Kunle Ade");
    await bank.getByLabel("Bank").selectOption("058");
    await bank.getByLabel("Account Number").fill(GTB_ACCOUNT);
    await bank.getByLabel("Current Password").fill("not-my-password-at-all");
    await bank.getByRole("button", { name: "Save Bank Details" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/bank-details");
    expect(await bank.getByRole("alert").innerText()).toBe("Current password is incorrect.");
    expect(await bank.getByLabel("Account Number").inputValue()).toBe(GTB_ACCOUNT);
    expect(await bank.getByLabel("Account Holder Name").inputValue()).toBe("Kunle Ade");
    expect(await bank.getByLabel("Current Password").inputValue()).toBe("");
    expect(await withdrawCard(page).getByRole("alert").count()).toBe(0);
    await screenshot(page, "profile-bank-details-refused-no-js-mobile"); // (axe needs a script)

    await bank.getByLabel("Current Password").fill(member.password);
    await bank.getByRole("button", { name: "Save Bank Details" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");
    expect(await page.getByTestId("saved-bank-details").innerText()).toContain("******6785");

    await requestAmount(page, "5");
    await page.waitForURL((url) => url.pathname === "/profile/withdraw");
    expect(await withdrawCard(page).getByRole("alert").innerText()).toBe("The minimum withdrawal is ₦10.00.");
    expect(await withdrawCard(page).getByLabel("Amount (₦)").inputValue()).toBe("5");
    await requestAmount(page, "20");
    await page.waitForURL((url) => url.pathname === "/profile");
    expect(await db().$count(withdrawals, eq(withdrawals.userId, member.id))).toBe(1);
    expect(await page.getByTestId("withdrawal-list-cards").locator("li").first().innerText()).toContain("₦20.00");
  });
});
