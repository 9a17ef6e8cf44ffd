import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withdrawals } from "~/db/schema";
import { recordUnmatchedEvent } from "~/domain/payments/references.server";
import { formatKobo } from "~/domain/shared/money";
import { moneyAtProvider } from "~/domain/withdrawals/money-at-provider.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createPaystackProvider } from "~/server/paystack.server";
import { createUser, formKey, payee, withdrawalAdmin } from "~test/factories";
import { expectLedgerReconciled } from "~test/ledger";
import { TEST_PAYSTACK_SECRET_KEY } from "~test/paystack";
import { payoutJobsOf, payoutProgressEntry, payoutProgressPanel, payoutProgressStatus } from "~test/payouts";
import { upgradeOnline } from "~test/provider-flows";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  expectToast,
  horizontalOverflow,
  MOBILE,
  screenshot,
  SCREENSHOT_DIR,
  signedInPage,
  visit,
} from "./support/browser";
import { setUpPaystackBrowserSuite } from "./support/paystack";

/**
 * An admin pays processing withdrawals through Paystack (the stand-in) on Withdrawal Requests:
 * one with its "Pay via Paystack" dialog, another ticked and paid with "Pay selected via
 * Paystack". Each press queues the withdrawal ("Payment Queued") and the payout worker sends it;
 * the progress panel ("Payouts via Paystack") follows it, the page refreshing itself, until it
 * shows Sent; both show Sent with their transfer codes, at 360 px and 1280 px, axe clean. Then the
 * bank sends one back, and Reconciliation writes out the money at Paystack term by term. On
 * Reconciliation an admin marks an entry resolved with a note, by keyboard, and finds it under
 * Resolved; and does so again before JavaScript has loaded.
 */
const { standin, suite, db } = await setUpPaystackBrowserSuite({ resolveAnyAccount: true });

async function processing(name: string, amountKobo: bigint) {
  const member = await payee(db(), { name, balanceKobo: 10_000n });
  const r = await requestWithdrawal(db(), { userId: member.id, amountKobo, idempotencyKey: formKey() });
  if (r.status !== "ok") throw new Error(r.status);
  await startProcessing(db(), await withdrawalAdmin(db()), r.withdrawal.id);
  return r.withdrawal;
}

