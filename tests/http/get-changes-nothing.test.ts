import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueEmailToken } from "~/domain/accounts/email-tokens.server";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { createNotice } from "~/domain/notices/notices.server";
import type { Actor } from "~/domain/audit/audit.server";
import { sendMessage } from "~/domain/messages/send-message.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { moderateUser } from "~/domain/users/moderate-user.server";
import { USER_FILTERS } from "~/domain/users/user-filters";
import { WITHDRAWAL_STATUSES } from "~/domain/withdrawals/lifecycle";
import { exportNewPayouts } from "~/domain/withdrawals/payout-export.server";
import { startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { submitCampaignForPayment } from "~/domain/campaigns/pay-campaign.server";
import {
  advertAdmin,
  approvedAdvertiser,
  campaignInput,
  createUser,
  formKey,
  payee,
  postAdvert,
  runningCampaign,
} from "~test/factories";
import { changedTables, databaseSnapshots, type IgnoredColumns } from "~test/database-snapshot";
import { type HttpClient, startTestApp, type TestApp } from "~test/app";
import { dataRequestUrl, declaredRoutes } from "~test/routes";
import { signIn } from "~test/sign-in";
import { claimAnswering } from "~test/claims";

/**
 * A GET changes nothing: any page on the web can make a signed-in browser send one
 * (a link, an image, a top-level navigation carry SameSite=Lax cookies), and so can a logo URL
 * set by one admin and loaded by every other. For every route in app/routes.ts, as every kind
 * of person, the GETs a browser makes — the document and React Router's `.data` request, with
 * the query parameters the pages use and real ids in dynamic segments — leave every table of
 * the database (audit log included) as it was: same row counts, same content checksums.
 */

/**
 * The one write a GET may make: the sliding expiry of the session making it (at most every 5
 * minutes, app/domain/sessions/sessions.server.ts) moves these columns of its own row. Nothing
 * else of the session row and no other table is exempt.
 */
const SESSION_HOUSEKEEPING: IgnoredColumns = {
  sessions: ["last_seen_at", "idle_expires_at", "updated_at"],
};

type Fixture = {
  advertId: string;
  batch: string;
  referralCode: string;
  confirmToken: string;
  resetToken: string;
  auditActorId: string;
  memberName: string;
  noticeId: string;
  /** A business waiting for approval, and a campaign awaiting its payment. */
  advertiserId: string;
  campaignReference: string;
  campaignId: string;
  /** A member with audit entries about them (restricted by an admin): their page for admins. */
  memberId: string;
};

/** Real values for dynamic segments; a new `:param` in app/routes.ts needs one here. */
const PARAMS: Record<string, (f: Fixture) => string> = {
  advertId: (f) => f.advertId,
  campaignId: (f) => f.campaignId,
  userId: (f) => f.memberId,
};

/**
 * The query strings the pages themselves put in links and forms (besides none at all), per
 * route. A route module that reads its URL's search parameters must have an entry.
 */
const QUERIES: Record<string, (f: Fixture) => string[]> = {
  "/register": (f) => [`?ref=${f.referralCode}`],
  "/confirm-email": (f) => [`?token=${f.confirmToken}`, "?token=not-a-real-token"],
  "/reset-password": (f) => [`?token=${f.resetToken}`, "?token=not-a-real-token"],
  // The re-check's page after a wrong code (with nothing kept to confirm, it sends home).
  "/login/confirm": () => ["?error=wrong-code"],
  "/adverts/:advertId": () => ["?early=1"],
  "/referrals": () => ["?page=2", "?period=month", "?period=year&page=2", "?period=nonsense"],
  // An older page (a cursor past every message) and a Reply link; the unread messages stay unread.
  "/messages": () => ["?before=9999999999999999.zzzz", "?to=U2345ABCD"],
  "/notices": () => ["?page=2"],
  // The member's statement, a later page (its CSV is a POST).
  "/statement": () => ["?page=2", "?page=999"],
  // Top Performers tabs, and a period the page does not know (read as the week).
  "/admin": () => ["?period=week", "?period=month", "?period=year", "?period=decade"],
  // The page, the edit dialog, and a link from before campaigns had their own page (a redirect).
  "/admin/adverts": (f) => ["?page=2", `?edit=${f.advertId}`, "?campaigns=active"],
  // A filter and page, the reject dialog of a running campaign, and a payment reference looked up.
  "/admin/campaigns": (f) => [
    "?status=active&page=2",
    `?status=active&reject=${f.campaignId}`,
    `?reference=${f.campaignReference}`,
  ],
  "/admin/adverts/new": () => ["?page=2"],
  "/admin/users": (f) => [
    `?filter=${USER_FILTERS[1]}`,
    `?q=${encodeURIComponent(f.memberName)}&filter=${USER_FILTERS.at(-1)}&page=2`,
  ],
  "/admin/withdrawals": (f) => [
    `?status=${WITHDRAWAL_STATUSES[1]}`,
    `?q=${f.batch}&status=${WITHDRAWAL_STATUSES[0]}&page=2`,
  ],
  "/admin/withdrawals/export.csv": (f) => [`?batch=${f.batch}`],
  // The daily report reads no query; a range in the URL still downloads (and audits) nothing.
  "/admin/reports/daily.csv": () => ["?from=2026-11-01&to=2026-11-26"],
  "/admin/referrals": (f) => ["?status=approved", `?q=${encodeURIComponent(f.memberName)}&status=pending&page=2`],
  "/admin/memberships": (f) => [`?q=${encodeURIComponent(f.memberName)}&page=2`],
  "/admin/notices": (f) => ["?page=2", `?edit=${f.noticeId}`, `?delete=${f.noticeId}`],
  // The cancel confirmation a campaign page shows without JavaScript: asking cancels nothing.
  "/advertiser/campaigns/:campaignId": () => ["?confirm=cancel"],
  // Paystack's return pages (a GET only shows; "Check payment" is a POST). Their GETs with a real
  // attempt are in tests/http/paystack-collections.test.ts.
  "/membership/upgrade/paid": () => ["?trxref=UPG-NOTREAL0&reference=UPG-NOTREAL0", "?checked=1&reference=x"],
  "/advertiser/campaigns/:campaignId/paid": (f) => [`?reference=${f.campaignReference}`],
  // A member's page for admins: each list's own page, and a page number it does not understand.
  "/admin/users/:userId": () => ["?statement=2&referrals=2&withdrawals=2&upgrades=2&audit=2", "?audit=nonsense"],
  "/admin/audit": (f) => [`?actor=${f.auditActorId}&action=withdrawal.export_payouts`, "?page=2"],
  // Filters and search, the approve, restrict and unrestrict questions, the reject dialog, and a
  // payment lookup from before campaigns had their own page (a redirect).
  "/admin/advertisers": (f) => [
    "?status=all&q=business&page=2",
    `?approve=${f.advertiserId}`,
    `?reject=${f.advertiserId}`,
    `?restrict=${f.advertiserId}`,
    `?unrestrict=${f.advertiserId}`,
    `?reference=${f.campaignReference}`,
  ],
};

const ROUTES = declaredRoutes();

/** The page URLs requested for a route: its path with real ids, bare and with each query. */
function pageUrls(routePath: string, fixture: Fixture): string[] {
  const pathname =
    routePath === "/*"
      ? "/no-such-page"
      : routePath.replace(/:(\w+)/g, (_, name: string) => {
          const fill = PARAMS[name];
          if (!fill) throw new Error(`no PARAMS value for :${name} in ${routePath}`);
          return encodeURIComponent(fill(fixture));
        });
  return ["", ...(QUERIES[routePath]?.(fixture) ?? [])].map((query) => `${pathname}${query}`);
}

const ADMIN_PERSONAS = PERMISSIONS.map((permission) => `admin with only ${permission}` as const);
const PERSONAS = [
  "anonymous",
  "pending member",
  "approved member",
  "restricted member",
  ...ADMIN_PERSONAS,
  "super admin",
  "advertiser",
] as const;
type Persona = (typeof PERSONAS)[number];

const ROOT = { email: "root@get-changes-nothing.test", password: "get-changes-nothing-super-admin" };
let app: TestApp;
let fixture: Fixture;
let snapshots: ReturnType<typeof databaseSnapshots>;
const clients = new Map<Persona, HttpClient>();
let signIns = 0;

/** Each sign-in comes from its own address (TRUST_PROXY=1), under the login limits. */
function ownAddress() {
  signIns++;
  return `10.14.${signIns >> 8}.${signIns & 255}`;
}

beforeAll(async () => {
  app = await startTestApp({
    env: { TRUST_PROXY: "1", SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password },
  });
  const db = app.services.db;

  // Something of everything the pages show: an advert a member is viewing, withdrawals pending,
  // processing in no payout file (what an export takes) and in one, audit rows.
  const boss = await createUser(db, { role: "admin", name: "Boss Everything", permissions: [...PERMISSIONS] });
  const actor: Actor = { id: boss.id, role: boss.role, permissions: boss.permissions, ip: "102.89.14.1" };
  const advertId = await postAdvert(db, await advertAdmin(db), { title: "Glo Weekend Bundle" });
  const approved = await createUser(db, { name: "Approved Amaka", isApproved: true });
  const started = await startAdvertView(db, approved.id, advertId);
  if (started.status !== "ok") throw new Error(`startAdvertView: ${started.status}`);

  const withdrawal = async (name: string) => {
    const member = await payee(db, { name, balanceKobo: 5_000n });
    const result = await requestWithdrawal(db, { userId: member.id, amountKobo: 2_000n, idempotencyKey: formKey() });
    if (result.status !== "ok") throw new Error(`requestWithdrawal: ${result.status}`);
    return result.withdrawal;
  };
  await withdrawal("Pending Payee");
  await startProcessing(db, actor, (await withdrawal("Exported Payee")).id);
  const exported = await exportNewPayouts(db, actor);
  if (exported.status !== "ok") throw new Error("no payout batch");
  await startProcessing(db, actor, (await withdrawal("Waiting Payee")).id);

  const notice = await createNotice(db, actor, { title: "Office hours", content: "Nine to five.", audience: "all" });
  if (notice.status !== "ok") throw new Error(`createNotice: ${notice.status}`);

  const waitingBusiness = await approvedAdvertiser(db, { status: "pending" });
  const payingBusiness = await approvedAdvertiser(db);
  const campaign = await createCampaign(db, payingBusiness.id, campaignInput());
  if (campaign.status !== "ok") throw new Error(`createCampaign: ${campaign.status}`);
  await submitCampaignForPayment(db, payingBusiness.id, campaign.campaign.id);

  const pending = await createUser(db, { name: "Pending Pius", isApproved: false });
  const restricted = await createUser(db, { name: "Restricted Rukky", isApproved: true });
  // An unconfirmed account cannot sign in: its GETs are anonymous ones. Its confirmation link is requested.
  const unconfirmed = await createUser(db, { name: "Unconfirmed Uche", isApproved: false, emailConfirmed: false });
  const forgetful = await createUser(db, { name: "Forgetful Femi", isApproved: true });

  // Unread messages for the members: reading the page must not mark them read (only a POST does).
  for (const [i, recipient] of [approved, pending, restricted].entries()) {
    const sent = await sendMessage(db, boss, { recipientDisplayId: recipient.displayId, content: `Hello ${i}` });
    if (sent.status !== "ok") throw new Error(`sendMessage: ${sent.status}`);
  }

  clients.set("anonymous", app.client());
  clients.set("pending member", await signIn(app, pending, { ip: ownAddress() }));
  clients.set("approved member", await signIn(app, approved, { ip: ownAddress() }));
  // Restricted the way the app does it (its sessions end); the browser keeps the old cookie.
  clients.set("restricted member", await signIn(app, restricted, { ip: ownAddress() }));
  const restrictedNow = await moderateUser(db, actor, restricted.id, "restrict", app.services.config.appUrl);
  if (restrictedNow.status !== "ok") throw new Error(`restrict: ${restrictedNow.status}`);
  for (const permission of PERMISSIONS) {
    const admin = await createUser(db, { role: "admin", name: `Only ${permission}`, permissions: [permission] });
    clients.set(`admin with only ${permission}`, await signIn(app, admin, { ip: ownAddress() }));
  }
  clients.set("super admin", await signIn(app, ROOT, { ip: ownAddress() }));
  // An advertiser with a campaign running and viewed: its page, report and CSV only read.
  const running = await runningCampaign(db, actor, { title: "Yaba Bread" });
  const viewed = await startAdvertView(db, approved.id, running.advertId, new Date(Date.now() - 60 * 60 * 1000));
  if (viewed.status !== "ok") throw new Error(`startAdvertView: ${viewed.status}`);
  if ((await claimAnswering(db, approved.id, running.advertId)).status !== "ok") throw new Error("claim");
  clients.set("advertiser", await signIn(app, running.advertiser, { ip: ownAddress() }));

  snapshots = databaseSnapshots(db, SESSION_HOUSEKEEPING);
  fixture = {
    advertId,
    batch: exported.file.batch,
    referralCode: approved.referralCode,
    confirmToken: await issueEmailToken(db, unconfirmed.id, "confirm_email"),
    resetToken: await issueEmailToken(db, forgetful.id, "reset_password"),
    auditActorId: boss.id,
    memberName: approved.name,
    noticeId: notice.noticeId,
    advertiserId: waitingBusiness.id,
    campaignReference: campaign.campaign.reference,
    campaignId: running.campaign.id,
    memberId: restricted.id,
  };
});
afterAll(async () => app?.close());

describe("the route list", () => {
  it("covers every route's dynamic segments and the query parameters its module reads", () => {
    const declared = ROUTES.map((route) => route.path);
    expect(
      Object.keys(QUERIES).filter((p) => !declared.includes(p)),
      "QUERIES rows for paths that are no longer routes",
    ).toEqual([]);
    const readingQueries = ROUTES.filter(({ file }) =>
      /searchParams/.test(readFileSync(path.resolve("app", file), "utf8")),
    );
    expect(
      readingQueries.filter((route) => !(route.path in QUERIES)).map((route) => route.file),
      "route modules that read query parameters but have no QUERIES row",
    ).toEqual([]);
    const params = declared.flatMap((p) => [...p.matchAll(/:(\w+)/g)].map((m) => m[1]!));
    expect(
      params.filter((name) => !(name in PARAMS)),
      "dynamic segments with no PARAMS value",
    ).toEqual([]);
  });
});

describe("a GET changes no table", () => {
  const cases = ROUTES.flatMap(({ path: routePath }) => PERSONAS.map((persona) => ({ routePath, persona })));

  it.each(cases)("GET $routePath as $persona", async ({ routePath, persona }) => {
    const db = app.services.db;
    // Sessions last seen long enough ago that this request's sliding expiry does write.
    await db.execute(sql`update sessions set last_seen_at = now() - interval '10 minutes'`);
    const client = clients.get(persona)!;
    let before = await snapshots.snapshot();
    for (const pageUrl of pageUrls(routePath, fixture)) {
      for (const url of [pageUrl, dataRequestUrl(pageUrl)]) {
        const res = await client.get(url);
        expect(res.status, `GET ${url}`).toBeLessThan(500);
        const after = await snapshots.snapshot();
        expect(changedTables(before, after), `tables changed by GET ${url} as ${persona}`).toEqual([]);
        before = after;
      }
    }
  });
});
