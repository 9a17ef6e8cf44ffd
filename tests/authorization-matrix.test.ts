import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, upgradeRequests, users } from "~/db/schema";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import routeConfig from "../app/routes";
import { pageText, startTestApp, type HttpClient, type HttpResponse, type TestApp } from "./support/app";
import { approvedAdvertiser, createUser } from "./support/factories";
import { declaredPaths } from "./support/routes";
import { signIn } from "./support/sign-in";

/**
 * Who may open which page (signed out, member, admin by permission, super admin), as data.
 * Every path in app/routes.ts must have exactly one row here; the first test fails otherwise.
 * `POST /adverts/:advertId/claim` is served outside React Router (server/advert-claim.ts): its
 * guards (signed out, admin, forged origin) are tested in tests/http/member-adverts.test.ts.
 * `GET /images/:id` (server/advert-images.ts) is public, as any image: tests/http/advert-images.test.ts.
 */
type Rule =
  /** Anyone, signed in or not. */
  | { kind: "public" }
  /** Landing, login, register: signed-in people are sent to their home. */
  | { kind: "signed-out-only" }
  /**
   * A step of signing in after the password, or the second factor's re-check: with none to take,
   * a signed-in person is sent home and anyone else to /login (tests/http/second-factor.test.ts
   * opens them mid-sign-in).
   */
  | { kind: "sign-in-step"; staff?: 200 }
  /** A GET only redirects (the route exists for its POST action). */
  | { kind: "redirect"; to: string }
  /** Any signed-in person but an advertiser (sent to their own area). */
  | { kind: "user" }
  /** Any signed-in person, advertisers included (messages: an advertiser writes to support). */
  | { kind: "signed-in" }
  /** Whoever is paid from a balance: members and advertisers; staff are sent to their home. */
  | { kind: "payee" }
  /**
   * /dashboard and member pages: users only; admins go to /admin, the super admin to /superadmin.
   * With `memberRedirect`, a member is sent there too (a page for something they have not got,
   * such as an advert view they never started: requested with a made-up id, see SAMPLE_PARAMS).
   */
  | { kind: "user-dashboard"; memberRedirect?: string }
  /**
   * Admin area: non-admins go to /dashboard; an admin without the permission gets 403. With
   * `allowedStatus`, what a permitted admin gets past every guard when it is not 200.
   */
  | { kind: "admin"; permission?: Permission; denied?: string; allowedStatus?: 404 | 405 }
  /** Super admin only: admins go to /admin, users to /dashboard. */
  | { kind: "super-admin" }
  /**
   * The advertiser area: advertisers only; everyone else is sent home (signed out: /login). With
   * `advertiserStatus`, what an advertiser gets when it is not 200 (a made-up campaign: 404).
   */
  | { kind: "advertiser"; advertiserStatus?: 404 | 405 };

const DENIED = "Access Denied.";