describe("paying withdrawals through Paystack", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`pays one from its dialog and another ticked, at ${label} width`, async () => {
      const one = await processing(`Chiamaka Transfer ${label}`, 2_000n);
      const two = await processing(`Babatunde Transfer ${label}`, 3_000n);
      const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
      const { page } = await signedInPage(suite, { ...cashier, role: "admin" }, viewport);
      await visit(page, "/admin/withdrawals?status=processing");
      await page.getByRole("button", { name: "Pay selected via Paystack" }).waitFor();
      await screenshot(page, `paystack-transfers-processing-${label}`);
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: `Pay via Paystack withdrawal ${one.reference}`, exact: false }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByRole("heading", { name: "Pay via Paystack?" }).waitFor();
      await screenshot(page, `paystack-transfers-dialog-${label}`, { fullPage: false });
      // Paystack is slow to answer this one: the panel shows it on its way, then the page
      // refreshes itself (no navigation) until it is Sent.
      standin.setTransferDelay(5_000);
      const panel = payoutProgressPanel(page);
      try {
        await dialog.getByRole("button", { name: "Pay via Paystack" }).click();
        await expectToast(page, "Payment Queued", { message: `${one.reference} is queued`, variant: "success" });
        await dismissToast(page);
        await panel.waitFor();
        expect(["waiting", "sending"]).toContain(await payoutProgressStatus(page, one.reference));
        expect(await panel.innerText()).toContain("Sending: each withdrawal is sent to Paystack in turn.");
        await panel.screenshot({
          path: path.join(SCREENSHOT_DIR, `paystack-transfers-panel-sending-${label}.png`),
          animations: "disabled",
        });
        await expectNoA11yViolations(page);
        const url = page.url();
        await expect.poll(() => payoutProgressStatus(page, one.reference), { timeout: 20_000 }).toBe("sent");
        expect(page.url()).toBe(url);
      } finally {
        standin.setTransferDelay(0);
      }
      const [sentOne] = await db().select().from(withdrawals).where(eq(withdrawals.id, one.id));
      expect(sentOne!.status).toBe("sent");
      expect(await payoutProgressEntry(page, one.reference).innerText()).toContain(sentOne!.transferCode!);
      expect(await payoutJobsOf(db(), one.id)).toMatchObject([{ state: "done", outcome: "sent" }]);

      await page.getByRole("checkbox", { name: new RegExp(`Select withdrawal ${two.reference}`) }).check();
      await page.getByRole("button", { name: "Pay selected via Paystack" }).click();
      await expectToast(page, "Payment Queued", { message: `${two.reference} is queued`, variant: "success" });
      await dismissToast(page);
      await expect.poll(() => payoutProgressStatus(page, two.reference), { timeout: 20_000 }).toBe("sent");
      expect(await panel.innerText()).toContain("Nothing is waiting to be sent.");
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({
        path: path.join(SCREENSHOT_DIR, `paystack-transfers-panel-${label}.png`),
        animations: "disabled",
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectFitsAndAccessible(page, `paystack-transfers-progress-${label}`);

      await visit(page, "/admin/withdrawals?status=sent");
      await page.locator(`text=${sentOne!.transferCode!} >> visible=true`).first().waitFor();
      await screenshot(page, `paystack-transfers-sent-${label}`);
      await expectNoA11yViolations(page);

      for (const w of [one, two]) await standin.settleTransfer(`adnaira-${w.reference.toLowerCase()}-1`, "success");
      const [done] = await db().select().from(withdrawals).where(eq(withdrawals.id, two.id));
      expect(done!.status).toBe("completed");
      await expectLedgerReconciled(db());

      // The bank sends the first back (its webhook books the reversal); a member paid ₦500.00
      // online meanwhile. Reconciliation writes out the sum, each term as the ledger has it.
      await standin.settleTransfer(`adnaira-${one.reference.toLowerCase()}-1`, "reversed");
      const [returned] = await db().select().from(withdrawals).where(eq(withdrawals.id, one.id));
      expect(returned!.status).toBe("processing");
      const provider = createPaystackProvider({ secretKey: TEST_PAYSTACK_SECRET_KEY, baseUrl: standin.baseUrl });
      await upgradeOnline({ db: db(), provider, standin }, "success");
      await visit(page, "/admin/reconciliation");
      const money = await moneyAtProvider(db());
      expect(money.reversalsKobo).toBeGreaterThan(0n);
      const sum = page.getByTestId("money-at-paystack");
      const term = async (id: string) => {
        const row = sum.getByTestId(`money-${id}`);
        return `${await row.locator("dt").innerText()} ${await row.locator("dd").innerText()}`;
      };
      expect(await term("collected")).toBe(`Collected through Paystack ${formatKobo(money.collectedKobo)}`);
      expect(await term("fees")).toBe(`Paystack's fees on what it collected − ${formatKobo(money.providerFeesKobo)}`);
      expect(await term("transfers-out")).toBe(`Transfers to members' banks − ${formatKobo(money.transfersOutKobo)}`);
      expect(await term("reversals")).toBe(`Transfers the banks sent back + ${formatKobo(money.reversalsKobo)}`);
      expect(await term("total")).toBe(`Money at Paystack = ${formatKobo(money.atProviderKobo)}`);
      expect(money.atProviderKobo).toBe(
        money.collectedKobo - money.providerFeesKobo - money.transfersOutKobo + money.reversalsKobo,
      );
      expect(await page.getByTestId("money-records").innerText()).toContain("give the same");
      await expectFitsAndAccessible(page, `paystack-reconciliation-${label}`);
      await expectLedgerReconciled(db());
    });
  }
});

