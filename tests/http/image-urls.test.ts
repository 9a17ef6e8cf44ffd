import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, appSettings, auditLog } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { UPLOADED_IMAGE_LOST_MESSAGE } from "~/domain/adverts/validation";
import { advertAdmin, createUser, postAdvert } from "~test/factories";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";

/**
 * Logo and advert image addresses are loaded by every visitor's browser with their cookies:
 * never one of the app's own routes (a logo set to the payout export would make every
 * withdrawals admin's page load take a payout batch). Refused on save with the field's message;
 * a value stored before (or by other means) is not rendered.
 */
const APP_URL = "https://adnaira.test";
const LOGO_MESSAGE =
  "Enter an https:// image address on another site, or the path of one of this site's images (such as /logo.svg or /assets/…)";

/** Addresses that reach the app itself, or are no https image at all. */
const REFUSED = [
  "/admin/withdrawals/export.csv",
  "/admin/withdrawals/export.csv?batch=PB23456789",
  `${APP_URL}/admin/withdrawals/export.csv`,
  "https://ADNAIRA.test/logout",
  "//evil.example/logo.png",
  "javascript:alert(1)",
  "data:image/svg+xml,<svg/>",
  "logo.png",
  "../admin/withdrawals/export.csv",
  "/assets/../admin/withdrawals/export.csv",
];

let app: TestApp;
beforeAll(async () => {
  // APP_URL differs from the address the test connects to, as behind a proxy.
  app = await startTestApp({ env: { APP_URL } });
});
afterAll(async () => app?.close());

const db = () => app.services.db;

const settingsRow = async () =>
  (await db().select({ appName: appSettings.appName, logoUrl: appSettings.logoUrl }).from(appSettings))[0]!;
/** The src of the logo in the top bar. */
const headerLogo = (html: string) => /<header[\s\S]*?<img[^>]*?src="([^"]*)"/.exec(html)?.[1];

describe("the logo URL", () => {
  it("is refused on save when it is an app route, the app's origin or no https image; nothing is saved or audited", async () => {
    const { client, user: admin } = await signInAdmin(app, ["manage_settings"]);
    const before = await settingsRow();
    for (const logoUrl of REFUSED) {
      const res = await client.post("/admin/settings/branding", { appName: "AdNaira", logoUrl });
      expect(res.status, logoUrl).toBe(400);
      expect(pageText(res.body), logoUrl).toContain(LOGO_MESSAGE);
      expect(res.body, logoUrl).toMatch(/aria-invalid="true"/);
    }
    expect(await settingsRow()).toEqual(before);
    expect(await db().$count(auditLog, eq(auditLog.actorId, admin.id))).toBe(0);
  });

  it("accepts an https image on another site and the app's own static images", async () => {
    const { client } = await signInAdmin(app, ["manage_settings"]);
    for (const logoUrl of ["https://cdn.example.ng/brand/logo.png", "/assets/brand-mark.svg", "/logo.svg"]) {
      const res = await client.post("/admin/settings/branding", { appName: "AdNaira", logoUrl });
      expect(res.status, logoUrl).toBe(302);
      expect((await settingsRow()).logoUrl).toBe(logoUrl);
      expect(headerLogo((await client.get("/admin/settings")).body)).toBe(logoUrl);
    }
  });

  it("stored as an app route (before this rule), renders the default logo instead", async () => {
    const { client } = await signInAdmin(app, ["manage_withdrawals"]);
    try {
      for (const stored of [
        "/admin/withdrawals/export.csv",
        `${APP_URL}/admin/withdrawals/export.csv`,
        "javascript:alert(1)",
      ]) {
        await db().update(appSettings).set({ logoUrl: stored });
        for (const page of ["/admin/withdrawals", "/login"]) {
          const html = (await (page === "/login" ? app.client() : client).get(page)).body;
          expect(headerLogo(html), `${stored} on ${page}`).toBe("/logo.svg");
          expect(html, `${stored} on ${page}`).not.toContain(`"${stored}"`);
        }
      }
    } finally {
      await db().update(appSettings).set({ logoUrl: "/logo.svg" });
    }
  });
});

describe("the advert image", () => {
  it("is a file now: a typed address, or an address of the app's, is never taken as the image", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const count = await db().$count(adverts);
    for (const address of [...REFUSED, "/logo.svg", "/assets/ad.png", "https://cdn.example.ng/typed.png"]) {
      const form = {
        intent: "create",
        title: "Jollof Weekend",
        description: "Taste the best jollof in Lagos.",
        rewardAmount: "25.00",
        maxClicks: "100",
      };
      // The address a refused submit kept: only an uploaded image's, and one that is stored.
      const res = await client.post("/admin/adverts", { ...form, uploadedImage: address });
      expect(res.status, address).toBe(400);
      expect(pageText(res.body), address).toContain(UPLOADED_IMAGE_LOST_MESSAGE);
      // The old text field is no field of the form: ignored, the advert has no image.
      const title = `Typed ${address}`.slice(0, 120);
      expect((await client.post("/admin/adverts", { ...form, title, imageUrl: address })).status, address).toBe(302);
      const [row] = await db().select().from(adverts).where(eq(adverts.title, title));
      expect(row!.imageUrl, address).toBeNull();
    }
    expect(await db().$count(adverts)).toBe(count + REFUSED.length + 3);
  });

  it("stored on the app's origin (before this rule), is not rendered to members or admins", async () => {
    const publisher = await advertAdmin(db());
    const stored = `${APP_URL}/admin/withdrawals/export.csv`;
    const fine = "https://cdn.example.ng/ads/fine.png";
    const badId = await postAdvert(db(), publisher, { title: "Stored Long Ago" });
    await db().update(adverts).set({ imageUrl: stored }).where(eq(adverts.id, badId)); // the table's CHECK allows any https://
    await postAdvert(db(), publisher, { title: "Fine Picture", imageUrl: fine });

    const member = await createUser(db(), { isApproved: true });
    const memberClient = app.client();
    await memberClient.login(member.email, member.password);
    const dashboard = (await memberClient.get("/dashboard")).body;
    expect(pageText(dashboard)).toContain("Stored Long Ago");
    expect(dashboard).toContain(`src="${fine}"`);
    expect(dashboard).not.toContain(stored);

    const started = await startAdvertView(db(), member.id, badId);
    expect(started.status).toBe("ok");
    const advertPage = await memberClient.get(`/adverts/${badId}`);
    expect(advertPage.status).toBe(200);
    expect(pageText(advertPage.body)).toContain("Stored Long Ago");
    expect(advertPage.body).not.toContain(stored);

    const { client: admin } = await signInAdmin(app, ["manage_adverts"]);
    const list = (await admin.get("/admin/adverts")).body;
    expect(list).toContain(`src="${fine}"`);
    expect(list).not.toContain(`src="${stored}"`);
    // The edit form does not load it either; a new file replaces it.
    const edit = (await admin.get(`/admin/adverts?edit=${badId}`)).body;
    expect(edit).not.toContain(`src="${stored}"`);
    expect(edit).not.toContain(`value="${stored}"`);
    expect(edit).toMatch(/<input[^>]*type="file"[^>]*name="image"/);
  });
});