const ROUTE_MATRIX: Record<string, Rule> = {
  "/": { kind: "signed-out-only" },
  "/login": { kind: "signed-out-only" },
  "/login/verify": { kind: "sign-in-step" },
  // Staff (enrolled when they signed in) get the page's "it is on: Continue"; others go home.
  "/login/enrol": { kind: "sign-in-step", staff: 200 },
  "/login/confirm": { kind: "sign-in-step" },
  // The passkey sign-in is a POST from the verify page's script; a GET goes back to that page.
  "/login/passkey": { kind: "redirect", to: "/login/verify" },
  "/register": { kind: "signed-out-only" },
  "/advertise": { kind: "signed-out-only" },
  "/logout": { kind: "redirect", to: "/" },
  "/confirm-email": { kind: "public" },
  "/resend-confirmation": { kind: "redirect", to: "/login" },
  "/forgot-password": { kind: "public" },
  "/reset-password": { kind: "public" },
  "/help": { kind: "public" },
  "/terms": { kind: "public" },
  "/privacy": { kind: "public" },
  "/contact": { kind: "public" },

  "/dashboard": { kind: "user-dashboard" },
  "/profile": { kind: "user" },
  // Each profile form's own route (its action); a GET shows the profile page.
  "/profile/name": { kind: "user" },
  "/profile/password": { kind: "user" },
  "/profile/bank-details": { kind: "user" },
  "/profile/withdraw": { kind: "user" },
  // The upgrade page (the request form's route) and the cancel form's route, whose GET shows the page.
  "/membership/upgrade": { kind: "user-dashboard" },
  "/membership/upgrade/cancel": { kind: "user-dashboard" },
  "/membership/upgrade/pay": { kind: "user-dashboard" },
  // Paystack's return page: without a payment of the member's, back to the dashboard.
  "/membership/upgrade/paid": { kind: "user-dashboard", memberRedirect: "/dashboard" },
  // The bank-details-changed mail's link: GET shows the button, POST freezes.
  "/payouts/freeze": { kind: "payee" },
  "/messages": { kind: "signed-in" },
  // Two-step verification for members and staff; each form's route shows the page on a GET.
  "/security": { kind: "user" },
  "/security/turn-on": { kind: "user" },
  "/security/recovery-codes": { kind: "user" },
  "/security/turn-off": { kind: "user" },
  // Passkeys are added by the page's script (POST); a GET goes to the page.
  "/security/passkeys": { kind: "redirect", to: "/security" },
  "/notices": { kind: "user" },
  // Only members refer: staff are sent to their own home.
  "/referrals": { kind: "user-dashboard" },
  "/statement": { kind: "user-dashboard" },
  // The CSV is a POST; a member's GET goes to the statement and downloads nothing.
  "/statement/csv": { kind: "user-dashboard", memberRedirect: "/statement" },
  "/adverts/:advertId": { kind: "user-dashboard", memberRedirect: "/dashboard" },

  // The advertiser's payouts, and the route of each of its forms (a GET shows the page).
  "/advertiser/payouts": { kind: "advertiser" },
  "/advertiser/payouts/bank-details": { kind: "advertiser" },
  "/advertiser/payouts/withdraw": { kind: "advertiser" },

  "/admin": { kind: "admin" },
  "/admin/adverts": { kind: "admin", permission: "manage_adverts" },
  "/admin/adverts/new": { kind: "admin", permission: "manage_adverts" },
  // The delete decision's route (its action); a GET shows the page.
  "/admin/adverts/delete": { kind: "admin", permission: "manage_adverts" },
  // Campaigns, and the route of each of its decision forms (a GET shows the page).
  "/admin/campaigns": { kind: "admin", permission: "manage_adverts" },
  "/admin/campaigns/activate": { kind: "admin", permission: "manage_adverts" },
  "/admin/campaigns/reject": { kind: "admin", permission: "manage_adverts" },
  "/admin/campaigns/confirm-payment": { kind: "admin", permission: "manage_adverts" },
  "/admin/users": {
    kind: "admin",
    permission: "manage_users",
    denied: "Access Denied. You do not have permission to manage users.",
  },
  // A member's page: a made-up member is not found.
  "/admin/users/:userId": {
    kind: "admin",
    permission: "manage_users",
    denied: "Access Denied. You do not have permission to manage users.",
    allowedStatus: 404,
  },
  // Release a member's frozen payouts: a POST from the member's page; a GET past the guards, 405.
  "/admin/users/:userId/release-payouts": {
    kind: "admin",
    permission: "manage_users",
    denied: "Access Denied. You do not have permission to manage users.",
    allowedStatus: 405,
  },
  "/admin/risk": {
    kind: "admin",
    permission: "review_risk",
    denied: "Access Denied. You do not have permission to review linked accounts.",
  },
  // The decision's route (its action); a GET shows the review page.
  "/admin/risk/decide": {
    kind: "admin",
    permission: "review_risk",
    denied: "Access Denied. You do not have permission to review linked accounts.",
  },
  "/admin/settings": { kind: "admin", permission: "manage_settings" },
  // Each settings form's own route (its action); a GET shows the settings page.
  "/admin/settings/branding": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/limits": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/fee": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/auto-payout": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/linked-accounts": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/withdrawals": { kind: "admin", permission: "manage_settings" },
  "/admin/settings/support": { kind: "admin", permission: "manage_settings" },
  "/admin/notices": { kind: "admin", permission: "manage_notices" },
  "/admin/referrals": { kind: "admin", permission: "manage_referrals" },
  // The routes of the referral page's forms (the reward rule; Release or Void): a GET shows the page.
  "/admin/referrals/settings": { kind: "admin", permission: "manage_referrals" },
  "/admin/referrals/review": { kind: "admin", permission: "manage_referrals" },
  "/admin/withdrawals": {
    kind: "admin",
    permission: "manage_withdrawals",
    denied: "Access Denied. You do not have permission to manage withdrawals.",
  },
  "/admin/withdrawals/export.csv": {
    kind: "admin",
    permission: "manage_withdrawals",
    denied: "Access Denied. You do not have permission to manage withdrawals.",
    // Payout files are downloaded with a POST (a new batch is a state change, every download is
    // audited): a GET past the guards changes nothing and answers 405.
    allowedStatus: 405,
  },
  "/admin/withdrawals/pay": {
    kind: "admin",
    permission: "manage_withdrawals",
    denied: "Access Denied. You do not have permission to manage withdrawals.",
    // Paying is a POST (Pay via Paystack on Withdrawal Requests): a GET changes nothing, 405.
    allowedStatus: 405,
  },
  "/admin/reports/daily.csv": {
    kind: "admin",
    permission: "view_reports",
    denied: "Access Denied. You do not have permission to view reports.",
    // The daily report is downloaded with a POST (every download is audited): a GET past the
    // guards changes nothing and answers 405.
    allowedStatus: 405,
  },
  "/admin/memberships": { kind: "admin", permission: "manage_memberships" },
  // The tier benefits form's own route (its action); a GET shows the memberships page.
  "/admin/memberships/benefits": { kind: "admin", permission: "manage_memberships" },
  "/admin/audit": { kind: "admin", permission: "view_reports" },
  "/admin/reconciliation": { kind: "admin", permission: "manage_withdrawals" },
  // The Mark resolved form's own route (its action); a GET shows the reconciliation page.
  "/admin/reconciliation/resolve": { kind: "admin", permission: "manage_withdrawals" },
  // The Refund form's own route (its action; 404 with online payments off); a GET shows the page.
  "/admin/reconciliation/refund": { kind: "admin", permission: "manage_withdrawals" },
  "/admin/advertisers": {
    kind: "admin",
    permission: "manage_adverts",
    denied: "Access Denied. You do not have permission to manage advertisers.",
  },
  // The route of each of its decision forms (a GET shows the page).
  "/admin/advertisers/approve": {
    kind: "admin",
    permission: "manage_adverts",
    denied: "Access Denied. You do not have permission to manage advertisers.",
  },
  "/admin/advertisers/reject": {
    kind: "admin",
    permission: "manage_adverts",
    denied: "Access Denied. You do not have permission to manage advertisers.",
  },
  "/admin/advertisers/restriction": {
    kind: "admin",
    permission: "manage_adverts",
    denied: "Access Denied. You do not have permission to manage advertisers.",
  },

  "/superadmin": { kind: "super-admin" },

  "/advertiser": { kind: "advertiser" },
  "/advertiser/campaigns": { kind: "advertiser" },
  // Only the owner's campaign: a made-up (or another advertiser's) campaign is not found.
  "/advertiser/campaigns/:campaignId": { kind: "advertiser", advertiserStatus: 404 },
  "/advertiser/campaigns/:campaignId/report.csv": { kind: "advertiser", advertiserStatus: 404 },
  "/advertiser/campaigns/:campaignId/paid": { kind: "advertiser", advertiserStatus: 404 },
};

