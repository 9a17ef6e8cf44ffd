import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

const NOT_FOUND_TEXT =
  "Oops! The page you're looking for doesn't seem to exist. It might have been moved, deleted, or maybe you just mistyped the URL.";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe("404", () => {
  it.each(["/no-such-page", "/admin/no-such-page", "/dashboard/extra/segments", "/login/extra"])(
    "answers %s with 404 Page Not Found, its text and a link home",
    async (path) => {
      const res = await app.client().get(path);
      expect(res.status).toBe(404);
      const text = pageText(res.body);
      expect(text).toContain("Page Not Found");
      expect(text).toContain(NOT_FOUND_TEXT);
      expect(res.body).toMatch(/<a\b[^>]*href="\/"[^>]*>[^<]*(home|Home)/);
      expect(res.body).toMatch(/<title>[^<]*Page Not Found[^<]*<\/title>/);
    },
  );

  it("answers 404 for a signed-in person too, with the page still in the layout", async () => {
    const user = await createUser(app.services.db, { name: "Lost Lola" });
    const client = app.client();
    await client.login(user.email, user.password);
    const res = await client.get("/definitely-not-here");
    expect(res.status).toBe(404);
    expect(pageText(res.body)).toContain("Page Not Found");
  });

  it("answers a POST to an unknown path with 404", async () => {
    const res = await app.client().post("/no-such-page", { a: "1" });
    expect(res.status).toBe(404);
  });

  it("does not serve files outside build/client", async () => {
    const res = await app.client().get("/../package.json");
    expect(res.status).toBe(404);
    const assets = await app.client().get("/assets/..%2f..%2fpackage.json");
    expect(assets.status).toBe(404);
  });
});

describe("health", () => {
  it("answers /healthz with 200", async () => {
    const res = await app.client().get("/healthz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: "ok" });
  });

  it("answers /readyz with 200 while the database is reachable", async () => {
    const res = await app.client().get("/readyz");
    expect(res.status).toBe(200);
    // No warnings outside production, even on PostgreSQL as the superuser the tests connect as.
    expect(JSON.parse(res.body)).toEqual({ status: "ready", database: "up", warnings: [] });
  });
});
