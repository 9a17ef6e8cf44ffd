import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { adverts } from "~/db/schema";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { createUser } from "~test/factories";
import { jpegWithGps, pngOverOneMegabyte } from "~test/images";
import {
  DESKTOP,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  horizontalOverflow,
  MOBILE,
  screenshot,
  signedInPage,
  setUpBrowserSuite,
  visit,
} from "./support/browser";

/**
 * An advert's image uploaded through Create Advert's file input (decision 024), at 360 and 1280
 * px with JavaScript and at 360 px without: the dialog previews the picture, the advert is saved
 * with `/images/<id>`, and the member's dashboard card shows it, loaded from the app itself.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const adminPage = async (viewport: typeof MOBILE | typeof DESKTOP, options: { javaScript?: boolean } = {}) =>
  signedInPage(suite, await createUser(db(), { role: "admin", permissions: [...PERMISSIONS] }), viewport, options);

/** Whether the <img> has been fetched and decoded (a broken image has no natural width). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

async function fillAdvert(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: "Create Advert" });
  await dialog.waitFor({ state: "visible" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Fresh agege bread, delivered hot in Surulere.");
  await dialog.getByLabel("Reward Amount (₦)").fill("15");
  await dialog.getByLabel("Max Clicks").fill("40");
  return dialog;
}

const photo = async () => ({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: await jpegWithGps() });

async function expectOnMembersCard(viewport: typeof MOBILE | typeof DESKTOP, title: string, imageUrl: string) {
  const member = await createUser(db(), { isApproved: true });
  const { page } = await signedInPage(suite, member, viewport, { another: `member-${viewport.width}` });
  const card = page.getByTestId("advert-card").filter({ hasText: title });
  await card.waitFor();
  const img = `[data-testid="advert-card"] img[src="${imageUrl}"]`;
  await expect.poll(() => loaded(page, img)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await expectFitsAndAccessible(page, `advert-image-dashboard-${viewport.width}`);
}

describe("Uploading an advert's image", () => {
  it.each([MOBILE, DESKTOP])("from Create Advert's file input, shown on the member's card (%o)", async (viewport) => {
    const { page, errors } = await adminPage(viewport);
    await visit(page, "/admin/adverts/new");
    const title = `Agege Bread ${viewport.width}`;
    const dialog = await fillAdvert(page, title);
    await dialog.getByLabel("Image (optional)").setInputFiles(await photo());
    const preview = dialog.getByTestId("image-preview");
    await preview.waitFor();
    await expect.poll(() => loaded(page, '[data-testid="image-preview"]')).toBe(true);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await dialog.getByLabel("Image (optional)").scrollIntoViewIfNeeded();
    await screenshot(page, `advert-image-dialog-${viewport.width}`, { fullPage: false });
    await expectNoA11yViolations(page);

    await dialog.getByRole("button", { name: "Create Advert" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/adverts");
    const [row] = await db().select().from(adverts).where(eq(adverts.title, title));
    expect(row!.imageUrl).toMatch(/^\/images\/[0-9a-f]{64}$/);
    await expect.poll(() => loaded(page, `img[src="${row!.imageUrl}"]:visible`)).toBe(true);
    await screenshot(page, `advert-image-list-${viewport.width}`);
    expect(errors).toEqual([]);

    await expectOnMembersCard(viewport, title, row!.imageUrl!);
  });

  it("redraws a picture over 1 MB smaller before sending it, and the advert gets it", async () => {
    const { page } = await adminPage(MOBILE);
    await visit(page, "/admin/adverts/new");
    const title = "Camera Photo Advert";
    const dialog = await fillAdvert(page, title);
    const input = dialog.getByLabel("Image (optional)");
    const big = await pngOverOneMegabyte();
    await input.setInputFiles({ name: "camera.png", mimeType: "image/png", buffer: big });
    await dialog.getByTestId("image-preview").waitFor();
    const sent = await input.evaluate((el: HTMLInputElement) => ({
      name: el.files?.[0]?.name,
      size: el.files?.[0]?.size,
    }));
    expect(sent.name).toBe("camera.jpg");
    expect(sent.size).toBeLessThanOrEqual(1_048_576);
    expect(await dialog.getByText("The image must be 1 MB or smaller.").count()).toBe(0);
    await dialog.getByRole("button", { name: "Create Advert" }).click();
    await expect
      .poll(async () => (await db().select().from(adverts).where(eq(adverts.title, title)))[0]?.imageUrl)
      .toMatch(/^\/images\/[0-9a-f]{64}$/);
  });

  it("refuses a file over 1 MB that is no picture as soon as it is chosen, without sending it", async () => {
    const { page } = await adminPage(MOBILE);
    await visit(page, "/admin/adverts/new");
    const dialog = await fillAdvert(page, "Too Big Picture");
    const input = dialog.getByLabel("Image (optional)");
    await input.setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(1_100_000, "not a picture "),
    });
    await dialog.getByText("The image must be 1 MB or smaller.").waitFor();
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
    await screenshot(page, "advert-image-too-large-360", { fullPage: false });
  });

  it("works without JavaScript: the dialog's plain form posts the file", async () => {
    const { page } = await adminPage(MOBILE, { javaScript: false });
    await page.goto("/admin/adverts/new");
    const title = "Agege Bread without script";
    const dialog = await fillAdvert(page, title);
    await dialog.getByLabel("Image (optional)").setInputFiles(await photo());
    await dialog.getByRole("button", { name: "Create Advert" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/adverts");
    const [row] = await db().select().from(adverts).where(eq(adverts.title, title));
    expect(row!.imageUrl).toMatch(/^\/images\/[0-9a-f]{64}$/);
    await expect.poll(() => loaded(page, `img[src="${row!.imageUrl}"]:visible`)).toBe(true);
  });
});
