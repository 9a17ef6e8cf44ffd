import { describe, expect, it } from "vitest";
import { createPaystackProvider } from "~/server/paystack.server";
import { createUser } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { TEST_PAYSTACK_SECRET_KEY } from "~test/paystack";
import { upgradeOnline } from "~test/provider-flows";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  expectToast,
  MOBILE,
  screenshot,
  signedInPage,
  visit,
} from "./support/browser";
import { setUpPaystackBrowserSuite } from "./support/paystack";

/**
 * On Reconciliation an admin refunds a held payment through its Refund dialog (asked first, a
 * reason needed), Paystack's refund.processed takes it off the list; a card dispute is listed with
 * its amount, reason and evidence deadline. At 360 px and 1280 px, axe clean, and the Refund form
 * works before JavaScript has loaded.
 */
const { standin, suite, db } = await setUpPaystackBrowserSuite();

const flows = () => ({
  db: db(),
  provider: createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl }),
  standin,
});

describe("refunds and disputes on Reconciliation", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`refunds a held payment from its dialog and lists a dispute, at ${label} width`, async () => {
      const held = await upgradeOnline(flows(), "held", { name: `Ada Held ${label}` });
      const disputed = await upgradeOnline(flows(), "success", { name: `Musa Disputed ${label}` });
      await standin.openDispute(disputed.reference, { category: "fraud", dueAt: new Date("2026-12-24T09:00:00Z") });
      const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
      const { page, errors } = await signedInPage(suite, { ...cashier, role: "admin" }, viewport);
      await visit(page, "/admin/reconciliation");

      // The table from the large breakpoint up, one card per dispute below it.
      const disputes = page.getByTestId(viewport === MOBILE ? "disputes-cards" : "disputes");
      await disputes.getByText(disputed.reference).filter({ visible: true }).first().waitFor();
      const listed = await disputes.innerText();
      expect(listed).toContain("fraud");
      expect(listed).toContain("₦500.00");
      expect(listed).toContain("24 Dec 2026");

      const opener = page.getByRole("link", { name: `Refund ${held.reference}`, exact: true });
      await opener.waitFor();
      await expectFitsAndAccessible(page, `reconciliation-refunds-${label}`);
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Refund this payment?" });
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.innerText()).toContain(held.reference);
      await screenshot(page, `reconciliation-refund-dialog-${label}`, { fullPage: false });
      await expectNoA11yViolations(page);

      // No reason: refused in place.
      await dialog.getByRole("button", { name: "Refund" }).click();
      await expectToast(page, "Refund Failed", { message: "Say why this payment is refunded." });
      await dismissToast(page);
      expect(standin.refunds().filter((r) => r.transaction?.reference === held.reference)).toHaveLength(0);

      await dialog.getByLabel("Why it is refunded").fill("Paid short: the member pays again as asked.");
      await dialog.getByRole("button", { name: "Refund" }).click();
      await expectToast(page, "Refund Sent", { variant: "success" });
      await dismissToast(page);
      await page.getByText("on its way at Paystack").filter({ visible: true }).first().waitFor();
      const sent = standin.refunds().filter((r) => r.transaction?.reference === held.reference);
      expect(sent).toHaveLength(1);

      await standin.processRefund(sent[0]!.id, "processed");
      await visit(page, "/admin/reconciliation");
      await disputes.waitFor();
      expect(await page.getByRole("link", { name: `Refund ${held.reference}`, exact: true }).count()).toBe(0);
      await expectFitsAndAccessible(page, `reconciliation-refunded-${label}`);
      await expectLedgerReconciled(db());
      expect(errors).toEqual([]);
    });
  }

  it("refunds before JavaScript has loaded: the link, the form post and the redirect", async () => {
    const held = await upgradeOnline(flows(), "held", { name: "Bola NoScript" });
    const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
    const { page } = await signedInPage(suite, { ...cashier, role: "admin" }, MOBILE, { javaScript: false });
    await page.goto("/admin/reconciliation");
    await page.getByRole("link", { name: `Refund ${held.reference}`, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("refund") === held.reference);
    const dialog = page.getByRole("dialog", { name: "Refund this payment?" });
    await dialog.getByLabel("Why it is refunded").fill("Paid short.");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/reconciliation" && url.search === "");
    expect(standin.refunds().filter((r) => r.transaction?.reference === held.reference)).toHaveLength(1);
  });
});
