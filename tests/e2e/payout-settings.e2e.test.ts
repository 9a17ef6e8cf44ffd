import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings, membershipTiers } from "~/db/schema";
import { DEFAULT_TIERS } from "~/domain/memberships/default-tiers";
import { getAppSettings } from "~/domain/settings/app-settings";
import { createUser, member } from "~test/factories";
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

/**
 * Application Settings' Withdrawal limits and Support and payouts cards, and Manage
 * Memberships' Tier Benefits card, in a browser at 360 and 1280 px: a refusal said on its field
 * and in a toast, a save, and what members then see.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const settingsAdmin = () => createUser(db(), { role: "admin", permissions: ["manage_settings"] });
const membershipsAdmin = () => createUser(db(), { role: "admin", permissions: ["manage_memberships"] });

describe("Application Settings: withdrawals and support", () => {
  it("refuses a fee above 50% on its field, then saves the limits (1280 px)", async () => {
    const { page } = await signedInPage(suite, await settingsAdmin(), DESKTOP);
    await visit(page, "/admin/settings");
    await expect(page.getByLabel("Advertisers' maximum withdrawal (₦)").inputValue()).resolves.toBe("1000000.00");
    await expectFitsAndAccessible(page, "admin-settings-withdrawals-desktop");

    await page.getByLabel("Withdrawal fee (%)").fill("60");
    await page.getByRole("button", { name: "Save Withdrawal Limits" }).click();
    await expectToast(page, "Update Failed", { message: "The fee can be at most 50%.", variant: "error" });
    await expect(page.getByLabel("Withdrawal fee (%)").getAttribute("aria-invalid")).resolves.toBe("true");
    expect((await getAppSettings(db())).withdrawalFeeBps).toBe(200);
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-settings-withdrawals-error-desktop");

    await page.getByLabel("Withdrawal fee (%)").fill("2.5");
    await page.getByLabel("Advertisers' maximum withdrawal (₦)").fill("500,000");
    await page.getByRole("button", { name: "Save Withdrawal Limits" }).click();
    await expectToast(page, "Settings Updated", { message: "₦500,000.00 for advertisers", variant: "success" });
    expect(await getAppSettings(db())).toMatchObject({
      withdrawalFeeBps: 250,
      advertiserMaxWithdrawalKobo: 50_000_000n,
    });
    await expect(page.getByLabel("Withdrawal fee (%)").inputValue()).resolves.toBe("2.5");
    await db()
      .update(appSettings)
      .set({ withdrawalFeeBps: 200, advertiserMaxWithdrawalKobo: 100_000_000n })
      .where(eq(appSettings.id, 1));
  });

  it("saves the support channels normalised and the payout schedule; the member's withdraw form shows it (360 px)", async () => {
    const { page } = await signedInPage(suite, await settingsAdmin(), MOBILE);
    await visit(page, "/admin/settings");
    await page.getByLabel("WhatsApp number").fill("0803 123");
    await page.getByRole("button", { name: "Save Support and Payouts" }).click();
    await expectToast(page, "Update Failed", { message: "Enter a Nigerian mobile number", variant: "error" });
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-settings-support-error-mobile");

    await page.getByLabel("Support email").fill("help@adnaira.ng");
    await page.getByLabel("WhatsApp number").fill("+234 803 123 4567");
    await page.getByLabel("Payout schedule").fill("Withdrawals are paid every Friday.");
    await page.getByRole("button", { name: "Save Support and Payouts" }).click();
    await expectToast(page, "Settings Updated", { variant: "success" });
    expect(await getAppSettings(db())).toMatchObject({
      supportEmail: "help@adnaira.ng",
      supportPhone: null,
      supportWhatsapp: "2348031234567",
      payoutSchedule: "Withdrawals are paid every Friday.",
    });
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-settings-support-mobile");

    const { page: memberPage } = await signedInPage(suite, await member(db()), MOBILE, { another: "member" });
    await visit(memberPage, "/profile");
    await expect(memberPage.getByTestId("payout-schedule").innerText()).resolves.toBe(
      "Withdrawals are paid every Friday.",
    );
    await screenshot(memberPage, "profile-payout-schedule-mobile");
  });
});

describe("Manage Memberships: Tier Benefits", () => {
  for (const [label, viewport] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`edits a tier's lines and a member choosing an upgrade sees them (${viewport.width} px)`, async () => {
      const goldDefaults = [...DEFAULT_TIERS.find((t) => t.id === "gold")!.benefits];
      await db().update(membershipTiers).set({ benefits: goldDefaults }).where(eq(membershipTiers.id, "gold"));
      const { page } = await signedInPage(suite, await membershipsAdmin(), viewport);
      await visit(page, "/admin/memberships");
      const gold = page.getByLabel("Advert Gold benefits");
      await expect(gold.inputValue()).resolves.toBe(goldDefaults.join("\n"));
      await expectFitsAndAccessible(page, `admin-memberships-benefits-${label}`);

      await gold.fill("");
      await page.getByRole("button", { name: "Save Benefits" }).click();
      await expectToast(page, "Update Failed", {
        message: "Enter at least one benefit, one per line.",
        variant: "error",
      });
      await expect(gold.getAttribute("aria-invalid")).resolves.toBe("true");
      await dismissToast(page);

      const line = `Gold priority support (${label})`;
      await gold.fill(`Everything in Silver\n${line}`);
      await page.getByRole("button", { name: "Save Benefits" }).click();
      await expectToast(page, "Benefits Updated", { variant: "success" });
      const [stored] = await db().select().from(membershipTiers).where(eq(membershipTiers.id, "gold"));
      expect(stored!.benefits).toEqual(["Everything in Silver", line]);
      await expect
        .poll(() => page.getByTestId("tier-row-gold").or(page.getByTestId("tier-card-gold")).first().innerText())
        .toContain(line);
      await dismissToast(page);

      const { page: memberPage } = await signedInPage(suite, await member(db(), { tier: "silver" }), viewport, {
        another: "member",
      });
      await visit(memberPage, "/membership/upgrade");
      await memberPage.getByText(line).waitFor();
      await expectFitsAndAccessible(memberPage, `member-upgrade-edited-benefits-${label}`);
    });
  }
});
