import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin, signInMember, signInSuperAdmin } from "~test/sign-in";

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

const signIns = {
  user: () => signInMember(app),
  admin: () => signInAdmin(app),
  super_admin: () => signInSuperAdmin(app, ROOT),
};

describe("pages staff share with members", () => {
  it.each(["admin", "super_admin"] as const)(
    "say nothing member-only to %s on /profile, /messages and /notices",
    async (role) => {
      const { client } = await signIns[role]();
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
    const { client } = await signInMember(app);
    const text = pageText((await client.get("/profile")).body);
    expect(text).toContain("Total earnings ₦0.00");
    expect(text).toContain(
      "Earnings history Your advert and referral rewards, newest first. No earnings yet. View adverts on your dashboard to start earning.",
    );
  });
});
