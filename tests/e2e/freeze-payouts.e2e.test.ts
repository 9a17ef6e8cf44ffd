import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { createUser, payee } from "~test/factories";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectToast,
  MOBILE,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * The page the bank-details-changed mail links to, at 360 px and 1280 px, with and without
 * JavaScript: one button freezes the member's payouts; then the member's admin page says so and
 * an admin releases them behind a confirmation.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;
const frozenAtOf = async (id: string) =>
  (await db().select({ at: users.payoutsFrozenAt }).from(users).where(eq(users.id, id)))[0]!.at;

describe("freezing payouts", () => {
  for (const [label, viewport] of [
    ["360", MOBILE],
    ["1280", DESKTOP],
  ] as const) {
    it(`a member freezes their payouts from the mail's page (${label} px)`, async () => {
      const member = await payee(db(), { name: `Chinedu Eze ${label}` });
      const { page } = await signedInPage(suite, member, viewport);
      await visit(page, "/payouts/freeze");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Freeze payouts");
      await expectFitsAndAccessible(page, `freeze-payouts-${label}`);
      await page.getByRole("button", { name: "Freeze my payouts" }).click();
      await expectToast(page, "Payouts Frozen");
      await expect.poll(() => page.locator("main").innerText()).toContain("Your payouts are frozen");
      expect(await frozenAtOf(member.id)).toBeInstanceOf(Date);
      await expectFitsAndAccessible(page, `freeze-payouts-frozen-${label}`);
    });
  }

  it("works before JavaScript has loaded (360 px)", async () => {
    const member = await payee(db(), { name: "Ngozi Adeyemi" });
    const { page } = await signedInPage(suite, member, MOBILE, { javaScript: false });
    await page.goto(`${suite.app.origin}/payouts/freeze`);
    await page.getByRole("button", { name: "Freeze my payouts" }).click();
    await page.waitForURL((url) => url.pathname === "/payouts/freeze");
    await expect.poll(() => page.locator("main").innerText()).toContain("Your payouts are frozen");
    expect(await frozenAtOf(member.id)).toBeInstanceOf(Date);
  });

  it("an admin sees the freeze on the member's page and releases it after confirming (1280 px)", async () => {
    const member = await payee(db(), { name: "Bola Ade" });
    await db().update(users).set({ payoutsFrozenAt: new Date() }).where(eq(users.id, member.id));
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_users"] });
    const { page } = await signedInPage(suite, { ...admin, role: "admin" }, DESKTOP);
    await visit(page, `/admin/users/${member.id}`);
    await expect.poll(() => page.locator("main").innerText()).toContain("Payouts frozen by the member on");
    await expectFitsAndAccessible(page, "admin-member-payouts-frozen-1280");
    await page.getByRole("button", { name: "Release payouts" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect.poll(() => dialog.innerText()).toContain("Withdrawals of Bola Ade can be paid again");
    await dialog.getByRole("button", { name: "Release payouts" }).click();
    await expectToast(page, "Payouts Released");
    expect(await frozenAtOf(member.id)).toBeNull();
    await expect.poll(() => page.locator("main").innerText()).not.toContain("Payouts frozen by the member on");
  });
});
