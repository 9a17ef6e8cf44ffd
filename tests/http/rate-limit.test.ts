import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe("login rate limit per account", () => {
  it("blocks an account after 10 wrong passwords, even for the right password", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await client.post("/login", { email: user.email, password: `wrong-password-${attempt}` });
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }
    for (let attempt = 11; attempt <= 12; attempt++) {
      const res = await client.post("/login", { email: user.email, password: `wrong-password-${attempt}` });
      expect(res.status, `attempt ${attempt}`).toBe(429);
      expect(pageText(res.body)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    const right = await client.post("/login", { email: user.email, password: user.password });
    expect(right.status).toBe(429);
    expect(pageText(right.body)).toContain("Too many attempts");
    expect(client.cookies.has("adnaira_session")).toBe(false);
    // Any spelling of the address is the same account.
    const upper = await app.client().post("/login", { email: user.email.toUpperCase(), password: user.password });
    expect(upper.status).toBe(429);
  });

  it("does not block other accounts", async () => {
    const other = await createUser(app.services.db);
    const res = await app.client().post("/login", { email: other.email, password: other.password });
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
  });

  it("forgets earlier failures after a successful login", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await client.post("/login", { email: user.email, password: "wrong-password" })).status).toBe(401);
    }
    await client.login(user.email, user.password);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await app.client().post("/login", { email: user.email, password: "wrong-password" })).status).toBe(401);
    }
  });
});
