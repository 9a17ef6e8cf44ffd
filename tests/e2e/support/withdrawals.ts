import type { Page } from "playwright-core";

/** The profile's withdrawal cards and the one action both withdrawal journeys repeat. */
export const withdrawCard = (page: Page) => page.getByRole("region", { name: "Withdraw Earnings" });
export const bankCard = (page: Page) => page.getByRole("region", { name: "Bank Details" });

export async function requestAmount(page: Page, amount: string) {
  await withdrawCard(page).getByLabel("Amount (₦)").fill(amount);
  await withdrawCard(page).getByRole("button", { name: "Request Withdrawal" }).click();
}
