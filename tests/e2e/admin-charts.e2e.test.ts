import path from "node:path";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ensureUserAccounts, platformAccountId } from "~/domain/ledger/accounts.server";
import { createUser, member } from "~test/factories";
import { backdatedTransfer, postTransferAt } from "~test/ledger";
import {
  DESKTOP,
  expectFitsAndAccessible,
  MOBILE,
  SCREENSHOT_DIR,
  setUpBrowserSuite,
  signedInPage,
} from "./support/browser";

/**
 * The admin dashboard's "Last 30 days": four small charts that fit a 360 px phone and a 1280 px
 * screen, each bar named for a screen reader and focusable, and axe finds nothing serious.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const DAY_MS = 24 * 60 * 60 * 1000;

async function seed() {
  const earner = await member(db(), { name: "Chart Earner" });
  const { heldId } = await ensureUserAccounts(db(), earner.id);
  const bank = await platformAccountId(db(), "bank_payouts");
  for (let back = 0; back < 30; back += 3) {
    const at = new Date(Date.now() - back * DAY_MS - 60_000);
    await backdatedTransfer(db(), { userId: earner.id, amountKobo: BigInt(1_000_00 + back * 12_345), at });
    if (back % 2 === 0) {
      const amountKobo = BigInt(25_000 + back * 1_000);
      await backdatedTransfer(db(), { userId: earner.id, amountKobo, at, kind: "referral_reward" });
      await backdatedTransfer(db(), { userId: earner.id, amountKobo, at, kind: "withdrawal_hold" });
      await postTransferAt(db(), {
        kind: "withdrawal_payout",
        debitAccountId: heldId,
        creditAccountId: bank,
        amountKobo,
        at,
      });
    }
  }
  for (let i = 0; i < 3; i++) await member(db());
}

/** The x-axis labels a chart shows do not overlap one another (two charts share a row at 1280 px). */
async function expectAxisLabelsApart(chart: Locator) {
  const boxes: { x: number; width: number }[] = [];
  for (const label of await chart.locator('[data-testid="bar"] > text[aria-hidden="true"]').all()) {
    if (await label.isVisible()) boxes.push((await label.boundingBox())!);
  }
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x + boxes[i - 1]!.width);
}

describe("Last 30 days on /admin", () => {
  it("shows four charts that fit 1280 and 360 px; a bar shows its figure on focus", async () => {
    await seed();
    const admin = await createUser(db(), { role: "admin", permissions: ["view_reports"] });
    const { page } = await signedInPage(suite, admin, DESKTOP);
    const section = page.getByRole("region", { name: "Last 30 days" });
    for (const title of ["Advert rewards paid", "Referral rewards paid", "Withdrawals completed", "New members"]) {
      const chart = section.getByRole("region", { name: title });
      expect(await chart.getByTestId("bar").count()).toBe(30);
      expect(await chart.getByRole("group", { name: `${title}, last 30 days, by day` }).count()).toBe(1);
      await expectAxisLabelsApart(chart);
    }
    expect(await section.getByRole("region", { name: "New members" }).getByTestId("chart-total").innerText()).toBe("4");
    // The last bar (today) shows its figure when focused from the keyboard.
    const today = section.getByRole("region", { name: "Advert rewards paid" }).getByTestId("bar").last();
    await today.focus();
    expect(await today.getByTestId("bar-value").isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-charts-desktop");
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, "admin-charts-section-desktop.png") });

    await page.setViewportSize(MOBILE);
    await expectAxisLabelsApart(section.getByRole("region", { name: "New members" }));
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await section.getByText("Show the figures").first().click();
    expect(await section.getByTestId("bar-chart-table").first().isVisible()).toBe(true);
    await expectFitsAndAccessible(page, "admin-charts-mobile");
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, "admin-charts-section-mobile.png") });
  }, 90_000);
});
