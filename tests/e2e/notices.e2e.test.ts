import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notices } from "~/db/schema";
import { createNotice } from "~/domain/notices/notices.server";
import { createUser } from "~test/factories";
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
 * Notices in the browser: an admin creates, edits (the dialog) and deletes (the confirmation) a
 * notice; the same without JavaScript through plain forms; a member's board with hostile text at
 * phone and desktop widths.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const noticeByTitle = async (title: string) => (await db().select().from(notices).where(eq(notices.title, title)))[0];

describe("Manage Notices", () => {
  it("an admin creates a notice, edits it in the dialog and deletes it after confirming", async () => {
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_notices"], name: "Funke Adeyemi" });
    const { page } = await signedInPage(suite, admin, DESKTOP);
    await visit(page, "/admin/notices");

    const create = page.getByRole("region", { name: "Create Notice" });
    // Blank: refused next to the fields.
    await create.getByRole("button", { name: "Create Notice" }).click();
    await expect.poll(() => create.getByText("Enter a title.").isVisible()).toBe(true);
    expect(await create.getByText("Enter the notice content.").isVisible()).toBe(true);
    await dismissToast(page);

    await create.getByLabel("Title").fill("Office closed on Friday");
    await create.getByLabel("Content").fill("We are closed for the public holiday.\nBack on Monday.");
    await create.getByLabel("Audience").selectOption("user");
    await create.getByRole("button", { name: "Create Notice" }).click();
    await expectToast(page, "Notice created successfully.", { variant: "success" });
    await expect.poll(async () => (await noticeByTitle("Office closed on Friday"))?.audience).toBe("user");
    // The form starts again, with All Users.
    await expect.poll(() => create.getByLabel("Title").inputValue()).toBe("");
    expect(await create.getByLabel("Audience").inputValue()).toBe("all");
    await dismissToast(page);
    await expectFitsAndAccessible(page, "admin-notices-desktop");

    // Edit in the dialog.
    await page.getByRole("link", { name: "Edit notice Office closed on Friday" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Notice" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Office closed on Friday");
    expect(await dialog.getByLabel("Audience").inputValue()).toBe("user");
    await dialog.getByLabel("Title").fill("Office closed on Friday and Monday");
    await screenshot(page, "admin-notices-edit-dialog-desktop");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Notice updated successfully.", { variant: "success" });
    await dialog.waitFor({ state: "detached" });
    expect(await noticeByTitle("Office closed on Friday and Monday")).toMatchObject({ audience: "user" });
    await dismissToast(page);

    // Delete after the confirmation; Cancel first changes nothing.
    const del = page.getByRole("link", { name: "Delete notice Office closed on Friday and Monday" });
    await del.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete notice?" });
    await confirm.waitFor({ state: "visible" });
    expect(await confirm.innerText()).toContain("Delete this notice? It will be removed from every notice board.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect((await noticeByTitle("Office closed on Friday and Monday"))?.isActive).toBe(true);
    await del.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Notice Deleted", { variant: "success" });
    await expect.poll(async () => (await noticeByTitle("Office closed on Friday and Monday"))?.isActive).toBe(false);
    const card = page.getByRole("row").filter({ hasText: "Office closed on Friday and Monday" });
    await expect.poll(() => card.innerText()).toContain("Deleted");
    expect(await card.getByRole("link", { name: /^Delete notice/ }).count()).toBe(0);
  });

  it("without JavaScript: create, edit and delete through plain forms", async () => {
    const admin = await createUser(db(), { role: "admin", permissions: ["manage_notices"] });
    const bare = (await signedInPage(suite, admin, MOBILE, { javaScript: false })).page;
    await bare.goto("/admin/notices");

    const create = bare.getByRole("region", { name: "Create Notice" });
    await create.getByLabel("Title").fill("No-script notice");
    await create.getByLabel("Content").fill("");
    await create.getByRole("button", { name: "Create Notice" }).click();
    await bare.getByText("Enter the notice content.").waitFor();
    // What was typed is still there.
    expect(await create.getByLabel("Title").inputValue()).toBe("No-script notice");
    await create.getByLabel("Content").fill("Typed without scripts.");
    await create.getByLabel("Audience").selectOption("admin");
    await create.getByRole("button", { name: "Create Notice" }).click();
    await bare.waitForURL((url) => url.pathname === "/admin/notices" && url.search === "");
    expect(await noticeByTitle("No-script notice")).toMatchObject({ audience: "admin", isActive: true });
    expect(await create.getByLabel("Title").inputValue()).toBe("");
    expect(await create.getByLabel("Audience").inputValue()).toBe("all");

    await bare.getByRole("link", { name: "Edit notice No-script notice" }).click();
    await bare.waitForURL((url) => url.searchParams.has("edit"));
    const edit = bare.getByRole("dialog", { name: "Edit Notice" });
    await edit.getByLabel("Content").fill("Edited without scripts.");
    await screenshot(bare, "admin-notices-edit-nojs-mobile");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await bare.waitForURL((url) => url.search === "");
    expect(await noticeByTitle("No-script notice")).toMatchObject({ content: "Edited without scripts." });

    await bare.getByRole("link", { name: "Delete notice No-script notice" }).click();
    await bare.waitForURL((url) => url.searchParams.has("delete"));
    const question = bare.getByRole("region", { name: "Delete notice?" });
    expect(await question.innerText()).toContain("It will be removed from every notice board.");
    await screenshot(bare, "admin-notices-delete-nojs-mobile");
    await question.getByRole("button", { name: "Delete" }).click();
    await bare.waitForURL((url) => url.search === "");
    expect(await noticeByTitle("No-script notice")).toMatchObject({ isActive: false });
  });
});

describe("Notice Board", () => {
  it("shows a member the hostile corpus as text, fitting 360 and 1280 px, accessible", async () => {
    const poster = await createUser(db(), {
      role: "admin",
      permissions: ["manage_notices"],
      name: "<img src=x onerror=alert(1)> \u202Eevil",
    });
    const actor = { id: poster.id, role: "admin" as const, permissions: poster.permissions };
    const longWord = "W".repeat(2000);
    for (const [title, content] of [
      ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>\njavascript:alert(1)"],
      [`\u202Eevil override ${"T".repeat(120)}`, `Right-to-left \u202Eoverride\n${longWord}`],
      ["Plain notice", "Line one\nLine two"],
    ]) {
      expect(await createNotice(db(), actor, { title: title!, content: content!, audience: "user" })).toMatchObject({
        status: "ok",
      });
    }
    const member = await createUser(db(), { isApproved: true });
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page } = await signedInPage(suite, member, viewport);
      let dialogs = 0;
      page.on("dialog", (d) => {
        dialogs++;
        void d.dismiss();
      });
      await visit(page, "/notices");
      await page.getByRole("heading", { level: 1, name: "Notice Board" }).waitFor();
      const articles = page.getByRole("article");
      expect(await articles.count()).toBe(3);
      expect(await page.getByRole("heading", { name: "<script>alert(1)</script>" }).isVisible()).toBe(true);
      expect(await articles.first().innerText()).toContain("Line one\nLine two");
      expect(
        await page
          .getByText(/Posted by/)
          .first()
          .innerText(),
      ).toContain("<img src=x onerror=alert(1)>");
      expect(await page.locator("img[src='x']").count()).toBe(0);
      expect(dialogs).toBe(0);
      await expectFitsAndAccessible(page, `notice-board-hostile-${viewport.width}`);
    }

    // The same notices on Manage Notices, on a phone.
    const { page } = await signedInPage(suite, poster, MOBILE);
    await visit(page, "/admin/notices");
    await page.getByRole("heading", { name: "<script>alert(1)</script>" }).waitFor();
    expect(await page.locator("img[src='x']").count()).toBe(0);
    await expectFitsAndAccessible(page, "admin-notices-hostile-360");
  });
});
