import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotice } from "~/domain/notices/notices.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import { pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin, signInSuperAdmin } from "~test/sign-in";
import { createUser } from "~test/factories";

const SUPER_ADMIN = { email: "root@navigation.test", password: "navigation-test-super-admin-pw" };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN.email, SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password },
  });
});
afterAll(async () => app?.close());

const decode = (href: string) => href.replace(/&amp;/g, "&");

/** The part of the page from the first match of `start` to the next `end`. */
function part(html: string, start: RegExp, end: string): string {
  const from = html.search(start);
  expect(from, `${start} on the page`).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from));
}

const hrefsIn = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!));

/** The admin navigation's links (address, text, whether it is the current page), in order. */
function adminNav(html: string) {
  return [...part(html, /<nav[^>]*aria-label="Admin"/, "</nav>").matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map((m) => ({
    to: decode(/href="([^"]+)"/.exec(m[1]!)![1]!),
    label: m[2]!,
    current: m[1]!.includes('aria-current="page"'),
  }));
}

const EVERY_SCREEN = [
  ["/admin", "Dashboard"],
  ["/admin/users", "Users"],
  ["/admin/adverts", "Adverts"],
  ["/admin/advertisers", "Advertisers"],
  ["/admin/campaigns", "Campaigns"],
  ["/admin/withdrawals", "Withdrawals"],
  ["/admin/memberships", "Memberships"],
  ["/admin/referrals", "Referrals"],
  ["/admin/notices", "Notices"],
  ["/messages", "Messages"],
  ["/admin/settings", "Settings"],
  ["/admin/risk", "Linked Accounts"],
  ["/admin/audit", "Audit Log"],
] as const;

/** The screens each permission opens (their pages' guards), besides the dashboard and messages. */
const OPENS: Record<Permission, string[]> = {
  manage_users: ["/admin/users"],
  manage_adverts: ["/admin/adverts", "/admin/advertisers", "/admin/campaigns"],
  manage_settings: ["/admin/settings"],
  manage_withdrawals: ["/admin/withdrawals"],
  manage_memberships: ["/admin/memberships"],
  manage_notices: ["/admin/notices"],
  manage_referrals: ["/admin/referrals"],
  view_reports: ["/admin/audit"],
  review_risk: ["/admin/risk"],
};

describe("the super admin", () => {
  it("reaches the admin dashboard from /superadmin, and every quick action, card and nav link opens", async () => {
    const { client } = await signInSuperAdmin(app, SUPER_ADMIN);
    const home = await client.get("/superadmin");
    expect(home.status).toBe(200);
    expect(hrefsIn(part(home.body, /<main/, "</main>"))).toContain("/admin");

    const dashboard = await client.get("/admin");
    expect(dashboard.status).toBe(200);
    const quickActions = hrefsIn(part(dashboard.body, />Quick Actions</, "</section>"));
    // Every quick action, as for an admin holding every permission, in the navigation's order.
    expect(quickActions).toEqual([
      "/admin/users",
      "/admin/adverts",
      "/admin/advertisers",
      "/admin/campaigns",
      "/admin/withdrawals",
      "/admin/memberships",
      "/admin/referrals",
      "/admin/notices",
      "/admin/settings",
      "/admin/risk",
      "/admin/audit",
    ]);
    const cards = hrefsIn(part(dashboard.body, /aria-label="Statistics"/, "</section>"));
    expect(cards.length).toBeGreaterThanOrEqual(10);
    expect(adminNav(dashboard.body)).toEqual(
      EVERY_SCREEN.map(([to, label]) => ({ to, label, current: to === "/admin" })),
    );
    for (const to of new Set([...quickActions, ...cards, ...EVERY_SCREEN.map(([to]) => to)])) {
      const res = await client.get(to);
      expect({ to, status: res.status }).toEqual({ to, status: 200 });
    }
  });
});

describe("the admin navigation", () => {
  it("is on every admin page, with exactly the screens the admin's permissions open, the current one marked", async () => {
    for (const permission of PERMISSIONS) {
      const { client } = await signInAdmin(app, [permission]);
      const expected = EVERY_SCREEN.filter(
        ([to]) => to === "/admin" || to === "/messages" || OPENS[permission].includes(to),
      );
      for (const [to] of expected) {
        const res = await client.get(to);
        expect({ permission, to, status: res.status }).toEqual({ permission, to, status: 200 });
        if (to === "/messages") continue; // the staff's inbox, shared with members: no admin area there
        expect({ permission, to, nav: adminNav(res.body) }).toEqual({
          permission,
          to,
          nav: expected.map(([link, label]) => ({ to: link, label, current: link === to })),
        });
      }
    }
  });

  it("shows an admin without permissions only the dashboard and messages", async () => {
    const { client } = await signInAdmin(app, []);
    const nav = adminNav((await client.get("/admin")).body);
    expect(nav.map((link) => link.to)).toEqual(["/admin", "/messages"]);
  });

  it("marks Adverts as current on the new advert form", async () => {
    const { client } = await signInAdmin(app, ["manage_adverts"]);
    const nav = adminNav((await client.get("/admin/adverts/new")).body);
    expect(nav.filter((link) => link.current).map((link) => link.to)).toEqual(["/admin/adverts"]);
  });
});

describe("the member dashboard's Notice Board card", () => {
  it("says there is no notice, then shows the newest one for members with View all notices", async () => {
    const member = await createUser(app.services.db, { isApproved: true });
    const client = app.client();
    await client.login(member.email, member.password);
    const card = async () => {
      const res = await client.get("/dashboard");
      expect(res.status).toBe(200);
      return part(res.body, /data-testid="latest-notice-card"/, "</section>");
    };
    const empty = await card();
    expect(pageText(empty)).toContain("No notices available at the moment");
    expect(hrefsIn(empty)).toEqual(["/notices"]);

    const poster = await createUser(app.services.db, { role: "admin", permissions: ["manage_notices"] });
    const actor = { id: poster.id, role: poster.role, permissions: poster.permissions };
    const long = `Withdrawals are paid every Friday.\n\n${"Please check your bank details on your profile. ".repeat(10)}`;
    expect(
      await createNotice(app.services.db, actor, { title: "Friday payouts", content: long, audience: "user" }),
    ).toMatchObject({ status: "ok" });
    // Newer, but not for members: the card keeps the members' newest.
    await createNotice(app.services.db, actor, {
      title: "Staff only",
      content: "Admins meet at noon.",
      audience: "admin",
    });

    const shown = await card();
    const text = pageText(shown);
    expect(text).toContain("Friday payouts");
    expect(text).not.toContain("Staff only");
    expect(text).toContain(formatLagosDate(new Date())); // posted today
    const excerpt = /data-testid="latest-notice-excerpt">([^<]*)</.exec(shown)![1]!;
    expect(excerpt.startsWith("Withdrawals are paid every Friday. Please check")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(161);
    expect(hrefsIn(shown)).toEqual(["/notices"]);
    expect(pageText(shown)).toContain("View all notices");
  });
});
