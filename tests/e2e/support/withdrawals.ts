import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectToast } from "./browser";

/** The profile's withdrawal cards and the one action both withdrawal journeys repeat. */
export const withdrawCard = (page: Page) => page.getByRole("region", { name: "Withdraw Earnings" });
export const bankCard = (page: Page) => page.getByRole("region", { name: "Bank Details" });

export async function requestAmount(page: Page, amount: string) {
  await withdrawCard(page).getByLabel("Amount (₦)").fill(amount);
  await withdrawCard(page).getByRole("button", { name: "Request Withdrawal" }).click();
}

/**
 * A refused request, said once: an error toast that only names the refusal (its title), and its
 * words in one place on the form (at the amount, or above the form), nowhere else on the page.
 */
export async function expectRefusedOnce(page: Page, title: string, message: string) {
  const toast = await expectToast(page, title, { variant: "error" });
  expect((await toast.innerText()).replace(/\s+/g, " ").trim()).toBe(title);
  await expect.poll(() => withdrawCard(page).getByRole("alert").allInnerTexts()).toEqual([message]);
  const pageText = await page.locator("body").innerText();
  expect(pageText.split(message).length - 1, message).toBe(1);
}