describe("marking a reconciliation entry resolved", () => {
  /** A payment Paystack reported under a reference that is none of ours: an entry to look into. */
  const unknownPayment = (reference: string) =>
    recordUnmatchedEvent(db(), { event: "charge.success", reference, amountKobo: 250_000n, currency: "NGN" });
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`opens the dialog by keyboard, needs a note, and moves the entry to Resolved, at ${label} width`, async () => {
      const reference = `T-RESOLVE-${label.toUpperCase()}`;
      await unknownPayment(reference);
      await unknownPayment(`${reference}-KEPT`);
      const cashier = await createUser(db(), {
        role: "admin",
        permissions: ["manage_withdrawals"],
        name: "Bisi Cashier",
      });
      const { page, errors } = await signedInPage(suite, { ...cashier, role: "admin" }, viewport);
      await visit(page, "/admin/reconciliation");
      const opener = page.getByRole("link", { name: `Mark resolved ${reference}`, exact: true });
      await opener.waitFor();
      await expectFitsAndAccessible(page, `reconciliation-open-${label}`);

      // Escape closes the dialog, back to the list with focus on the link that opened it.
      const linkId = await opener.getAttribute("id");
      await opener.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Mark resolved?" });
      await dialog.waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => focusedId(page)).toBe(linkId);

      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.innerText()).toContain(`${reference}: A payment AdNaira did not ask for.`);
      const note = dialog.getByLabel("What you found and did");
      await expect.poll(() => focusedId(page)).toBe(await note.getAttribute("id"));
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
      await screenshot(page, `reconciliation-resolve-dialog-${label}`, { fullPage: false });
      await expectNoA11yViolations(page);

      // No note: refused in place, the field says why and has focus; nothing typed is lost.
      await dialog.getByRole("button", { name: "Mark Resolved" }).click();
      await expectToast(page, "Resolution Failed", { message: "Write what you found and what was done." });
      await dismissToast(page);
      await dialog.getByText("Write what you found and what was done.").waitFor();
      expect(await note.getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, `reconciliation-resolve-refused-${label}`, { fullPage: false });
      await expectNoA11yViolations(page);

      await note.focus();
      await page.keyboard.type("Refunded in the Paystack dashboard: nobody could say what it was for.");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Mark Resolved");
      await page.keyboard.press("Enter");
      await expectToast(page, "Marked Resolved", {
        message: `${reference} is marked resolved and listed under Resolved with your note.`,
        variant: "success",
      });
      await dismissToast(page);
      await page.waitForURL((url) => url.pathname === "/admin/reconciliation" && url.search === "");
      await page.getByRole("link", { name: `Mark resolved ${reference}-KEPT`, exact: true }).waitFor();
      expect(await page.getByRole("link", { name: `Mark resolved ${reference}`, exact: true }).count()).toBe(0);

      await page.getByRole("link", { name: /^Resolved \(\d+\)$/ }).click();
      await page.waitForURL((url) => url.searchParams.get("view") === "resolved");
      const entry = page.locator(
        `text=Refunded in the Paystack dashboard: nobody could say what it was for. >> visible=true`,
      );
      await entry.first().waitFor();
      const resolved = await page.locator("main").innerText();
      expect(resolved).toContain(reference);
      expect(resolved).toContain("Bisi Cashier");
      await expectFitsAndAccessible(page, `reconciliation-resolved-${label}`);
      expect(errors).toEqual([]);
    });
  }

  it("works before JavaScript has loaded: the link, the form post and the redirect", async () => {
    const reference = "T-RESOLVE-NO-SCRIPT";
    await unknownPayment(reference);
    const cashier = await createUser(db(), { role: "admin", permissions: ["manage_withdrawals"] });
    const { page } = await signedInPage(suite, { ...cashier, role: "admin" }, MOBILE, { javaScript: false });
    await page.goto("/admin/reconciliation");
    await page.getByRole("link", { name: `Mark resolved ${reference}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Mark resolved?" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("What you found and did").fill("Refunded at Paystack.");
    await dialog.getByRole("button", { name: "Mark Resolved" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/reconciliation" && url.search === "");
    expect(await page.getByRole("link", { name: `Mark resolved ${reference}`, exact: true }).count()).toBe(0);
    await page.goto("/admin/reconciliation?view=resolved");
    expect(await page.locator("main").innerText()).toContain("Refunded at Paystack.");
  });
});
