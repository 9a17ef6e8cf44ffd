import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUser, member } from "~test/factories";
import {
  DESKTOP,
  dismissToast,
  expectFitsAndAccessible,
  expectNoA11yViolations,
  expectToast,
  MOBILE,
  screenshot,
  setUpBrowserSuite,
  signedInPage,
  visit,
} from "./support/browser";

/**
 * Messages and the notice board end to end, each person in their own browser context: A copies
 * their user ID; B writes to it; A sees the unread count on the dashboard and in the account
 * menu, reads the message (which marks it read) and replies; B reads the reply. An admin posts a
 * notice to regular users, edits it, and deletes it, and A's board follows each step; a notice
 * for admins only reaches another admin's board but never A's.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

/** The page at 360 px and at 1280 px: no sideways scrolling, a screenshot each, axe clean. */
async function checkBothWidths(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [label, size] of [
    ["mobile", MOBILE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expectFitsAndAccessible(page, `${name}-${label}`);
  }
  if (before) await page.setViewportSize(before);
}

/** The notice on a board (an article), found by its title. */
const boardNotice = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The notice's row in the list on /admin/notices (a table at desktop width), found by its title. */
const adminNotice = (page: Page, title: string) =>
  page
    .getByRole("table", { name: "Notices" })
    .getByRole("row")
    .filter({ has: page.getByText(title, { exact: true }) });

describe("messages and notices, end to end", () => {
  it("A and B write to each other by user ID; A's unread count follows", async () => {
    const amaka = await member(db(), { name: "Amaka Obi" });
    const bola = await member(db(), { name: "Bola Ade" });

    // A copies their user ID.
    const { page: a, context: aContext } = await signedInPage(suite, amaka, MOBILE);
    await aContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.app.origin });
    await visit(a, "/messages");
    const shownId = (await a.getByTestId("my-user-id").innerText()).trim();
    expect(shownId).toBe(amaka.displayId);
    await a.getByRole("button", { name: "Copy user ID" }).click();
    await expectToast(a, "User ID Copied", { variant: "success" });
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(shownId);
    await dismissToast(a);
    await checkBothWidths(a, "journey-messages-empty");

    // B writes to it, typed carelessly: lower case, with spaces around it.
    const b = (await signedInPage(suite, bola, DESKTOP, { another: "B" })).page;
    await visit(b, "/messages");
    const first = "Hello Amaka, did the MTN advert pay you today?";
    await b.getByLabel("Recipient's User ID").fill(`  ${shownId.toLowerCase()}  `);
    await b.getByLabel("Message", { exact: true }).fill(first);
    await b.getByRole("button", { name: "Send Message" }).click();
    await expectToast(b, "Success", { variant: "success" });
    await expect.poll(() => b.getByLabel("Recipient's User ID").inputValue()).toBe("");
    expect(await b.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    await dismissToast(b);

    // A's dashboard and account menu show one unread message.
    await visit(a, "/dashboard");
    await expect.poll(() => a.getByTestId("unread-messages").innerText()).toBe("1");
    await checkBothWidths(a, "journey-dashboard-unread");
    await a.getByRole("button", { name: `Account menu for ${amaka.name}, 1 unread message` }).click();
    expect(
      await a
        .getByRole("menuitem", { name: /Messages/ })
        .getByTestId("menu-unread-count")
        .innerText(),
    ).toMatch(/^1\s*unread$/);
    await screenshot(a, "journey-account-menu-unread-mobile", { fullPage: false });
    // The open menu is modal (focus trapped, the rest aria-hidden): as in accessibility.e2e.test.ts.
    await expectNoA11yViolations(a, { disableRules: ["aria-hidden-focus"] });
    await a.keyboard.press("Escape");

    // A opens it from the Messages card: B's message is marked New, and is then read.
    await a.getByRole("link", { name: "View Messages" }).click();
    await a.waitForURL((url) => url.pathname === "/messages");
    const received = a.getByRole("listitem").filter({ hasText: first });
    await received.waitFor();
    expect(await received.innerText()).toContain(bola.name);
    expect(await received.innerText()).toContain(bola.displayId);
    expect(await received.getByTestId("new-badge").innerText()).toBe("New");
    // The page settles: it marks the message read (a POST) and the header's count goes.
    await a.getByRole("button", { name: `Account menu for ${amaka.name}`, exact: true }).waitFor();
    await a.waitForLoadState("networkidle");
    expect(await received.getByTestId("new-badge").innerText()).toBe("New");
    await checkBothWidths(a, "journey-messages-received");
    await visit(a, "/dashboard");
    expect(await a.getByTestId("unread-messages").innerText()).toBe("0");
    expect(await a.getByRole("button", { name: `Account menu for ${amaka.name}`, exact: true }).count()).toBe(1);

    // A replies with the Reply control, which fills in B's ID.
    await visit(a, "/messages");
    await a.getByRole("link", { name: `Reply to ${bola.name}` }).click();
    await expect.poll(() => a.getByLabel("Recipient's User ID").inputValue()).toBe(bola.displayId);
    const reply = "Yes, ₦25.00 came through. Thanks Bola!";
    await a.getByLabel("Message", { exact: true }).fill(reply);
    await a.getByRole("button", { name: "Send Message" }).click();
    await expectToast(a, "Success", { variant: "success" });
    await dismissToast(a);

    // B reads the reply.
    await visit(b, "/messages");
    const answer = b.getByRole("listitem").filter({ hasText: reply });
    await answer.waitFor();
    expect(await answer.innerText()).toContain(amaka.name);
    await checkBothWidths(b, "journey-messages-reply");
  });

  it("an admin posts, edits and deletes a notice; each board shows only its audience's notices", async () => {
    const amaka = await member(db(), { name: "Amaka Board" });
    const poster = await createUser(db(), { role: "admin", name: "Ngozi Notices", permissions: ["manage_notices"] });
    const colleague = await createUser(db(), { role: "admin", name: "Tunde Colleague" });

    const admin = (await signedInPage(suite, poster, DESKTOP)).page;
    await visit(admin, "/admin/notices");

    // Post to regular users.
    const title = "Bank holiday payouts";
    await admin.getByLabel("Title").fill(title);
    await admin.getByLabel("Content").fill("Withdrawals requested on Monday are paid on Tuesday.");
    await admin.getByLabel("Audience").selectOption({ label: "Regular Users Only" });
    await admin.getByRole("button", { name: "Create Notice" }).click();
    await expectToast(admin, "Notice created successfully.", { variant: "success" });
    await dismissToast(admin);
    await adminNotice(admin, title).waitFor();

    // Edit it.
    const edited = "Withdrawals requested on Monday are paid on Wednesday.";
    await admin.getByRole("link", { name: `Edit notice ${title}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit Notice" });
    await dialog.getByLabel("Content").fill(edited);
    await screenshot(admin, "journey-edit-notice-desktop", { fullPage: false });
    await expectNoA11yViolations(admin);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(admin, "Notice updated successfully.", { variant: "success" });
    await dismissToast(admin);
    await expect.poll(() => adminNotice(admin, title).innerText()).toContain(edited);
    await checkBothWidths(admin, "journey-admin-notices");

    // A sees the edited text.
    const a = (await signedInPage(suite, amaka, MOBILE, { another: "A" })).page;
    await visit(a, "/notices");
    const onBoard = boardNotice(a, title);
    await onBoard.waitFor();
    expect(await onBoard.innerText()).toContain(edited);
    expect(await onBoard.innerText()).toContain(`Posted by ${poster.name}`);
    await checkBothWidths(a, "journey-notices-member");

    // The admin deletes it: gone from A's board.
    await admin.getByRole("link", { name: `Delete notice ${title}` }).click();
    await admin
      .getByRole("alertdialog", { name: "Delete notice?" })
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expectToast(admin, "Notice Deleted", { variant: "success" });
    await dismissToast(admin);
    // Kept on Manage Notices, marked Deleted, with no Edit or Delete left.
    await expect.poll(() => adminNotice(admin, title).innerText()).toContain("Deleted");
    expect(await admin.getByRole("link", { name: `Edit notice ${title}` }).count()).toBe(0);
    await visit(a, "/notices");
    expect(await boardNotice(a, title).count()).toBe(0);
    expect(await a.getByText("No notices available at the moment").isVisible()).toBe(true);

    // A notice for admins only: on another admin's board, never on A's.
    const adminsOnly = "Audit log review on Friday";
    await visit(admin, "/admin/notices");
    await admin.getByLabel("Title").fill(adminsOnly);
    await admin.getByLabel("Content").fill("Every admin checks last week's entries before noon.");
    await admin.getByLabel("Audience").selectOption({ label: "Admins Only" });
    await admin.getByRole("button", { name: "Create Notice" }).click();
    await expectToast(admin, "Notice created successfully.", { variant: "success" });
    await dismissToast(admin);

    await visit(a, "/notices");
    expect(await boardNotice(a, adminsOnly).count()).toBe(0);
    const other = (await signedInPage(suite, colleague, MOBILE, { another: "other admin" })).page;
    await visit(other, "/notices");
    await boardNotice(other, adminsOnly).waitFor();
    await checkBothWidths(other, "journey-notices-admin");
  });
});
