import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailsTo } from "~/domain/mail/outbox.server";
import { networkOf } from "~/lib/ip-network";
import { SLOW_DOWN_MAX_STEPS } from "~/server/rate-limit.server";
import { pageText, startTestApp, visibleOutcome, type TestApp } from "~test/app";
import { createUser } from "~test/factories";

const STEP_MS = 5;

// Behind one proxy, so each test can speak from its own client address (X-Forwarded-For).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: "1" }, slowDownStepMs: STEP_MS });
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
      expect(
        (await attacker.post("/login", { email: owner.email, password: `guess-${i}-wrong` }, from("10.6.6.6"))).status,
      ).toBe(401);
    }
    const blocked = await attacker.post("/login", { email: owner.email, password: owner.password }, from("10.6.6.6"));
    expect(blocked.status).toBe(429);

    const ownerClient = app.client();
    const res = await ownerClient.post("/login", { email: owner.email, password: owner.password }, from("10.1.2.3"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard");
  });
});

describe("login limits that someone else cannot use against you", () => {
  it("counts only failed sign-ins per address: 31 people signing in behind one carrier address do not block the next", async () => {
    const carrier = from("10.20.30.40");
    const member = await createUser(app.services.db);
    for (let i = 1; i <= 31; i++) {
      const res = await app.client().post("/login", { email: member.email, password: member.password }, carrier);
      expect(res.status, `sign-in ${i}`).toBe(302);
    }
    const next = await createUser(app.services.db);
    const res = await app.client().post("/login", { email: next.email, password: next.password }, carrier);
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
  });

  it("still refuses an address after 30 wrong passwords (to browsers not known for the account)", async () => {
    const guesser = from("10.20.30.41");
    for (let i = 0; i < 30; i++) {
      const victim = `nobody-${i}@example.ng`;
      expect((await app.client().post("/login", { email: victim, password: "wrong-password" }, guesser)).status).toBe(
        401,
      );
    }
    const member = await createUser(app.services.db);
    expect(
      (await app.client().post("/login", { email: member.email, password: member.password }, guesser)).status,
    ).toBe(429);
  });

  it("slows down, but never locks, an account guessed at from many addresses", async () => {
    const owner = await createUser(app.services.db);
    for (let address = 1; address <= 12; address++) {
      for (let i = 0; i < 3; i++) {
        const res = await app
          .client()
          .post("/login", { email: owner.email, password: `guess-${address}-${i}` }, from(`10.50.0.${address}`));
        expect(res.status, `guess ${i} from address ${address}`).toBe(401);
      }
    }
    // 36 failures on the account: the delay before checking its password is at its cap, no more.
    const due = await app.services.rateLimits.slowDownFor("loginAccountSlowDown", owner.email);
    expect(due).toBe(SLOW_DOWN_MAX_STEPS * STEP_MS);

    const started = performance.now();
    const res = await app.client().post("/login", { email: owner.email, password: owner.password }, from("10.1.2.4"));
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(due - 1);
  });
});

