import { sign } from "cookie-signature";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type HttpClient, type HttpResponse, type TestApp } from "~test/app";
import { createUser } from "~test/factories";
import { latestLink } from "~test/mail";

// Behind one proxy, so each test can speak from its own client address (X-Forwarded-For).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => app?.close());

const from = (ip: string) => ({ "X-Forwarded-For": ip });
const DEVICE = "adnaira_device";
const SESSION = "adnaira_session";
const NEW_PASSWORD = "Kaduna-rain-on-zinc-roofs";

type Member = { email: string; password: string };

const signIn = (client: HttpClient, member: Member, ip: string, password = member.password) =>
  client.post("/login", { email: member.email, password }, from(ip));

function expectSignedIn(res: HttpResponse, client: HttpClient) {
  expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: "/dashboard" });
  expect(client.cookies.has(SESSION)).toBe(true);
}

function expectRefused(res: HttpResponse, client: HttpClient) {
  expect(res.status).toBe(429);
  expect(pageText(res.body)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(client.cookies.has(SESSION)).toBe(false);
}

/** 31 failed sign-ins from the address (30 wrong passwords, then the limit's refusal). */
async function failFrom(ip: string) {
  for (let i = 0; i < 30; i++) {
    const res = await app.client().post("/login", { email: `nobody-${i}@example.ng`, password: "wrong-pw" }, from(ip));
    expect(res.status, `failure ${i + 1}`).toBe(401);
  }
  expect(
    (await app.client().post("/login", { email: "nobody@example.ng", password: "wrong-pw" }, from(ip))).status,
  ).toBe(429);
}

/** A phone that signed in to each account (from its owner's usual address) and signed out again. */
async function phoneSignedInBefore(...members: Member[]) {
  const phone = app.client();
  for (const member of members) {
    expectSignedIn(await signIn(phone, member, "10.1.0.1"), phone);
    await phone.post("/logout", {});
  }
  expect(phone.cookies.has(SESSION)).toBe(false);
  expect(phone.cookies.has(DEVICE)).toBe(true);
  return phone;
}

describe("a carrier address at its limit of failed sign-ins", () => {
  const CARRIER = "10.70.0.1";
  beforeAll(async () => failFrom(CARRIER));

  it("lets a member whose phone signed in before sign in at once; a browser without the cookie is refused", async () => {
    const member = await createUser(app.services.db);
    const phone = await phoneSignedInBefore(member);
    expectSignedIn(await signIn(phone, member, CARRIER), phone);

    const stranger = app.client();
    expectRefused(await signIn(stranger, member, CARRIER), stranger);
  });

  it("a cookie for account A does not help account B; a phone shared by both holds both", async () => {
    const ada = await createUser(app.services.db);
    const bayo = await createUser(app.services.db);
    const phone = await phoneSignedInBefore(ada);
    expectRefused(await signIn(phone, bayo, CARRIER), phone);

    // Bayo signs in on the same phone elsewhere: from then on the phone is known for both.
    expectSignedIn(await signIn(phone, bayo, "10.1.0.2"), phone);
    await phone.post("/logout", {});
    expectSignedIn(await signIn(phone, ada, CARRIER), phone);
    await phone.post("/logout", {});
    expectSignedIn(await signIn(phone, bayo, CARRIER), phone);
  });

  it("a password change on /profile revokes the cookie of every other browser; the one that changed it stays known", async () => {
    const member = await createUser(app.services.db);
    const oldPhone = await phoneSignedInBefore(member);
    const laptop = app.client();
    expectSignedIn(await signIn(laptop, member, "10.1.0.3"), laptop);
    const changed = await laptop.post(
      "/profile/password",
      { currentPassword: member.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      from("10.1.0.3"),
    );
    expect({ status: changed.status, location: changed.location }).toEqual({ status: 302, location: "/profile" });

    expectRefused(await signIn(oldPhone, member, CARRIER, NEW_PASSWORD), oldPhone);
    await laptop.post("/logout", {});
    expectSignedIn(await signIn(laptop, member, CARRIER, NEW_PASSWORD), laptop);
  });

  it("a password reset revokes every cookie of the account", async () => {
    const member = await createUser(app.services.db);
    const phone = await phoneSignedInBefore(member);
    await app.client().post("/forgot-password", { email: member.email }, from("10.1.0.4"));
    const link = await latestLink(app.services.db, member.email, "/reset-password");
    const reset = await app
      .client()
      .post(
        link.pathname + link.search,
        { token: link.searchParams.get("token")!, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        from("10.1.0.4"),
      );
    expect({ status: reset.status, location: reset.location }).toEqual({ status: 302, location: "/login" });

    expectRefused(await signIn(phone, member, CARRIER, NEW_PASSWORD), phone);
    // The new password itself works, from an address not at its limit.
    expectSignedIn(await signIn(phone, member, "10.1.0.5", NEW_PASSWORD), phone);
  });

  it("a tampered or forged cookie does not help", async () => {
    const member = await createUser(app.services.db);
    const other = await createUser(app.services.db);
    const phone = await phoneSignedInBefore(member);
    const otherPhone = await phoneSignedInBefore(other);
    const genuine = decodeURIComponent(phone.cookies.get(DEVICE)!);
    const issued = Math.floor(Date.now() / 1000);
    const lastChar = genuine.at(-1) === "A" ? "B" : "A";
    const forgeries = {
      "signature changed": genuine.slice(0, -1) + lastChar,
      "issue time changed": genuine.replace(/\.(\d+)\./, (_m, at: string) => `.${Number(at) - 1}.`),
      "another member's entry": decodeURIComponent(otherPhone.cookies.get(DEVICE)!),
      "another member's entry, id swapped": decodeURIComponent(otherPhone.cookies.get(DEVICE)!).replace(
        other.id,
        member.id,
      ),
      "signed with a guessed secret": sign(`${member.id}.${issued}`, "guessed-secret"),
      unsigned: `${member.id}.${issued}`,
    };
    for (const [name, value] of Object.entries(forgeries)) {
      const forger = app.client();
      forger.cookies.set(DEVICE, encodeURIComponent(value));
      const res = await signIn(forger, member, CARRIER);
      expect(res.status, name).toBe(429);
      expect(forger.cookies.has(SESSION), name).toBe(false);
    }
    // The genuine cookie, copied as it is, is what counts.
    expectSignedIn(await signIn(phone, member, CARRIER), phone);
  });
});

describe("guessing at a member's password from the member's own carrier address", () => {
  it("pauses the guessing browser but not the member's known phone, which has a pause of its own", async () => {
    const carrier = "10.71.0.1";
    const member = await createUser(app.services.db);
    const phone = await phoneSignedInBefore(member);
    const guesser = app.client();
    for (let i = 0; i < 10; i++) {
      expect((await signIn(guesser, member, carrier, `guess-${i}-wrong`)).status, `guess ${i + 1}`).toBe(401);
    }
    expectRefused(await signIn(guesser, member, carrier), guesser);
    expectSignedIn(await signIn(phone, member, carrier), phone);
    await phone.post("/logout", {});

    // Ten wrong passwords on known devices pause sign-ins from them (whatever the address) too.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(phone, member, carrier, `typo-${i}-wrong`)).status, `typo ${i + 1}`).toBe(401);
    }
    expectRefused(await signIn(phone, member, "10.71.0.2"), phone);
  });
});
