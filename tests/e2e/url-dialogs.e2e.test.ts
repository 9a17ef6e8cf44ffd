import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { createNotice } from "~/domain/notices/notices.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { advertAdmin, createUser, postAdvert } from "~test/factories";
import {
  DESKTOP,
  expectNoA11yViolations,
  horizontalOverflow,
  MOBILE,
  screenshot,
  signedInPage,
  setUpBrowserSuite,
  visit,
} from "./support/browser";

/**
 * The dialogs opened by the URL (UrlDialog): Create/Edit Advert and Edit Notice. At 360 and
 * 1280 px each opens from its link, is named by its title, fits and is accessible, closes by
 * Escape, the close button or Cancel back to the list URL and hands focus back to the link that
 * opened it; without JavaScript the server's dialog is named too.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

/** The open dialog fits the width and is accessible; saved as a screenshot of the viewport (the overlay covers it). */
async function expectDialogFitsAndAccessible(page: Page, name: string) {
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, name).toBeLessThanOrEqual(overflow.clientWidth);
  await screenshot(page, name, { fullPage: false });
  await expectNoA11yViolations(page);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** A page signed in as a new admin holding every permission. */
const adminPage = async (viewport: typeof MOBILE | typeof DESKTOP, options: { javaScript?: boolean } = {}) =>
  signedInPage(suite, await createUser(db(), { role: "admin", permissions: [...PERMISSIONS] }), viewport, options);

describe("Create and Edit Advert dialogs", () => {
  it("open from their links, are named, fit at 360 and 1280 px, and close back to the list with focus", async () => {
    const staff = await advertAdmin(db());
    const advertId = await postAdvert(db(), staff, { title: "Dialog advert" });
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, errors } = await adminPage(viewport);
      await visit(page, "/admin/adverts");

      await page.getByRole("link", { name: "Create Advert" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/adverts/new");
      const create = page.getByRole("dialog", { name: "Create Advert" });
      await create.waitFor({ state: "visible" });
      expect(await create.getByLabel("Title").isVisible()).toBe(true);
      await expectDialogFitsAndAccessible(page, `url-dialog-advert-create-${viewport.width}`);
      await page.keyboard.press("Escape");
      await create.waitFor({ state: "detached" });
      await page.waitForURL((url) => url.pathname === "/admin/adverts" && url.search === "");
      await expect.poll(() => focusedId(page)).toBe("create-advert");

      await page.getByRole("link", { name: "Edit Dialog advert" }).click();
      await page.waitForURL((url) => url.searchParams.get("edit") === advertId);
      const edit = page.getByRole("dialog", { name: "Edit Advert" });
      await edit.waitFor({ state: "visible" });
      expect(await edit.getByLabel("Title").inputValue()).toBe("Dialog advert");
      await expectDialogFitsAndAccessible(page, `url-dialog-advert-edit-${viewport.width}`);
      await edit.getByRole("link", { name: "Cancel" }).click();
      await edit.waitFor({ state: "detached" });
      await page.waitForURL((url) => url.pathname === "/admin/adverts" && url.search === "");
      await expect.poll(() => focusedId(page)).toBe(`edit-advert-${advertId}`);
      expect(errors).toEqual([]);
    }
  });

  it("without JavaScript the server's dialog is named, and Cancel is a link back to the list", async () => {
    const { page } = await adminPage(MOBILE, { javaScript: false });
    await page.goto("/admin/adverts/new");
    const create = page.getByRole("dialog", { name: "Create Advert" });
    await create.waitFor({ state: "visible" });
    await create.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/adverts" && url.search === "");
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("Edit Notice dialog", () => {
  it("opens from its link, is named, fits at 360 and 1280 px, and closes back to the list with focus", async () => {
    const staff = await advertAdmin(db(), ["manage_notices"]);
    const created = await createNotice(db(), staff, { title: "Dialog notice", content: "Body", audience: "all" });
    if (created.status !== "ok") throw new Error(created.status);
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, errors } = await adminPage(viewport);
      await visit(page, "/admin/notices");

      const opener = page.getByRole("link", { name: "Edit notice Dialog notice" });
      await opener.click();
      await page.waitForURL((url) => url.searchParams.get("edit") === created.noticeId);
      const dialog = page.getByRole("dialog", { name: "Edit Notice" });
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.getByLabel("Title").inputValue()).toBe("Dialog notice");
      await expectDialogFitsAndAccessible(page, `url-dialog-notice-edit-${viewport.width}`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.waitForURL((url) => url.pathname === "/admin/notices" && url.search === "");
      await expect.poll(() => focusedId(page)).toBe(`edit-notice-${created.noticeId}`);

      await opener.click();
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => focusedId(page)).toBe(`edit-notice-${created.noticeId}`);
      expect(errors).toEqual([]);
    }
  });

  it("without JavaScript the server's dialog is named", async () => {
    const staff = await advertAdmin(db(), ["manage_notices"]);
    const created = await createNotice(db(), staff, { title: "Plain notice", content: "Body", audience: "all" });
    if (created.status !== "ok") throw new Error(created.status);
    const { page } = await adminPage(DESKTOP, { javaScript: false });
    await page.goto(`/admin/notices?edit=${created.noticeId}`);
    const dialog = page.getByRole("dialog", { name: "Edit Notice" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Plain notice");
  });
});
