import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { createUser } from "../support/factories";

// Behind one proxy, so each test can speak from its own client address (X-Forwarded-For).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => app?.close());

const from = (ip: string) => ({ "X-Forwarded-For": ip });

describe("request size", () => {
  it("refuses an oversized form post with 413 before reading it", async () => {
    const res = await fetch(new URL("/login", app.origin), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.origin },
      body: `email=a%40b.ng&password=${"x".repeat(200 * 1024)}`,
    });
    expect(res.status).toBe(413);
  });

  it("refuses a streamed body of undeclared length with 411", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("email=a%40b.ng&password=x"));
        controller.close();
      },
    });
    const res = await fetch(new URL("/login", app.origin), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.origin },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(411);
  });

  it("still accepts ordinary forms", async () => {
    const user = await createUser(app.services.db);
    const res = await app.client().post("/login", { email: user.email, password: user.password }, from("10.0.0.1"));
    expect(res.status).toBe(302);
  });
});

describe("login lock-out is per account and address", () => {
  it("blocks the guessing address but not the owner signing in from elsewhere", async () => {
    const owner = await createUser(app.services.db);
    const attacker = app.client();
    for (let i = 0; i < 10; i++) {
      expect((await attacker.post("/login", { email: owner.email, password: `guess-${i}-wrong` }, from("10.6.6.6"))).status).toBe(401);
    }
    const blocked = await attacker.post("/login", { email: owner.email, password: owner.password }, from("10.6.6.6"));
    expect(blocked.status).toBe(429);

    const ownerClient = app.client();
    const res = await ownerClient.post("/login", { email: owner.email, password: owner.password }, from("10.1.2.3"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard");
  });
});

describe("password change attempts", () => {
  it("stops guessing the current password after 10 failures", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const attempt = (current: string) =>
      client.post(
        "/profile",
        { intent: "change-password", currentPassword: current, newPassword: "Ibadan-brown-roofs-77", confirmPassword: "Ibadan-brown-roofs-77" },
        from("10.0.0.9"),
      );
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}-password`)).status).toBe(400);
    const blocked = await attempt(user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain("Too many attempts");
  });
});
