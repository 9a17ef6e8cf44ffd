import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advertImages, adverts, auditLog, campaigns } from "~/db/schema";
import { payCampaignFromBalance } from "~/domain/campaigns/pay-campaign.server";
import { UPLOADED_IMAGE_EXPIRED_MESSAGE } from "~/domain/images/rules";
import { IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR } from "~/server/rate-limit.server";
import { pageText, startTestApp, type HttpClient, type TestApp, type UploadFile } from "~test/app";
import { advertAdmin, NEW_CAMPAIGN_FORM, postAdvert } from "~test/factories";
import { imageMetadata, jpegWithGps, pngOverOneMegabyte, smallPng, smallWebp } from "~test/images";
import { signInAdmin, signInAdvertiser, signInMember } from "~test/sign-in";

/**
 * Advert images are uploaded with the advert's form (decision 024): a multipart post that works
 * without JavaScript, judged by its content, stored once by its SHA-256 and served at /images/<id>.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const db = () => app.services.db;
const NOT_AN_IMAGE = "The image must be a JPEG, PNG or WebP picture.";
const TOO_LARGE = "The image must be 1 MB or smaller.";
const IMAGE_ADDRESS = /^\/images\/[0-9a-f]{64}$/;

let n = 0;
const advertFields = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  title: `Suya Night ${++n}`,
  description: "Spicy suya by the lagoon, Friday night.",
  rewardAmount: "20.00",
  maxClicks: "50",
  ...overrides,
});

const imageCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(advertImages)
  )[0]!.n;
const advertByTitle = async (title: string) => (await db().select().from(adverts).where(eq(adverts.title, title)))[0];
const jpegFile = async (): Promise<UploadFile> => ({
  bytes: await jpegWithGps(),
  name: "IMG_2041.jpg",
  type: "image/jpeg",
});

/** Creates an advert through the dialog's form without JavaScript; answers its row. */
async function createWithImage(client: HttpClient, image: UploadFile | null, overrides: Record<string, string> = {}) {
  const fields = advertFields(overrides);
  const res = await client.postMultipart("/admin/adverts/new", fields, { image });
  expect(res.status, pageText(res.body).slice(0, 300)).toBe(302);
  return (await advertByTitle(fields.title))!;
}