describe("mail limits that someone else cannot use against you", () => {
  it("forgot password: past the account's limit the victim gets the usual answer (and no more mails go out)", async () => {
    const victim = await createUser(app.services.db);
    const attacker = from("10.66.0.1");
    const first = visibleOutcome(await app.client().post("/forgot-password", { email: victim.email }, attacker));
    expect(first).toMatchObject({
      status: 302,
      location: "/login",
      toast: { type: "success", title: "Check Your Email" },
    });
    for (let i = 0; i < 5; i++) {
      expect(visibleOutcome(await app.client().post("/forgot-password", { email: victim.email }, attacker))).toEqual(
        first,
      );
    }
    const own = visibleOutcome(await app.client().post("/forgot-password", { email: victim.email }, from("10.1.1.1")));
    expect(own).toEqual(first);
    expect(await emailsTo(app.services.db, victim.email)).toHaveLength(3);
  });

  it("resend confirmation: past the account's limit the victim gets the usual answer (and no more mails go out)", async () => {
    const victim = await createUser(app.services.db, { emailConfirmed: false });
    const attacker = from("10.66.0.2");
    const first = visibleOutcome(await app.client().post("/resend-confirmation", { email: victim.email }, attacker));
    expect(first).toMatchObject({
      status: 302,
      location: "/login",
      toast: { type: "success", title: "Confirmation Email Sent" },
    });
    for (let i = 0; i < 5; i++) {
      expect(
        visibleOutcome(await app.client().post("/resend-confirmation", { email: victim.email }, attacker)),
      ).toEqual(first);
    }
    const own = visibleOutcome(
      await app.client().post("/resend-confirmation", { email: victim.email }, from("10.1.1.2")),
    );
    expect(own).toEqual(first);
    expect(await emailsTo(app.services.db, victim.email)).toHaveLength(3);
  });

  it("forgot password: refuses one address only past 300 requests an hour, whatever the emails", async () => {
    const busy = from("10.66.0.3");
    for (let i = 1; i <= 300; i++) {
      const res = await app.client().post("/forgot-password", { email: `someone-${i}@example.ng` }, busy);
      expect(res.status, `request ${i}`).toBe(302);
    }
    const refused = await app.client().post("/forgot-password", { email: "someone-else@example.ng" }, busy);
    expect(refused.status).toBe(429);
    expect(pageText(refused.body)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(
      (await app.client().post("/forgot-password", { email: "someone-else@example.ng" }, from("10.66.0.4"))).status,
    ).toBe(302);
  });

  it("resend confirmation: refuses one address only past 300 requests an hour, whatever the emails", async () => {
    const busy = from("10.66.0.5");
    for (let i = 1; i <= 300; i++) {
      const res = visibleOutcome(
        await app.client().post("/resend-confirmation", { email: `someone-${i}@example.ng` }, busy),
      );
      expect(res.toast?.type, `request ${i}`).toBe("success");
    }
    const refused = visibleOutcome(
      await app.client().post("/resend-confirmation", { email: "someone-else@example.ng" }, busy),
    );
    expect(refused).toMatchObject({ status: 302, location: "/login", toast: { type: "error", title: "Error" } });
    expect(refused.toast?.description).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    const elsewhere = visibleOutcome(
      await app.client().post("/resend-confirmation", { email: "someone-else@example.ng" }, from("10.66.0.6")),
    );
    expect(elsewhere.toast?.type).toBe("success");
  });
});

describe("sign-up from one carrier address", () => {
  const signUp = (i: number, ip: string) =>
    app.client().post(
      "/register",
      {
        name: `Carrier Member ${i}`,
        email: `carrier-member-${i}-${ip}@example.ng`,
        password: "Enugu-coal-camp-market",
        confirmPassword: "Enugu-coal-camp-market",
        referralCode: "",
      },
      from(ip),
    );

  it("lets many people sign up behind one address (the member and business forms share the count)", async () => {
    const busy = "10.67.0.1";
    for (let i = 1; i <= 12; i++) expect((await signUp(i, busy)).status, `member sign-up ${i}`).toBe(302);
    const business = await app.client().post(
      "/advertise",
      {
        businessName: "Carrier Traders Ltd",
        name: "Carrier Trader",
        email: "carrier-trader@example.ng",
        phone: "08031234567",
        password: "Enugu-coal-camp-market",
        confirmPassword: "Enugu-coal-camp-market",
      },
      from(busy),
    );
    expect(business.status).toBe(302);
    // 13 counted so far; each sign-up hashes a password, so the rest of the hour's are taken directly.
    for (let i = 14; i <= 600; i++) expect(await app.services.rateLimits.consume("registerIp", busy)).toBeNull();
    const refused = await signUp(601, busy);
    expect(refused.status).toBe(429);
    expect(pageText(refused.body)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect((await signUp(601, "10.67.0.2")).status).toBe(302);
  });
});

describe("an IPv6 client counts by its /64 (a phone holds a whole /64 and can rotate addresses in it)", () => {
  /** The `i`th address on the /64 `prefix` (four groups), as a phone's privacy addresses change. */
  const on = (prefix: string, i: number) => from(`${prefix}:${(0x1000 + i).toString(16)}:${i.toString(16)}:9e3f:7a01`);

  it("login: 30 wrong passwords from 30 addresses of one /64 refuse the next from a 31st; another /64 signs in", async () => {
    const phone = "2c0f:f5c0:450:1";
    for (let i = 0; i < 30; i++) {
      const res = await app
        .client()
        .post("/login", { email: `nobody-v6-${i}@example.ng`, password: "wrong" }, on(phone, i));
      expect(res.status, `guess ${i}`).toBe(401);
    }
    const member = await createUser(app.services.db);
    const credentials = { email: member.email, password: member.password };
    expect((await app.client().post("/login", credentials, on(phone, 30))).status).toBe(429);
    expect((await app.client().post("/login", credentials, on("2c0f:f5c0:450:2", 30))).status).toBe(302);
  });

  it("login: one account's 10 wrong passwords from one /64 pause it there, whichever address comes next", async () => {
    const owner = await createUser(app.services.db);
    const phone = "2c0f:f5c0:451:1";
    for (let i = 0; i < 10; i++) {
      const res = await app.client().post("/login", { email: owner.email, password: `guess-${i}-wrong` }, on(phone, i));
      expect(res.status, `guess ${i}`).toBe(401);
    }
    const credentials = { email: owner.email, password: owner.password };
    expect((await app.client().post("/login", credentials, on(phone, 10))).status).toBe(429);
    const elsewhere = await app.client().post("/login", credentials, on("2c0f:f5c0:451:2", 10));
    expect({ status: elsewhere.status, location: elsewhere.location }).toEqual({ status: 302, location: "/dashboard" });
  });

  it("forgot password: 300 requests from 300 addresses of one /64 refuse the next; another /64 is answered", async () => {
    const phone = "2c0f:f5c0:452:1";
    for (let i = 0; i < 300; i++) {
      const res = await app.client().post("/forgot-password", { email: `v6-someone-${i}@example.ng` }, on(phone, i));
      expect(res.status, `request ${i}`).toBe(302);
    }
    const email = { email: "v6-someone-else@example.ng" };
    expect((await app.client().post("/forgot-password", email, on(phone, 300))).status).toBe(429);
    expect((await app.client().post("/forgot-password", email, on("2c0f:f5c0:452:2", 300))).status).toBe(302);
  });

  it("resend confirmation and sign-up: the count of one address of the /64 refuses another", async () => {
    const phone = "2c0f:f5c0:453:1";
    const network = networkOf(on(phone, 0)["X-Forwarded-For"])!;
    // The hour's allowances used up from the phone's network (taken directly: each costs a request).
    for (let i = 0; i < 300; i++) expect(await app.services.rateLimits.consume("resendIp", network)).toBeNull();
    for (let i = 0; i < 600; i++) expect(await app.services.rateLimits.consume("registerIp", network)).toBeNull();

    const email = { email: "v6-unconfirmed@example.ng" };
    const refused = visibleOutcome(await app.client().post("/resend-confirmation", email, on(phone, 1)));
    expect(refused.toast?.description).toMatch(/Too many attempts/);
    const elsewhere = visibleOutcome(await app.client().post("/resend-confirmation", email, on("2c0f:f5c0:453:2", 1)));
    expect(elsewhere.toast?.type).toBe("success");

    const signUp = (headers: Record<string, string>, i: number) =>
      app.client().post(
        "/register",
        {
          name: `Phone Member ${i}`,
          email: `v6-member-${i}@example.ng`,
          password: "Enugu-coal-camp-market",
          confirmPassword: "Enugu-coal-camp-market",
        },
        headers,
      );
    expect((await signUp(on(phone, 2), 1)).status).toBe(429);
    expect((await signUp(on("2c0f:f5c0:453:2", 2), 2)).status).toBe(302);
  });
});

describe("password change attempts", () => {
  it("stops guessing the current password after 10 failures", async () => {
    const user = await createUser(app.services.db);
    const client = app.client();
    await client.login(user.email, user.password);
    const attempt = (current: string) =>
      client.post(
        "/profile/password",
        { currentPassword: current, newPassword: "Ibadan-brown-roofs-77", confirmPassword: "Ibadan-brown-roofs-77" },
        from("10.0.0.9"),
      );
    for (let i = 0; i < 10; i++) expect((await attempt(`wrong-${i}-password`)).status).toBe(400);
    const blocked = await attempt(user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain("Too many attempts");
  });
});