const PERSONAS = [
  "anonymous",
  "pending user",
  "approved user",
  "restricted user",
  "admin without the permission",
  "admin with the permission",
  "super admin",
  "advertiser",
] as const;
type Persona = (typeof PERSONAS)[number];

type Expected = { status: 200 | 404 | 405 } | { status: 302; location: string } | { status: 403; message: string };

const HOME: Record<Persona, string | null> = {
  anonymous: null,
  "restricted user": null, // the session stops working: treated as signed out
  "pending user": "/dashboard",
  "approved user": "/dashboard",
  "admin without the permission": "/admin",
  "admin with the permission": "/admin",
  "super admin": "/superadmin",
  advertiser: "/advertiser",
};

function expectedOutcome(rule: Rule, persona: Persona): Expected {
  const home = HOME[persona];
  const ok = { status: 200 } as const;
  const to = (location: string) => ({ status: 302, location }) as const;
  switch (rule.kind) {
    case "public":
      return ok;
    case "redirect":
      return to(rule.to);
    case "signed-out-only":
      return home ? to(home) : ok;
    case "sign-in-step":
      if (rule.staff && (home === "/admin" || home === "/superadmin")) return ok;
      return to(home ?? "/login");
    case "user":
      if (home === "/advertiser") return to(home);
      return home ? ok : to("/login");
    case "signed-in":
      return home ? ok : to("/login");
    case "payee":
      if (home === "/admin" || home === "/superadmin") return to(home);
      return home ? ok : to("/login");
    case "user-dashboard":
      if (home === "/dashboard") return rule.memberRedirect ? to(rule.memberRedirect) : ok;
      return to(home ?? "/login");
    case "admin":
      if (!home) return to("/login");
      if (home === "/dashboard" || home === "/advertiser") return to(home);
      if (persona === "admin without the permission" && rule.permission) {
        return { status: 403, message: rule.denied ?? DENIED };
      }
      return rule.allowedStatus ? { status: rule.allowedStatus } : ok;
    case "super-admin":
      if (!home) return to("/login");
      return home === "/superadmin" ? ok : to(home);
    case "advertiser":
      if (!home) return to("/login");
      if (home !== "/advertiser") return to(home);
      return rule.advertiserStatus ? { status: rule.advertiserStatus } : ok;
  }
}