describe("an admin's advert image", () => {
  it("is uploaded with Create Advert (no JavaScript), stored without its EXIF, audited, listed and shown on members' cards", async () => {
    const { client, user: admin } = await signInAdmin(app, ["manage_adverts"]);
    const row = await createWithImage(client, await jpegFile());
    expect(row.imageUrl).toMatch(IMAGE_ADDRESS);
    const [stored] = await db()
      .select()
      .from(advertImages)
      .where(eq(advertImages.id, row.imageUrl!.slice("/images/".length)));
    expect(stored).toMatchObject({ contentType: "image/webp", width: 1200, height: 675, uploadedById: admin.id });
    expect((await imageMetadata(stored!.bytes)).exif).toBeUndefined();

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row.id), eq(auditLog.action, "advert.create")));
    expect(audit!.after).toMatchObject({ imageUrl: row.imageUrl });

    expect((await client.get("/admin/adverts")).body).toContain(`src="${row.imageUrl}"`);
    const { client: memberClient } = await signInMember(app);
    const dashboard = (await memberClient.get("/dashboard")).body;
    expect(dashboard).toContain(`src="${row.imageUrl}"`);
  });

  it("is judged by its content: a PNG named .jpg and declared a JPEG is stored; an empty file input means no image", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const png = await createWithImage(client, { bytes: await smallPng(), name: "banner.jpg", type: "image/jpeg" });
    expect(png.imageUrl).toMatch(IMAGE_ADDRESS);
    const none = await createWithImage(client, null);
    expect(none.imageUrl).toBeNull();
  });

  it("refuses a text file named .png with the message, keeping what was typed and storing nothing", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const before = await imageCount();
    const fields = advertFields();
    const res = await client.postMultipart("/admin/adverts", fields, {
      image: { bytes: Buffer.from("hello, not a picture"), name: "advert.png", type: "image/png" },
    });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(NOT_AN_IMAGE);
    expect(res.body).toContain("Creation Failed");
    expect(res.body).toContain(`value="${fields.title}"`);
    expect(res.body).toMatch(/<input[^>]*type="file"[^>]*aria-invalid="true"/);
    expect(await advertByTitle(fields.title)).toBeUndefined();
    expect(await imageCount()).toBe(before);
  });

  it("refuses a picture over 1 MB with the message; a body over 1.2 MB is refused before it is read", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const before = await imageCount();
    const fields = advertFields();
    const justOver = await pngOverOneMegabyte();
    const res = await client.postMultipart("/admin/adverts/new", fields, {
      image: { bytes: justOver, name: "big.png", type: "image/png" },
    });
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(TOO_LARGE);
    const huge = await pngOverOneMegabyte(800, 600);
    const refused = await client.postMultipart("/admin/adverts/new", fields, {
      image: { bytes: huge, name: "huge.png", type: "image/png" },
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toContain(TOO_LARGE);
    expect(await advertByTitle(fields.title)).toBeUndefined();
    expect(await imageCount()).toBe(before);
  });

  it("keeps the ordinary 64 KB limit on every other route, multipart or not", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const res = await client.postMultipart(
      "/admin/adverts/delete",
      { advertId: "x" },
      {
        image: { bytes: await smallPng(), name: "a.png", type: "image/png" },
        other: { bytes: Buffer.alloc(70 * 1024), name: "pad.bin" },
      },
    );
    expect(res.status).toBe(413);
    expect(res.body).toBe("Payload Too Large");
  });

  it("is stored when the advert is refused after it (over the reward limit), and sent back so the admin need not choose it again", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const fields = advertFields({ rewardAmount: "5000" });
    const refused = await client.postMultipart("/admin/adverts/new", fields, { image: await jpegFile() });
    expect(refused.status).toBe(400);
    const kept = /name="uploadedImage" value="(\/images\/[0-9a-f]{64})"/.exec(refused.body)?.[1];
    expect(kept).toBeDefined();
    expect(refused.body).toContain(`src="${kept}"`);
    const res = await client.postMultipart(
      "/admin/adverts/new",
      { ...fields, rewardAmount: "20", uploadedImage: kept! },
      { image: null },
    );
    expect(res.status).toBe(302);
    expect((await advertByTitle(fields.title))!.imageUrl).toBe(kept);
    // An address that names no stored image is not taken.
    const forged = advertFields({ uploadedImage: `/images/${"e".repeat(64)}` });
    const answer = await client.postMultipart("/admin/adverts/new", forged, { image: null });
    expect(answer.status).toBe(400);
    expect(pageText(answer.body)).toContain(UPLOADED_IMAGE_EXPIRED_MESSAGE);
  });

  it("on Edit Advert: kept when no file is chosen, replaced by a new one, removed with Remove image", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const row = await createWithImage(client, await jpegFile());
    const editPage = await client.get(`/admin/adverts?edit=${row.id}`);
    // The page may show its own images and the preview of a file being chosen (a blob: URL).
    const imgSrc = /img-src ([^;]*)/.exec(editPage.headers.get("Content-Security-Policy") ?? "")?.[1]?.split(" ");
    expect(imgSrc).toEqual(expect.arrayContaining(["'self'", "blob:"]));
    const edit = editPage.body;
    expect(edit).toMatch(/enctype="multipart\/form-data"/i);
    expect(edit).toContain(`src="${row.imageUrl}"`);
    expect(pageText(edit)).toContain("Remove image");

    const update = (overrides: Record<string, string>, image: UploadFile | null) =>
      client.postMultipart(
        `/admin/adverts?edit=${row.id}`,
        { ...advertFields({ title: row.title, intent: "update", advertId: row.id }), ...overrides },
        { image },
      );
    expect((await update({ maxClicks: "60" }, null)).status).toBe(302);
    expect((await advertByTitle(row.title))!).toMatchObject({ maxClicks: 60, imageUrl: row.imageUrl });

    expect((await update({ maxClicks: "60" }, { bytes: await smallWebp(), name: "new.webp" })).status).toBe(302);
    const replaced = (await advertByTitle(row.title))!.imageUrl;
    expect(replaced).toMatch(IMAGE_ADDRESS);
    expect(replaced).not.toBe(row.imageUrl);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row.id), eq(auditLog.action, "advert.update")))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit).toMatchObject({ before: { imageUrl: row.imageUrl }, after: { imageUrl: replaced } });

    expect((await update({ maxClicks: "60", removeImage: "on" }, null)).status).toBe(302);
    expect((await advertByTitle(row.title))!.imageUrl).toBeNull();
  });

  it("an https image typed before uploads keeps rendering, and stays when the advert is edited without a file", async () => {
    const legacy = "https://cdn.example.ng/ads/legacy.png";
    const publisher = await advertAdmin(db());
    const id = await postAdvert(db(), publisher, { title: "Legacy Picture", imageUrl: legacy });
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    expect((await client.get(`/admin/adverts?edit=${id}`)).body).toContain(`src="${legacy}"`);
    const res = await client.postMultipart(
      `/admin/adverts?edit=${id}`,
      advertFields({ title: "Legacy Picture", intent: "update", advertId: id, maxClicks: "7" }),
      { image: null },
    );
    expect(res.status).toBe(302);
    expect((await db().select().from(adverts).where(eq(adverts.id, id)))[0]).toMatchObject({
      maxClicks: 7,
      imageUrl: legacy,
    });
    // A typed address is no field of the form any more: it is ignored.
    const typed = await createWithImage(client, null, { imageUrl: "https://cdn.example.ng/typed.png" });
    expect(typed.imageUrl).toBeNull();
  });

  it("is refused when the form comes from another site, and nothing is stored", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const before = await imageCount();
    const fields = advertFields();
    const res = await client.postMultipart(
      "/admin/adverts/new",
      fields,
      { image: await jpegFile() },
      {
        Origin: "https://evil.example",
      },
    );
    expect(res.status).toBe(400);
    expect(await advertByTitle(fields.title)).toBeUndefined();
    expect(await imageCount()).toBe(before);
  });
});

