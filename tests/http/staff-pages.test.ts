import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, member } from "~test/factories";
import { pageText, startTestApp, type TestApp } from "~test/app";

const ROOT = { email: "root@staff-pages.test", password: "staff-pages-super-admin-pw" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

/** Words that only make sense to a member, who earns from adverts and withdraws what they earn. */
const MEMBER_ONLY = [
  /View adverts/i,
  /start earning/i,
  /Total earnings/i,
  /Earnings history/i,
  /Withdraw/i,
  /Bank Details/i,
  /Upgrade/i,
  /your dashboard/i,
];

async function signedIn(role: "user" | "admin" | "super_admin") {
  const user =
    role === "super_admin"
      ? ROOT
      : role === "user"
        ? await member(app.services.db)
        : await createUser(app.services.db, { role });
  const client = app.client();
  await client.login(user.email, user.password);
  return client;
}

describe("pages staff share with members", () => {
  it.each(["admin", "super_admin"] as const)(
    "say nothing member-only to %s on /profile, /messages and /notices",
    async (role) => {
      const client = await signedIn(role);
      for (const path of ["/profile", "/messages", "/notices"]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(200);
        // The page itself (the header and its menus are each role's own).
        const main = /<main[\s\S]*<\/main>/.exec(res.body)?.[0] ?? "";
        expect(main, path).not.toBe("");
        const text = pageText(main);
        for (const words of MEMBER_ONLY) expect(text, `${path}: ${words}`).not.toMatch(words);
      }
    },
  );

  it("a member's profile keeps its earnings (the texts above are theirs)", async () => {
    const client = await signedIn("user");
    const text = pageText((await client.get("/profile")).body);
    expect(text).toContain("Total earnings ₦0.00");
    expect(text).toContain("Earnings history No earnings yet. View adverts on your dashboard to start earning.");
  });
});
