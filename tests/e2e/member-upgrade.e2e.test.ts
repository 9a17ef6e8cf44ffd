import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { upgradeRequests } from "~/db/schema";
import { balances } from "~/domain/ledger/accounts.server";
import { UPGRADE_PRICE_TEXT } from "~/domain/memberships/upgrade-view";
import { TEST_RECEIVING_ACCOUNT } from "~test/bank-accounts";
import { createUser, creditUser, setReceivingAccount } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * The member's side of membership upgrades: the Membership Upgrade dialog on the dashboard, a
 * request paid from the balance (the pending request and the held amount shown, then cancelled
 * behind a confirmation), a request by bank transfer (the reference and the account to pay
 * into), and the same form without JavaScript.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
beforeAll(async () => setReceivingAccount(db()));

const requestsOf = (userId: string) => db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, userId));

describe("membership upgrades on the dashboard", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`from the balance, then cancelled; then by bank transfer (${label})`, async () => {
      const member = await createUser(db(), { name: "Chidi Okeke", isApproved: true });
      await creditUser(db(), member.id, 70_000n); // ₦700.00 earned
      const { page } = await signedInPage(suite, member, viewport);
      await expect.poll(() => page.getByTestId("stat-available-balance").innerText()).toContain("₦700.00");

      // The dialog: only the tiers above Basic, the balance covers Bronze but not Silver.
      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Membership Upgrade" });
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.getByRole("radio").count()).toBe(4 + 2); // 4 tiers, 2 ways to pay
      expect(await dialog.getByRole("radio", { name: /Basic Member/ }).count()).toBe(0);
      // Each price is said to be paid once; the benefits say only what the tier changes.
      expect(await dialog.getByText(UPGRADE_PRICE_TEXT).isVisible()).toBe(true);
      const bronze = (await dialog.getByTestId("upgrade-tier-bronze").innerText()).replace(/\s+/g, " ");
      expect(bronze).toContain("Advert Bronze ₦500.00 one-off payment Up to 10 adverts a day");
      expect(bronze).toContain(
        "A higher daily advert limit than Basic Member, from the moment your upgrade is approved",
      );
      const balance = dialog.getByRole("radio", { name: /From my AdNaira balance/ });
      expect(await balance.isChecked()).toBe(true);
      await dialog.getByRole("radio", { name: /Advert Silver/ }).check();
      expect(await balance.isDisabled()).toBe(true);
      expect(await dialog.getByTestId("upgrade-method-balance").innerText()).toContain("It does not cover ₦1,000.00");
      expect(await dialog.getByRole("radio", { name: /By bank transfer/ }).isChecked()).toBe(true);
      await dialog.getByRole("radio", { name: /Advert Bronze/ }).check();
      await balance.check();
      await expectFitsAndAccessible(page, `upgrade-dialog-${label}`);

      await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
      await expectToast(page, "Upgrade Requested", { variant: "success" });
      const pending = page.getByTestId("pending-upgrade");
      await expect.poll(() => pending.innerText()).toContain("Advert Bronze");
      expect(await pending.innerText()).toContain("₦500.00");
      await expect.poll(() => page.getByTestId("stat-available-balance").innerText()).toContain("₦200.00");
      expect(await page.getByTestId("stat-available-balance").innerText()).toContain(
        "₦500.00 for your pending upgrade",
      );
      expect(await balances(db(), member.id)).toEqual({ availableKobo: 20_000n, heldKobo: 50_000n });
      await dismissToast(page);
      await expectFitsAndAccessible(page, `upgrade-pending-balance-${label}`);

      // Cancel, behind a confirmation: the held amount returns.
      await pending.getByRole("button", { name: "Cancel request" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Cancel upgrade request?" });
      await confirm.waitFor({ state: "visible" });
      expect(await confirm.innerText()).toContain("The ₦500.00 held from your balance returns");
      await confirm.getByRole("button", { name: "Cancel request" }).click();
      await expectToast(page, "Upgrade Request Cancelled", { variant: "success" });
      await pending.waitFor({ state: "detached" });
      await expect.poll(() => page.getByTestId("stat-available-balance").innerText()).toContain("₦700.00");
      expect(await balances(db(), member.id)).toEqual({ availableKobo: 70_000n, heldKobo: 0n });
      await dismissToast(page);

      // By bank transfer: the reference and the account to pay into, with Copy buttons.
      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("radio", { name: /Advert Gold/ }).check();
      await dialog.getByRole("radio", { name: /By bank transfer/ }).check();
      await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();
      await expectToast(page, "Upgrade Requested", { variant: "success" });
      const [row] = (await requestsOf(member.id)).filter((r) => r.status === "pending");
      expect(row).toMatchObject({ method: "bank_transfer", priceKobo: 150_000n });
      await expect.poll(() => page.getByTestId("upgrade-reference").innerText()).toBe(row!.reference);
      expect(await page.getByTestId("receiving-account-number").innerText()).toBe(TEST_RECEIVING_ACCOUNT.accountNumber);
      expect(await page.getByTestId("receiving-account-name").innerText()).toBe("AdNaira Technologies Ltd");
      expect(await pending.innerText()).toContain("in the transfer narration");
      await dismissToast(page);
      await expectFitsAndAccessible(page, `upgrade-pending-bank-${label}`);
    });
  }

  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`without a receiving account, the dialog says nothing of bank transfer (${label})`, async () => {
      await setReceivingAccount(db(), null);
      try {
        const member = await createUser(db(), { isApproved: true });
        await creditUser(db(), member.id, 20_000n); // ₦200.00: covers no tier
        const { page } = await signedInPage(suite, member, viewport);
        await page.getByRole("button", { name: "Upgrade", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Membership Upgrade" });
        await dialog.waitFor({ state: "visible" });
        expect(await dialog.getByRole("radio", { name: /bank transfer/i }).count()).toBe(0);
        expect(await dialog.innerText()).not.toMatch(/bank transfer/i);
        expect(await dialog.getByTestId("upgrade-method-balance").innerText()).toContain(
          "It does not cover ₦500.00 yet; earn more to upgrade.",
        );
        expect(await dialog.getByRole("button", { name: "Confirm Upgrade" }).isDisabled()).toBe(true);
        await expectFitsAndAccessible(page, `upgrade-dialog-no-bank-${label}`);
        // Whichever tier is chosen.
        await dialog.getByRole("radio", { name: /Advert VIP/ }).check();
        expect(await dialog.innerText()).not.toMatch(/bank transfer/i);
      } finally {
        await setReceivingAccount(db());
      }
    });
  }

  it("without JavaScript: the Upgrade link opens the page, a refusal is shown, and a request goes through", async () => {
    const member = await createUser(db(), { name: "Ngozi Eze", isApproved: true });
    await creditUser(db(), member.id, 60_000n);
    const { page } = await signedInPage(suite, member, MOBILE, { javaScript: false });

    await page.getByRole("link", { name: "Upgrade", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/membership/upgrade");
    // Silver from the balance: the server refuses and re-renders the form with the reason.
    await page.getByRole("radio", { name: /Advert Silver/ }).check();
    await page.getByRole("radio", { name: /From my AdNaira balance/ }).check();
    await page.getByRole("button", { name: "Confirm Upgrade" }).click();
    await page.getByText("Your available balance of ₦600.00 does not cover ₦1,000.00.").waitFor();
    expect(await page.getByRole("radio", { name: /Advert Silver/ }).isChecked()).toBe(true);
    await screenshot(page, "upgrade-page-refused-nojs-mobile");
    expect(await requestsOf(member.id)).toEqual([]);

    await page.getByRole("radio", { name: /Advert Bronze/ }).check();
    await page.getByRole("radio", { name: /From my AdNaira balance/ }).check();
    await page.getByRole("button", { name: "Confirm Upgrade" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByTestId("pending-upgrade").waitFor();
    expect(await requestsOf(member.id)).toMatchObject([{ status: "pending", tierId: "bronze" }]);
  });
});
