import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVERTS_PER_PAGE } from "~/components/dashboard/available-adverts";
import { advertAdmin, member, postAdvert } from "~test/factories";
import { pageText, startTestApp, type HttpClient, type TestApp } from "~test/app";

/**
 * The dashboard's Available Adverts grid shows ADVERTS_PER_PAGE cards, then "Show more adverts",
 * a plain link to ?page=N+1 (works without JavaScript) that shows the first N+1 pages and jumps
 * to the first new card (#adverts-page-N+1).
 */
let app: TestApp;
let client: HttpClient;
const TOTAL = 2 * ADVERTS_PER_PAGE + 5;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await advertAdmin(app.services.db);
  for (let i = 1; i <= TOTAL; i++) await postAdvert(app.services.db, admin, { title: `Paged advert ${i}.` });
  const user = await member(app.services.db);
  client = app.client();
  await client.login(user.email, user.password);
});
afterAll(async () => app?.close());

const cards = (html: string) => html.match(/data-testid="advert-card"/g)?.length ?? 0;
/** Titles in the order shown (newest first). */
const titles = (html: string) => [...pageText(html).matchAll(/Paged advert (\d+)\./g)].map((m) => Number(m[1]));
const moreLink = (html: string) => /<a [^>]*data-testid="more-adverts"[^>]*>/.exec(html)?.[0] ?? null;

describe("Available Adverts, a page at a time", () => {
  it("shows the newest page first, with a Show more link that works without JavaScript", async () => {
    const res = await client.get("/dashboard");
    expect(res.status).toBe(200);
    expect(cards(res.body)).toBe(ADVERTS_PER_PAGE);
    expect(titles(res.body)).toEqual(Array.from({ length: ADVERTS_PER_PAGE }, (_, i) => TOTAL - i));
    expect(pageText(res.body)).toContain("Show more adverts");
    expect(moreLink(res.body)).toContain('href="/dashboard?page=2#adverts-page-2"');
    // Every card's icons come from one sprite file, not an inline drawing per card.
    expect(res.body.match(/<use href="\/assets\/icons-[\w-]+\.svg#(eye|megaphone)"/g)?.length).toBe(
      2 * ADVERTS_PER_PAGE,
    );
  });

  it("?page=2 shows the first two pages and marks where the second starts", async () => {
    const res = await client.get("/dashboard?page=2");
    expect(cards(res.body)).toBe(2 * ADVERTS_PER_PAGE);
    expect(titles(res.body)[ADVERTS_PER_PAGE]).toBe(TOTAL - ADVERTS_PER_PAGE);
    expect(res.body).toMatch(
      new RegExp(`<li id="adverts-page-2"[^>]*>(?:(?!</li>).)*Paged advert ${TOTAL - ADVERTS_PER_PAGE}\\.`, "s"),
    );
    expect(moreLink(res.body)).toContain('href="/dashboard?page=3#adverts-page-3"');
  });

  it("the last page has no Show more link", async () => {
    const res = await client.get("/dashboard?page=3");
    expect(cards(res.body)).toBe(TOTAL);
    expect(moreLink(res.body)).toBeNull();
    expect(pageText(res.body)).not.toContain("Show more adverts");
  });

  it("treats a missing, invalid or huge page as the first page or the last one allowed", async () => {
    for (const page of ["0", "-1", "abc", "1.5", ""]) {
      expect(cards((await client.get(`/dashboard?page=${page}`)).body), `?page=${page}`).toBe(ADVERTS_PER_PAGE);
    }
    expect(cards((await client.get("/dashboard?page=99999")).body)).toBe(TOTAL);
  });

  it("the client navigation data carries only the page shown", async () => {
    const res = await client.get("/dashboard.data");
    expect(res.status).toBe(200);
    expect(res.body.match(/Paged advert \d+\./g)?.length).toBe(ADVERTS_PER_PAGE);
  });
});
