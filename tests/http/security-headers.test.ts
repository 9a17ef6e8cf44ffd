import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type HttpResponse, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Set-Cookie headers by cookie name, with lower-cased attribute names. */
function setCookies(res: HttpResponse) {
  return new Map(
    res.headers.getSetCookie().map((line) => {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const name = pair!.slice(0, pair!.indexOf("="));
      const attributes = new Map(
        attrs.map((a) => {
          const eq = a.indexOf("=");
          return eq === -1 ? [a.toLowerCase(), ""] : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1)];
        }),
      );
      return [name, { line, attributes }];
    }),
  );
}

function expectSessionCookieAttributes(cookie: { line: string; attributes: Map<string, string> } | undefined) {
  expect(cookie, "session Set-Cookie").toBeDefined();
  const { attributes } = cookie!;
  expect(attributes.has("httponly"), cookie!.line).toBe(true);
  expect(attributes.get("samesite")?.toLowerCase(), cookie!.line).toBe("lax");
  expect(attributes.get("path"), cookie!.line).toBe("/");
  expect(attributes.has("domain"), cookie!.line).toBe(false);
}

describe("security headers over http", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it("sends a nonce-based CSP whose nonce is on every script tag of the page", async () => {
    const res = await app.client().get("/login");
    expect(res.status).toBe(200);
    const csp = parseCsp(res.headers.get("Content-Security-Policy"));
    const scriptSrc = csp.get("script-src") ?? [];
    const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice("'nonce-".length, -1));
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]!;
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);

    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attrs, content]) => !/\bsrc=/.test(attrs!) && content!.trim() !== "");
    expect(inline.length, "the page has inline scripts (hydration data)").toBeGreaterThan(0);
    for (const [tag, attrs] of scripts) {
      expect(attrs, tag.slice(0, 120)).toMatch(/\bnonce="([^"]+)"/);
      expect(/\bnonce="([^"]+)"/.exec(attrs!)![1], tag.slice(0, 120)).toBe(nonce);
    }
  });

  it("uses a new nonce for every response", async () => {
    const client = app.client();
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await client.get("/")).headers.get("Content-Security-Policy") ?? "")?.[1];
    const [a, b] = [await nonceOf(), await nonceOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it("sends nosniff and a Referrer-Policy, and no HSTS over plain http", async () => {
    const res = await app.client().get("/");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
      res.headers.get("Referrer-Policy"),
    );
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
    expect(res.headers.get("X-Powered-By")).toBeNull();
  });

  it("sets HttpOnly, SameSite=Lax, Path=/ session and known-device cookies without Secure over http", async () => {
    const user = await createUser(app.services.db);
    const res = await app.client().post("/login", { email: user.email, password: user.password });
    expect(res.status).toBe(302);
    const cookies = setCookies(res);
    expect(cookies.has("__Host-adnaira_session")).toBe(false);
    const session = cookies.get("adnaira_session");
    expectSessionCookieAttributes(session);
    expect(session!.attributes.has("secure")).toBe(false);
    // The known-device cookie outlives sessions: about a year.
    const device = cookies.get("adnaira_device");
    expectSessionCookieAttributes(device);
    expect(device!.attributes.has("secure")).toBe(false);
    expect(Number(device!.attributes.get("max-age"))).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });
});

describe("security headers when the public URL is https", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { APP_URL: "https://adnaira.example" } });
  });
  afterAll(async () => app?.close());

  it("sends HSTS", async () => {
    const res = await app.client().get("/");
    expect(res.status).toBe(200);
    const hsts = res.headers.get("Strict-Transport-Security");
    expect(hsts).toBeTruthy();
    const maxAge = Number(/max-age=(\d+)/.exec(hsts!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });

  it("names the session and known-device cookies __Host-… and marks them Secure", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post(
      "/login",
      { email: user.email, password: user.password },
      { Origin: "https://adnaira.example" },
    );
    expect(res.status).toBe(302);
    const cookies = setCookies(res);
    expect(cookies.has("adnaira_session")).toBe(false);
    const session = cookies.get("__Host-adnaira_session");
    expectSessionCookieAttributes(session);
    expect(session!.attributes.has("secure")).toBe(true);
    expect(cookies.has("adnaira_device")).toBe(false);
    expectSessionCookieAttributes(cookies.get("__Host-adnaira_device"));
    for (const [name, cookie] of cookies) expect(cookie.attributes.has("secure"), `${name} is Secure`).toBe(true);
    // The cookie signs the person in.
    const dashboard = await client.get("/dashboard");
    expect(dashboard.status).toBe(200);
  });
});