/**
 * Made-up values for path parameters: ids that exist nowhere, in the shape of a real id
 * (21 URL-safe characters), so the request reaches the guard and then the lookup.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  advertId: "MadeUpAdvertId_000001",
  campaignId: "MadeUpCampaignId_00001",
  userId: "MadeUpUserId_000000001",
};

/** The URL requested for a matrix path: each `:param` replaced with its made-up value. */
function requestPath(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (value === undefined) throw new Error(`no SAMPLE_PARAMS value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

const CASES = Object.entries(ROUTE_MATRIX).flatMap(([path, rule]) =>
  PERSONAS.map((persona) => {
    const expected = expectedOutcome(rule, persona);
    const outcome =
      expected.status === 302 ? `302 → ${expected.location}` : expected.status === 403 ? "403 Access Denied" : "200";
    return { path, rule, persona, expected, name: `GET ${path} as ${persona} → ${outcome}` };
  }),
);

const ADMIN_ROUTES = Object.entries(ROUTE_MATRIX).filter(
  ([, rule]) => rule.kind === "admin" || rule.kind === "super-admin",
);

const ROOT = { email: "root@adnaira.test", password: "matrix-super-admin-password" };
let app: TestApp;
let ipCounter = 0;
const sessions = new Map<string, HttpClient>();
let restrictedUser: Awaited<ReturnType<typeof createUser>>;

/**
 * The app trusts one proxy hop here (TRUST_PROXY=1), so each sign-in can come from its own
 * X-Forwarded-For address and stay under the per-IP login limit.
 */
function ownAddress() {
  ipCounter++;
  return `10.9.${ipCounter >> 8}.${ipCounter & 255}`;
}

async function setRestricted(userId: string, isRestricted: boolean) {
  await app.services.db.update(users).set({ isRestricted }).where(eq(users.id, userId));
}

/** A session that worked a moment ago, for a user who has just been restricted. */
async function freshlyRestrictedClient(): Promise<HttpClient> {
  await setRestricted(restrictedUser.id, false);
  const client = await signIn(app, restrictedUser, { ip: ownAddress() });
  await setRestricted(restrictedUser.id, true);
  return client;
}

function adminKey(permissions: readonly Permission[]) {
  return `admin:${[...permissions].sort().join(",")}`;
}

/** The admin personas for a rule: with the route's permission only / with every other permission. */
function adminPermissions(rule: Rule, persona: "admin without the permission" | "admin with the permission") {
  const permission = rule.kind === "admin" ? rule.permission : undefined;
  if (!permission) return persona === "admin with the permission" ? [...PERMISSIONS] : [];
  return persona === "admin with the permission" ? [permission] : PERMISSIONS.filter((p) => p !== permission);
}

async function clientFor(persona: Persona, rule: Rule): Promise<HttpClient> {
  switch (persona) {
    case "anonymous":
      return app.client();
    case "restricted user":
      return freshlyRestrictedClient();
    case "admin without the permission":
    case "admin with the permission":
      return sessions.get(adminKey(adminPermissions(rule, persona)))!;
    default:
      return sessions.get(persona)!;
  }
}

function assertOutcome(res: HttpResponse, expected: Expected) {
  const text = pageText(res.body);
  if (expected.status === 302) {
    expect({ status: res.status, location: res.location }).toEqual({ status: 302, location: expected.location });
  } else if (expected.status === 403) {
    expect(res.status).toBe(403);
    expect(text).toContain("Access Denied");
    expect(text).toContain(expected.message);
  } else {
    expect({ status: res.status, location: res.location }).toEqual({ status: expected.status, location: null });
    expect(text).not.toContain("Access Denied");
  }
}

beforeAll(async () => {
  app = await startTestApp({
    env: {
      TRUST_PROXY: "1",
      SUPER_ADMIN_EMAIL: ROOT.email,
      SUPER_ADMIN_PASSWORD: ROOT.password,
    },
  });
  const db = app.services.db;
  const pending = await createUser(db, { name: "Pending Pat", isApproved: false });
  const approved = await createUser(db, { name: "Approved Ada", isApproved: true });
  restrictedUser = await createUser(db, { name: "Restricted Rita", isApproved: true });
  sessions.set("pending user", await signIn(app, pending, { ip: ownAddress() }));
  sessions.set("approved user", await signIn(app, approved, { ip: ownAddress() }));
  sessions.set("super admin", await signIn(app, ROOT, { ip: ownAddress() }));
  const advertiser = await approvedAdvertiser(db, { name: "Advertiser Abu" });
  sessions.set("advertiser", await signIn(app, advertiser, { ip: ownAddress() }));

  const adminSets = new Map<string, readonly Permission[]>();
  for (const rule of Object.values(ROUTE_MATRIX)) {
    for (const persona of ["admin without the permission", "admin with the permission"] as const) {
      const permissions = adminPermissions(rule, persona);
      adminSets.set(adminKey(permissions), permissions);
    }
  }
  for (const [key, permissions] of adminSets) {
    const admin = await createUser(db, { role: "admin", name: `Admin ${key}`, permissions });
    sessions.set(key, await signIn(app, admin, { ip: ownAddress() }));
  }
});
afterAll(async () => app?.close());

describe("route table", () => {
  it("has exactly one matrix row for every path in app/routes.ts", () => {
    const declared = declaredPaths(routeConfig).filter((path) => path !== "/*");
    const missing = declared.filter((path) => !(path in ROUTE_MATRIX));
    const stale = Object.keys(ROUTE_MATRIX).filter((path) => !declared.includes(path));
    expect(missing, "routes with no access rule in ROUTE_MATRIX").toEqual([]);
    expect(stale, "ROUTE_MATRIX rows for paths that are no longer routes").toEqual([]);
    expect(new Set(declared).size, "a path is declared twice in app/routes.ts").toBe(declared.length);
  });

  it("keeps the catch-all last", () => {
    expect(declaredPaths(routeConfig).at(-1)).toBe("/*");
  });
});

describe("GET access by persona", () => {
  it.each(CASES)("$name", async ({ path, rule, persona, expected }) => {
    const client = await clientFor(persona, rule);
    assertOutcome(await client.get(requestPath(path)), expected);
  });
});

describe("restriction ends a live session", () => {
  it("treats the next request of a just-restricted user as signed out, and keeps it so", async () => {
    await setRestricted(restrictedUser.id, false);
    const client = await signIn(app, restrictedUser, { ip: ownAddress() });
    expect((await client.get("/profile")).status).toBe(200);
    await setRestricted(restrictedUser.id, true);
    const next = await client.get("/profile");
    expect({ status: next.status, location: next.location }).toEqual({ status: 302, location: "/login" });
    // Lifting the restriction does not bring the old session back.
    await setRestricted(restrictedUser.id, false);
    const later = await client.get("/profile");
    expect({ status: later.status, location: later.location }).toEqual({ status: 302, location: "/login" });
    await setRestricted(restrictedUser.id, true);
  });
});

describe("admin actions", () => {
  const posters = ["anonymous", "pending user", "approved user", "advertiser", "admin without the permission"] as const;
  const cases = ADMIN_ROUTES.flatMap(([path, rule]) =>
    posters
      .filter(
        (persona) =>
          persona !== "admin without the permission" ||
          (rule.kind === "admin" && rule.permission) ||
          rule.kind === "super-admin",
      )
      .map((persona) => ({ path, rule, persona, name: `POST ${path} as ${persona} does not succeed` })),
  );

  it.each(cases)("$name", async ({ path, rule, persona }) => {
    const client = await clientFor(persona, rule);
    const res = await client.post(requestPath(path), { intent: "create", name: "x", title: "x", amount: "1" });
    expect(res.status, pageText(res.body).slice(0, 200)).not.toBe(200);
    if (res.status === 302) {
      expect(["/login", "/dashboard", "/admin", "/advertiser"]).toContain(res.location);
    } else {
      expect([403, 405]).toContain(res.status);
    }
  });
});

/**
 * The real intents of admin pages' actions, as data: who may post each. Signed-out and member
 * posts are sent away, an admin without the permission gets 403, and an admin with it or the
 * super admin gets past every guard to the action itself, which refuses the empty or made-up
 * values posted here (`allowed`, or a redirect to `location`) so that nothing changes.
 */
const INTENT_MATRIX: {
  path: string;
  intent: string;
  permission: Permission;
  fields: Record<string, string>;
  allowed: 302 | 400 | 404 | 409;
  location?: string;
}[] = [
  { path: "/admin/memberships", intent: "update-prices", permission: "manage_memberships", fields: {}, allowed: 400 },
  {
    path: "/admin/memberships",
    intent: "update-receiving-account",
    permission: "manage_memberships",
    fields: { bankCode: "", accountNumber: "", accountName: "" },
    allowed: 400,
  },
  {
    path: "/admin/memberships",
    intent: "approve",
    permission: "manage_memberships",
    fields: { requestId: "MadeUpUpgradeId_000001" },
    allowed: 404,
  },
  {
    path: "/admin/memberships",
    intent: "reject",
    permission: "manage_memberships",
    fields: { requestId: "MadeUpUpgradeId_000001" },
    allowed: 404,
  },
  {
    path: "/admin/referrals/review",
    intent: "release",
    permission: "manage_referrals",
    fields: { referralId: "no-such-referral" },
    allowed: 404,
  },
  {
    path: "/admin/referrals/review",
    intent: "void",
    permission: "manage_referrals",
    fields: { referralId: "no-such-referral" },
    allowed: 404,
  },
  // Blank fields: refused next to them (400); an unknown notice: 404. Nothing is written either way.
  {
    path: "/admin/notices",
    intent: "create",
    permission: "manage_notices",
    fields: { title: "", content: "", audience: "all" },
    allowed: 400,
  },
  {
    path: "/admin/notices",
    intent: "update",
    permission: "manage_notices",
    fields: {
      noticeId: "MadeUpNoticeId_000001",
      title: "Title",
      content: "Content",
      audience: "all",
      updatedAt: "2026-01-01T00:00:00.000Z",
    },
    allowed: 404,
  },
  {
    path: "/admin/notices",
    intent: "delete",
    permission: "manage_notices",
    fields: { noticeId: "MadeUpNoticeId_000001" },
    allowed: 404,
  },
  // Restricting an advertiser: a made-up id is not an advertiser (404); nothing changes.
  {
    path: "/admin/advertisers/restriction",
    intent: "restrict",
    permission: "manage_adverts",
    fields: { userId: "MadeUpAdvertiserId_001" },
    allowed: 404,
  },
  {
    path: "/admin/advertisers/restriction",
    intent: "unrestrict",
    permission: "manage_adverts",
    fields: { userId: "MadeUpAdvertiserId_001" },
    allowed: 404,
  },
  // Approving or rejecting a made-up advertiser: refused (409, or back to the list); nothing changes.
  {
    path: "/admin/advertisers/approve",
    intent: "approve",
    permission: "manage_adverts",
    fields: { userId: "MadeUpAdvertiserId_001" },
    allowed: 409,
  },
  {
    path: "/admin/advertisers/reject",
    intent: "reject",
    permission: "manage_adverts",
    fields: { userId: "MadeUpAdvertiserId_001", reason: "No" },
    allowed: 302,
    location: "/admin/advertisers",
  },
  // Deleting a made-up advert: 409; nothing is written.
  {
    path: "/admin/adverts/delete",
    intent: "delete",
    permission: "manage_adverts",
    fields: { advertId: "MadeUpAdvertId_000001" },
    allowed: 409,
  },
  // The campaign decisions on a made-up campaign or reference: not found; nothing moves.
  {
    path: "/admin/campaigns/activate",
    intent: "activate",
    permission: "manage_adverts",
    fields: { campaignId: "MadeUpCampaignId_00001" },
    allowed: 404,
  },
  {
    path: "/admin/campaigns/reject",
    intent: "reject",
    permission: "manage_adverts",
    fields: { campaignId: "MadeUpCampaignId_00001", reason: "No" },
    allowed: 404,
  },
  {
    path: "/admin/campaigns/confirm-payment",
    intent: "confirm-payment",
    permission: "manage_adverts",
    fields: { reference: "CMP-MADEUP00" },
    allowed: 302,
    location: "/admin/campaigns?reference=CMP-MADEUP00",
  },
  // Marking a made-up reconciliation entry resolved: not found; nothing is written.
  {
    path: "/admin/reconciliation/resolve",
    intent: "resolve",
    permission: "manage_withdrawals",
    fields: { kind: "unknown-reference", key: "MadeUpEventId_000001", note: "Checked" },
    allowed: 404,
  },
  // Refunding with online payments off: not found; nothing is sent or written.
  {
    path: "/admin/reconciliation/refund",
    intent: "refund",
    permission: "manage_withdrawals",
    fields: { reference: "UPG-MADEUP00", reason: "Checked" },
    allowed: 404,
  },
  // The daily report's download (its one action): To before From is refused, back to /admin with
  // an error toast; nothing is downloaded or audited.
  {
    path: "/admin/reports/daily.csv",
    intent: "download",
    permission: "view_reports",
    fields: { from: "2026-02-02", to: "2026-02-01" },
    allowed: 302,
    location: "/admin",
  },
];

describe("admin intents", () => {
  const cases = INTENT_MATRIX.flatMap((row) =>
    PERSONAS.filter((persona) => persona !== "restricted user").map((persona) => ({
      ...row,
      persona,
      name: `POST ${row.path} intent=${row.intent} as ${persona}`,
    })),
  );

  it.each(cases)("$name", async ({ path, intent, permission, fields, allowed, location, persona }) => {
    const rule: Rule = { kind: "admin", permission };
    const client = await clientFor(persona, rule);
    const res = await client.post(path, { intent, ...fields });
    const outcome = { status: res.status, location: res.location };
    switch (persona) {
      case "anonymous":
        return expect(outcome).toEqual({ status: 302, location: "/login" });
      case "pending user":
      case "approved user":
        return expect(outcome).toEqual({ status: 302, location: "/dashboard" });
      case "advertiser":
        return expect(outcome).toEqual({ status: 302, location: "/advertiser" });
      case "admin without the permission":
        expect(res.status).toBe(403);
        return expect(pageText(res.body)).toContain(DENIED);
      default:
        return expect(outcome).toEqual({ status: allowed, location: location ?? null });
    }
  });
});

describe("member upgrade actions", () => {
  // Members only: anyone else is sent away before anything is read, and nothing is written.
  const posts: { path: string; fields: Record<string, string> }[] = [
    { path: "/membership/upgrade", fields: { tierId: "bronze", method: "bank_transfer" } },
    { path: "/membership/upgrade/cancel", fields: { requestId: "MadeUpRequestId_00001" } },
    { path: "/membership/upgrade/pay", fields: { requestId: "MadeUpRequestId_00001" } },
    { path: "/membership/upgrade/paid", fields: { reference: "UPG-MADEUP00" } },
  ];
  const personas = ["anonymous", "restricted user", "admin with the permission", "super admin", "advertiser"] as const;
  const cases = posts.flatMap((post) =>
    personas.map((persona) => ({
      ...post,
      persona,
      name: `POST ${post.path} as ${persona} → ${HOME[persona] ?? "/login"}`,
    })),
  );

  it.each(cases)("$name", async ({ path, fields, persona }) => {
    const client = await clientFor(persona, { kind: "admin" });
    const before = await app.services.db.$count(upgradeRequests);
    const res = await client.post(path, fields);
    expect({ status: res.status, location: res.location }).toEqual({
      status: 302,
      location: HOME[persona] ?? "/login",
    });
    expect(await app.services.db.$count(upgradeRequests)).toBe(before);
  });

  it("a pending member's request is refused (403) and writes nothing", async () => {
    const res = await sessions
      .get("pending user")!
      .post("/membership/upgrade", { tierId: "bronze", method: "balance" });
    expect(res.status).toBe(403);
    expect(pageText(res.body)).toContain("Your account must be approved and not restricted to upgrade.");
    expect(await app.services.db.$count(upgradeRequests)).toBe(0);
  });
});

describe("message actions", () => {
  // Any signed-in account may send and mark read; signed out (or restricted, whose session has
  // ended) is sent to /login before anything is read, and nothing is written.
  const posts: { intent: string; fields: Record<string, string>; allowed: 400 | 200 }[] = [
    // Blank fields: past the guard, the form refuses (400) and nothing is stored.
    { intent: "send", fields: { recipientId: "", content: "" }, allowed: 400 },
    { intent: "mark-read", fields: { id: "MadeUpMessageId_00001" }, allowed: 200 },
  ];
  const cases = posts.flatMap((post) =>
    PERSONAS.map((persona) => ({
      ...post,
      persona,
      name: `POST /messages intent=${post.intent} as ${persona} → ${HOME[persona] ? post.allowed : "/login"}`,
    })),
  );

  it.each(cases)("$name", async ({ intent, fields, allowed, persona }) => {
    const client = await clientFor(persona, { kind: "signed-in" });
    const before = await app.services.db.$count(messages);
    const res = await client.post("/messages", { intent, ...fields });
    const outcome = { status: res.status, location: res.location };
    if (HOME[persona]) expect(outcome).toEqual({ status: allowed, location: null });
    else expect(outcome).toEqual({ status: 302, location: "/login" });
    expect(await app.services.db.$count(messages)).toBe(before);
  });
});
