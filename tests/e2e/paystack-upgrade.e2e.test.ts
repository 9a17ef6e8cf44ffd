import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { upgradeRequests, users } from "~/db/schema";
import { countUpgradesAwaitingAdmin } from "~/domain/memberships/list-upgrades.server";
import { createPaystackProvider } from "~/server/paystack.server";
import { createUser } from "~test/factories";
import { TEST_PAYSTACK_SECRET_KEY } from "~test/paystack";
import { upgradeOnline, type ProviderFlows } from "~test/provider-flows";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  screenshot,
  signedInPage,
  visit,
} from "./support/browser";
import { setUpPaystackBrowserSuite } from "./support/paystack";

/**
 * A member upgrades online: the dialog's "Pay online", Paystack's checkout (the stand-in's),
 * the return page that checks the payment by itself, and the dashboard on the new tier, with no
 * admin. A failed payment first: the return page offers Try again. An admin's Upgrade Requests
 * shows a failed payment as failed and a held one as held, and the dashboard counts neither the
 * failed one nor one still at the checkout as waiting for an admin.
 */
const { standin, suite, db, webhookUrl } = await setUpPaystackBrowserSuite();

describe("an upgrade paid online", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`from the dialog to Paystack and back, approved at once (${label})`, async () => {
      const member = await createUser(db(), { name: "Ngozi Eze", isApproved: true });
      const { page } = await signedInPage(suite, member, viewport);

      await page.getByRole("button", { name: "Upgrade", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Membership Upgrade" });
      await dialog.waitFor({ state: "visible" });
      const online = dialog.getByRole("radio", { name: /Pay online \(card, bank transfer, USSD\)/ });
      // Nothing earned yet: online is the way to pay.
      expect(await online.isChecked()).toBe(true);
      await expectFitsAndAccessible(page, `upgrade-online-dialog-${label}`);
      await dialog.getByRole("button", { name: "Confirm Upgrade" }).click();

      // Paystack's checkout (the stand-in's page): the member's payment fails first.
      await page.waitForURL((url) => url.origin === standin.baseUrl);
      await screenshot(page, `upgrade-online-checkout-${label}`);
      await page.getByRole("button", { name: /Fail/ }).click();
      await page.waitForURL((url) => url.pathname === "/membership/upgrade/paid");
      const card = page.getByTestId("payment-return");
      await expect.poll(() => card.getAttribute("data-state")).toBe("not-paid");
      expect(await card.innerText()).toContain("Payment not completed");
      await expectFitsAndAccessible(page, `upgrade-online-failed-${label}`);

      // Try again: a new checkout, paid this time. On mobile the webhook does not get through, so
      // the return page checks with Paystack by itself; on desktop the webhook settled it first.
      const webhookLost = label === "mobile";
      if (webhookLost) standin.setWebhookUrl("http://127.0.0.1:9/webhooks/paystack");
      if (webhookLost) {
        // From the dashboard's pending card this time.
        await card.getByRole("link", { name: "Go to dashboard" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard");
        const pending = page.getByTestId("pending-upgrade");
        await expect.poll(() => pending.innerText()).toContain("failed: nothing was paid");
        await expectFitsAndAccessible(page, `upgrade-online-pending-${label}`);
        await pending.getByRole("button", { name: "Try again" }).click();
      } else {
        await card.getByRole("button", { name: "Try again" }).click();
      }
      await page.waitForURL((url) => url.origin === standin.baseUrl);
      await page.getByRole("button", { name: /^Pay / }).click();
      if (webhookLost) {
        await page.waitForURL((url) => url.pathname === "/dashboard");
        standin.setWebhookUrl(webhookUrl());
      } else {
        await page.waitForURL((url) => url.pathname === "/membership/upgrade/paid");
        await expect.poll(() => card.getAttribute("data-state")).toBe("paid");
        expect(await card.innerText()).toContain("Your membership is now Advert Bronze");
        await expectFitsAndAccessible(page, `upgrade-online-paid-${label}`);
        await card.getByRole("link", { name: "Go to dashboard" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard");
      }
      if (webhookLost) {
        await expectToast(page, "Upgrade Approved", { variant: "success" });
        await dismissToast(page);
      }
      const [user] = await db().select().from(users).where(eq(users.id, member.id));
      expect(user!.membershipTierId).toBe("bronze");
      const [request] = await db().select().from(upgradeRequests).where(eq(upgradeRequests.userId, member.id));
      expect(request).toMatchObject({ status: "approved", processedById: null, method: "online" });
      await expectFitsAndAccessible(page, `upgrade-online-approved-${label}`);
    });
  }

  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`Upgrade Requests shows where each online payment is; only a held one waits for an admin (${label})`, async () => {
      const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
      const flows: ProviderFlows = { db: db(), provider, standin };
      const failed = await upgradeOnline(flows, "failed", { name: `Femi Failed ${label}` });
      const held = await upgradeOnline(flows, "held", { name: `Halima Held ${label}` });
      const open = await upgradeOnline(flows, "open", { name: `Olu Open ${label}` });
      const admin = await createUser(db(), { role: "admin", permissions: ["manage_memberships"] });
      const { page } = await signedInPage(suite, { ...admin, role: "admin" }, viewport);

      const entry = (reference: string) =>
        label === "mobile"
          ? page.getByTestId(`upgrade-card-${reference}`)
          : page.getByTestId(`upgrade-row-${reference}`);
      await visit(page, "/admin/memberships");
      const payment = (reference: string) => entry(reference).getByTestId("upgrade-payment");
      expect(await payment(failed.reference).innerText()).toBe("Payment failed");
      expect(await entry(failed.reference).innerText()).toContain("the member may try again or cancel");
      expect(await entry(failed.reference).innerText()).not.toContain("Paid online");
      expect(await payment(held.reference).innerText()).toBe("Held for review");
      expect(await entry(held.reference).getByTestId("upgrade-held-reason").innerText()).toContain(
        "Payment held: Paid ₦499.00, but ₦500.00 was asked.",
      );
      expect(await payment(open.reference).innerText()).toBe("Awaiting payment");
      // Paid online: no Approve, whatever the payment's state; Reject stays.
      expect(
        await entry(failed.reference)
          .getByRole("button", { name: /^Approve/ })
          .count(),
      ).toBe(0);
      await entry(held.reference).scrollIntoViewIfNeeded();
      await expectFitsAndAccessible(page, `admin-upgrades-online-${label}`);

      await visit(page, "/admin");
      const card = page.getByTestId("stat-Pending Upgrades");
      const waiting = await countUpgradesAwaitingAdmin(db());
      expect(await card.innerText()).toBe(String(waiting));
      expect(await page.getByTestId("card-detail-Pending Upgrades").innerText()).toBe("Waiting for an admin");
      const pending = await db().$count(upgradeRequests, eq(upgradeRequests.status, "pending"));
      // The failed one and the one at the checkout are pending, but not counted.
      expect(pending - waiting).toBeGreaterThanOrEqual(2);
      await expectFitsAndAccessible(page, `admin-dashboard-upgrades-${label}`);
    });
  }
});