describe("an advertiser's campaign image", () => {
  it("is uploaded with the new campaign form, and kept through Show budget without JavaScript", async () => {
    const { client, user } = await signInAdvertiser(app, { balanceKobo: 5_000_000n });
    const form = NEW_CAMPAIGN_FORM;
    const page = (await client.get("/advertiser/campaigns")).body;
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    expect(page).toMatch(/<input[^>]*type="file"[^>]*accept="image\/jpeg,image\/png,image\/webp"/);

    const preview = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, intent: "preview" },
      { image: { bytes: await smallPng(), name: "bread.png", type: "image/png" } },
    );
    expect(preview.status).toBe(200);
    const kept = /name="uploadedImage" value="(\/images\/[0-9a-f]{64})"/.exec(preview.body)?.[1];
    expect(kept).toBeDefined();
    expect(preview.body).toContain(`src="${kept}"`);

    const res = await client.postMultipart("/advertiser/campaigns", { ...form, uploadedImage: kept! }, { image: null });
    expect(res.status).toBe(302);
    const campaignId = res.location!.split("/").pop()!;
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign!.imageUrl).toBe(kept);
    // The advertiser's campaign page shows it, and so does the admins' review card once it is paid.
    expect((await client.get(`/advertiser/campaigns/${campaignId}`)).body).toContain(`src="${kept}"`);
    expect(await payCampaignFromBalance(db(), user.id, campaignId)).toMatchObject({ status: "ok" });
    const { client: reviewer } = await signInAdmin(app, ["manage_adverts"]);
    expect((await reviewer.get("/admin/campaigns")).body).toContain(`src="${kept}"`);
  });

  it("from Show budget is used by nothing until the campaign is created with it; a day on, a stale form is told to choose it again", async () => {
    const { client } = await signInAdvertiser(app);
    const form = { ...NEW_CAMPAIGN_FORM, title: "Puff-puff in Surulere" };
    const preview = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, intent: "preview" },
      { image: { bytes: await smallPng(260, 140), name: "puff.png", type: "image/png" } },
    );
    expect(preview.status).toBe(200);
    const kept = /name="uploadedImage" value="(\/images\/[0-9a-f]{64})"/.exec(preview.body)?.[1];
    expect(kept).toBeDefined();
    // Stored, and nothing uses it yet: the sweep deletes it a day on unless a campaign does.
    const id = kept!.slice("/images/".length);
    expect(await db().$count(advertImages, eq(advertImages.id, id))).toBe(1);
    expect(await db().$count(campaigns, eq(campaigns.imageUrl, kept!))).toBe(0);
    expect(await db().$count(adverts, eq(adverts.imageUrl, kept!))).toBe(0);

    // The form left open for more than a day: the image is refused (deleted, or about to be), the rest kept.
    await db()
      .update(advertImages)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(advertImages.id, id));
    const stale = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, uploadedImage: kept! },
      { image: null },
    );
    expect(stale.status).toBe(400);
    expect(pageText(stale.body)).toContain(UPLOADED_IMAGE_EXPIRED_MESSAGE);
    expect(stale.body).toContain(`value="${form.title}"`);
    expect(await db().$count(campaigns, eq(campaigns.title, form.title))).toBe(0);

    // Within the day, Create uses the previewed image's id: the same row, not a new upload.
    await db().update(advertImages).set({ createdAt: new Date() }).where(eq(advertImages.id, id));
    const before = await imageCount();
    const res = await client.postMultipart("/advertiser/campaigns", { ...form, uploadedImage: kept! }, { image: null });
    expect(res.status).toBe(302);
    expect(await imageCount()).toBe(before);
    expect(await db().$count(campaigns, and(eq(campaigns.title, form.title), eq(campaigns.imageUrl, kept!)))).toBe(1);
  });

  it(`takes ${IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR} image files an hour per advertiser, previews included; the next is refused on the image field, the form kept`, async () => {
    const { client } = await signInAdvertiser(app);
    const form = { ...NEW_CAMPAIGN_FORM, title: "Zobo by the crate" };
    let kept: string | undefined;
    for (let i = 0; i < IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR; i++) {
      const res = await client.postMultipart(
        "/advertiser/campaigns",
        { ...form, intent: "preview" },
        { image: { bytes: await smallPng(200 + i, 120), name: `zobo-${i}.png`, type: "image/png" } },
      );
      expect(res.status, `upload ${i + 1}`).toBe(200);
      kept = /name="uploadedImage" value="(\/images\/[0-9a-f]{64})"/.exec(res.body)?.[1];
    }
    expect(kept).toBeDefined();
    const before = await imageCount();
    const refused = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, uploadedImage: kept! },
      { image: { bytes: await smallPng(640, 360), name: "zobo-21.png", type: "image/png" } },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const text = pageText(refused.body);
    expect(text).toContain(
      `You have uploaded ${IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR} images in the last hour, the most allowed. Please try again in`,
    );
    expect(refused.body).toContain("Campaign Not Created");
    expect(refused.body).toMatch(/<input[^>]*type="file"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain(`value="${form.title}"`);
    expect(refused.body).toContain(`name="uploadedImage" value="${kept}"`);
    expect(await imageCount()).toBe(before);
    expect(await db().$count(campaigns, eq(campaigns.title, form.title))).toBe(0);
    // A preview's file is refused alike (the budget still shown: the form is not lost).
    const preview = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, intent: "preview" },
      { image: { bytes: await smallPng(641, 360), name: "zobo-22.png", type: "image/png" } },
    );
    expect(preview.status).toBe(429);
    expect(pageText(preview.body)).toContain("the most allowed");
    // The image already uploaded is no new upload: the campaign is created with it.
    const create = await client.postMultipart(
      "/advertiser/campaigns",
      { ...form, uploadedImage: kept! },
      { image: null },
    );
    expect(create.status).toBe(302);
    expect(await db().$count(campaigns, and(eq(campaigns.title, form.title), eq(campaigns.imageUrl, kept!)))).toBe(1);
    // Another advertiser has their own allowance.
    const { client: other } = await signInAdvertiser(app);
    const theirs = await other.postMultipart(
      "/advertiser/campaigns",
      { ...form, intent: "preview" },
      { image: { bytes: await smallPng(642, 360), name: "zobo.png", type: "image/png" } },
    );
    expect(theirs.status).toBe(200);
  });

  it("refuses a file that is no picture, storing nothing", async () => {
    const { client } = await signInAdvertiser(app);
    const before = await imageCount();
    const res = await client.postMultipart(
      "/advertiser/campaigns",
      {
        intent: "create",
        title: "Not a picture",
        description: "Text posing as a PNG.",
        rewardAmount: "10",
        viewsWanted: "100",
      },
      { image: { bytes: Buffer.from("%PDF-1.4 not an image"), name: "flyer.png", type: "image/png" } },
    );
    expect(res.status).toBe(400);
    expect(pageText(res.body)).toContain(NOT_AN_IMAGE);
    expect(res.body).toContain("Campaign Not Created");
    expect(await db().$count(campaigns, eq(campaigns.title, "Not a picture"))).toBe(0);
    expect(await imageCount()).toBe(before);
  });
});

