import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { pageText, startTestApp, type HttpClient, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

const SESSION = "adnaira_session";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

/** A client holding nothing but the given session cookie value (a replay of a stolen cookie). */
function replay(value: string): HttpClient {
  const client = app.client();
  client.cookies.set(SESSION, value);
  return client;
}

async function isSignedIn(client: HttpClient) {
  const res = await client.get("/profile");
  if (res.status === 200) return true;
  expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/login" });
  return false;
}

describe("cross-origin action posts", () => {
  it("rejects a login form posted from another origin and sets no session cookie", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post(
      "/login",
      { email: user.email, password: user.password },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false);
    expect(client.cookies.has(SESSION)).toBe(false);
  });

  it("rejects a cross-origin post to the data endpoint used by client-side navigation", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post(
      "/login.data",
      { email: user.email, password: user.password },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(client.cookies.has(SESSION)).toBe(false);
  });

  it("rejects a cross-origin logout, so another site cannot sign people out", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const res = await client.post("/logout", {}, { Origin: "https://evil.example" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await isSignedIn(client)).toBe(true);
  });

  it("rejects a cross-origin password change and leaves the password as it was", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const form = {
      currentPassword: user.password,
      newPassword: "a-brand-new-passphrase",
      confirmPassword: "a-brand-new-passphrase",
    };
    const res = await client.post("/profile/password", form, { Origin: "https://evil.example" });
    expect(res.status).toBe(400);
    expect(await isSignedIn(client)).toBe(true);
    const again = app.client();
    await again.login(user.email, user.password); // the old password still works
  });

  it("rejects a cross-origin post to each of the profile's form routes", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    for (const path of ["/profile/name", "/profile/password", "/profile/bank-details", "/profile/withdraw"]) {
      const res = await client.post(path, { name: "Forged Name" }, { Origin: "https://evil.example" });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: "Bad Request" });
    }
    const [row] = await app.services.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe(user.name);
  });

  it("rejects a cross-origin resend-confirmation post (a route with no page)", async () => {
    const res = await app
      .client()
      .post("/resend-confirmation", { email: "someone@example.ng" }, { Origin: "https://evil.example" });
    expect(res.status).toBe(400);
  });

  it("rejects an opaque (null) origin", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post("/login", { email: user.email, password: user.password }, { Origin: "null" });
    expect(res.status).toBe(400);
    expect(client.cookies.has(SESSION)).toBe(false);
  });

  it("accepts the same login posted from the app's own origin", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    const res = await client.post("/login", { email: user.email, password: user.password }, { Origin: app.origin });
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
    expect(client.cookies.has(SESSION)).toBe(true);
    expect(await isSignedIn(client)).toBe(true);
  });
});

describe("logout", () => {
  it("does not end the session on GET /logout", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const res = await client.get("/logout");
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/" });
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(false);
    expect(await isSignedIn(client)).toBe(true);
  });

  it("ends the session on POST /logout: the old cookie no longer works, and / shows the Logged Out toast", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    await client.get("/dashboard"); // consume the login toast
    const oldValue = client.cookies.get(SESSION)!;
    expect(oldValue).toBeTruthy();

    const res = await client.post("/logout", {});
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/" });
    expect(client.cookies.has(SESSION)).toBe(false);

    const home = await client.get("/");
    expect(home.status).toBe(200);
    expect(pageText(home.body)).toContain("Get Started Now");
    expect(home.body).toContain("Logged Out");
    expect(home.body).toContain("You have been successfully logged out.");

    expect(await isSignedIn(replay(oldValue))).toBe(false);
  });
});

describe("session rotation at login", () => {
  it("replaces a signed-in session with a new one and the old value stops working", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const first = client.cookies.get(SESSION)!;
    await client.login(user.email, user.password);
    const second = client.cookies.get(SESSION)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect(await isSignedIn(replay(first))).toBe(false);
    expect(await isSignedIn(replay(second))).toBe(true);
  });

  it("never adopts a session value planted before login (fixation)", async () => {
    const attacker = await createUser(app.services.db, { name: "Attacker" });
    const planter = app.client();
    await planter.login(attacker.email, attacker.password);
    const planted = planter.cookies.get(SESSION)!;

    const victim = await createUser(app.services.db, { name: "Victim Vera" });
    const client = replay(planted);
    await client.login(victim.email, victim.password);
    const issued = client.cookies.get(SESSION)!;
    expect(issued).not.toBe(planted);
    // The planted value does not become the victim's session (it is not a session at all any more).
    expect(await isSignedIn(replay(planted))).toBe(false);
    const dashboard = await client.get("/dashboard");
    expect(pageText(dashboard.body)).toContain("Welcome, Victim Vera!");

    // A made-up value is replaced too.
    const madeUp = replay("ImF0dGFja2VyLWNob3NlbiI=");
    await madeUp.login(victim.email, victim.password);
    expect(madeUp.cookies.get(SESSION)).not.toBe("ImF0dGFja2VyLWNob3NlbiI=");
  });
});
