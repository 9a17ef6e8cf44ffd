import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings } from "~/db/schema";
import { createUser } from "~test/factories";
import { DESKTOP, expectFitsAndAccessible, MOBILE, setUpBrowserSuite, signedInPage, visit } from "./support/browser";

/**
 * The public information pages at phone and desktop widths (axe clean, no sideways scroll), the
 * help page's table of contents without JavaScript, and the referral card's share actions: the
 * plain links always, the Share… button only once hydrated on a browser with navigator.share.
 */
const suite = setUpBrowserSuite();
const db = () => suite.app.services.db;

const PAGES = [
  ["/help", "Help"],
  ["/terms", "Terms of Use"],
  ["/privacy", "Privacy"],
  ["/contact", "Contact Us"],
] as const;

describe("the information pages", () => {
  for (const [viewport, width] of [
    [MOBILE, "mobile"],
    [DESKTOP, "desktop"],
  ] as const) {
    it(`read well at ${viewport.width} px, signed out, and are linked from the footer`, async () => {
      await db()
        .update(appSettings)
        .set({
          supportEmail: "help@adnaira.example.ng",
          supportPhone: "+2348012345678",
          supportWhatsapp: "2348098765432",
        })
        .where(eq(appSettings.id, 1));
      const { page } = await suite.open(viewport);
      for (const [path, heading] of PAGES) {
        await visit(page, path);
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);
        await expectFitsAndAccessible(page, `info-${path.slice(1)}-${width}`);
      }
      // The footer reaches each page from another one.
      await visit(page, "/");
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
      await page.waitForURL((url) => url.pathname === "/contact");
      expect(await page.getByRole("link", { name: "help@adnaira.example.ng" }).getAttribute("href")).toBe(
        "mailto:help@adnaira.example.ng",
      );
      // Numbers grouped for reading.
      expect(await page.getByRole("link", { name: "+234 809 876 5432" }).getAttribute("href")).toBe(
        "https://wa.me/2348098765432",
      );
      expect(await page.getByRole("link", { name: "0801 234 5678" }).getAttribute("href")).toBe("tel:+2348012345678");

      // Signing up links the terms and the privacy page.
      await visit(page, "/register");
      const terms = page.getByTestId("register-terms");
      expect(await terms.getByRole("link", { name: "Terms of Use" }).getAttribute("href")).toBe("/terms");
      expect(await terms.getByRole("link", { name: "Privacy" }).getAttribute("href")).toBe("/privacy");
      await expectFitsAndAccessible(page, `register-${width}`);
    });
  }

  it("/help's table of contents jumps to its sections without JavaScript", async () => {
    const { page } = await suite.open(MOBILE, { javaScript: false });
    await page.goto("/help");
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Withdrawals" }).click();
    await page.waitForURL((url) => url.hash === "#withdrawals");
    const top = await page
      .getByRole("heading", { level: 2, name: "Withdrawals" })
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
  });

  it("/contact on a new install (no channel set) points to Messages, and a member reaches it", async () => {
    await db()
      .update(appSettings)
      .set({ supportEmail: null, supportPhone: null, supportWhatsapp: null })
      .where(eq(appSettings.id, 1));
    const { page } = await suite.open(MOBILE);
    await visit(page, "/contact");
    expect(await page.getByTestId("contact-messages").innerText()).toBe(
      "Log in and write to support from Messages: the team answers you there.",
    );
    expect(await page.getByTestId("support-channels").count()).toBe(0);

    const member = await createUser(db(), { isApproved: true });
    const { page: signedIn } = await signedInPage(suite, member, MOBILE, { another: "member" });
    await visit(signedIn, "/contact");
    const note = signedIn.getByTestId("contact-messages");
    expect(await note.innerText()).toBe("Write to support from Messages: the team answers you there.");
    await expectFitsAndAccessible(signedIn, "contact-new-install-member-mobile");
    await note.getByRole("link", { name: "Messages" }).click();
    await signedIn.waitForURL((url) => url.pathname === "/messages");
  });
});

describe("sharing the referral link", () => {
  it("shows the share links on the dashboard's card, and no Share… button without navigator.share", async () => {
    const member = await createUser(db(), { isApproved: true });
    const { page, context } = await signedInPage(suite, member, MOBILE);
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await visit(page, "/dashboard");
    const card = page.getByTestId("referral-link-card");
    for (const network of ["WhatsApp", "Telegram", "X", "Facebook"]) {
      const link = card.getByRole("link", { name: `Share on ${network}` });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(await card.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href")).toContain(
      encodeURIComponent(`/register?ref=${member.referralCode}`),
    );
    expect(await card.getByRole("button", { name: "Share…" }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await expectFitsAndAccessible(page, "dashboard-referral-share-mobile");
  });

  it("adds the Share… button once hydrated where navigator.share exists, and shares the link with it", async () => {
    const member = await createUser(db(), { isApproved: true });
    const { page, context } = await signedInPage(suite, member, DESKTOP);
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, "sharedData", { value: shared });
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => void shared.push(data),
        configurable: true,
      });
    });
    await visit(page, "/referrals");
    const share = page.getByRole("button", { name: "Share…" });
    await share.click();
    const shared = await page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);
    expect(shared).toEqual([
      {
        title: "AdNaira",
        text: "Join me on AdNaira and earn naira by viewing adverts:",
        url: `${suite.app.origin}/register?ref=${member.referralCode}`,
      },
    ]);
    await expectFitsAndAccessible(page, "referrals-share-desktop");
  });

  it("renders no Share… button before JavaScript, only the links", async () => {
    const member = await createUser(db(), { isApproved: true });
    const { page } = await signedInPage(suite, member, MOBILE, { javaScript: false });
    await page.goto("/referrals");
    expect(await page.getByRole("link", { name: "Share on Telegram" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Share…" }).count()).toBe(0);
  });
});