describe("an advertiser not approved (yet)", () => {
  for (const status of ["pending", "rejected"] as const) {
    it(`${status}: stores no image, by Show budget or by Create`, async () => {
      const { client } = await signInAdvertiser(app, { status });
      const before = await imageCount();
      const image = { bytes: await smallPng(), name: "bread.png", type: "image/png" };
      const preview = await client.postMultipart(
        "/advertiser/campaigns",
        { ...NEW_CAMPAIGN_FORM, intent: "preview" },
        { image },
      );
      expect(preview.status).toBe(403);
      const create = await client.postMultipart("/advertiser/campaigns", NEW_CAMPAIGN_FORM, { image });
      expect(create.status).toBe(403);
      expect(create.body).toContain("Campaign Not Created");
      expect(await imageCount()).toBe(before);
    });
  }
});

describe("GET /images/:id", () => {
  it("serves the stored bytes with their type, cached for a year as immutable, with the id as ETag; 304 when the browser has it", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const row = await createWithImage(client, await jpegFile());
    const id = row.imageUrl!.slice("/images/".length);
    // Anyone's browser loads it, signed in or not.
    const res = await fetch(new URL(row.imageUrl!, app.origin));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("ETag")).toBe(`"${id}"`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await res.arrayBuffer());
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(id);

    for (const tag of [`"${id}"`, `W/"${id}"`, `"other", "${id}"`]) {
      const again = await fetch(new URL(row.imageUrl!, app.origin), { headers: { "If-None-Match": tag } });
      expect(again.status, tag).toBe(304);
      expect(again.headers.get("ETag")).toBe(`"${id}"`);
      expect(await again.text()).toBe("");
    }
    const changed = await fetch(new URL(row.imageUrl!, app.origin), { headers: { "If-None-Match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  it.each([
    ["an unknown id", `/images/${"0".repeat(64)}`],
    ["an id in capitals", `/images/${"AB".repeat(32)}`],
    ["a short id", "/images/abc"],
    ["an id with an extension", `/images/${"0".repeat(64)}.png`],
  ])("answers 404 for %s", async (_label, path) => {
    const res = await fetch(new URL(path, app.origin));
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});
