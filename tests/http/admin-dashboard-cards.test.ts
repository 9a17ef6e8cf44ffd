import { inArray, sql } from "drizzle-orm";
import { users } from "~/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { deleteAdvert } from "~/domain/adverts/manage-adverts.server";
import type { Actor } from "~/domain/audit/audit.server";
import { approveUpgrade, rejectUpgrade } from "~/domain/memberships/process-upgrade.server";
import { requestUpgrade } from "~/domain/memberships/request-upgrade.server";
import { sendMessage, type Sender } from "~/domain/messages/send-message.server";
import { createNotice, deleteNotice } from "~/domain/notices/notices.server";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { moderateUser } from "~/domain/users/moderate-user.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { type HttpClient, pageText, startTestApp, type TestApp } from "~test/app";
import { signInAdmin } from "~test/sign-in";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { payCampaignFromBalance } from "~/domain/campaigns/pay-campaign.server";
import {
  advertAdmin,
  approvedAdvertiser,
  campaignInput,
  createUser,
  creditUser,
  formKey,
  longAgo,
  member,
  postAdvert,
  recordReferral,
  runningCampaign,
  setBankDetails,
} from "~test/factories";
import { backdatedTransfer } from "~test/ledger";
import { referredMember } from "~test/referrals";
import { claimAnswering } from "~test/claims";

/**
 * The eleven stat cards of /admin: each one's figure against a count written here in SQL (not the
 * query the page uses), over a known data set with the rows each card must leave out; and each
 * card shown exactly to the admins holding its permission, the page it links to refusing the others.
 */

const ROOT = { email: "root@admin-cards.test", password: "admin-cards-super-admin-pw" };
const MANAGE_USERS_DENIED = "Access Denied. You do not have permission to manage users.";
const WITHDRAWALS_DENIED = "Access Denied. You do not have permission to manage withdrawals.";
const DENIED = "Access Denied.";
const DAY = 24 * 60 * 60 * 1000;

type Card = {
  label: string;
  permission: Permission;
  to: string;
  /** What the linked page answers an admin without the permission (as tests/authorization-matrix.test.ts expects). */
  refusal: { status: 403; message: string } | { status: 200 };
  /** The figure, counted directly in SQL. */
  direct: string;
  format: "count" | "naira";
};

const CARDS: Card[] = [
  {
    label: "Total Users",
    permission: "manage_users",
    to: "/admin/users",
    refusal: { status: 403, message: MANAGE_USERS_DENIED },
    direct: `select count(*)::text as v from users where role = 'user'`,
    format: "count",
  },
  {
    label: "Pending Approval",
    permission: "manage_users",
    to: "/admin/users?filter=pending",
    refusal: { status: 403, message: MANAGE_USERS_DENIED },
    direct: `select count(*)::text as v from users where role = 'user' and not is_approved and not is_restricted`,
    format: "count",
  },
  {
    label: "Total Adverts",
    permission: "manage_adverts",
    to: "/admin/adverts",
    refusal: { status: 403, message: DENIED },
    direct: `select count(*)::text as v from adverts where is_active`,
    format: "count",
  },
  {
    label: "Earnings Distributed",
    permission: "manage_adverts",
    to: "/admin/adverts",
    refusal: { status: 403, message: DENIED },
    direct: `select coalesce(sum(amount_kobo), 0)::text as v from ledger_transfers where kind = 'advert_reward'`,
    format: "naira",
  },
  {
    label: "Active Campaigns",
    permission: "manage_adverts",
    to: "/admin/campaigns?status=active",
    refusal: { status: 403, message: DENIED },
    direct: `select count(*)::text as v from campaigns where status = 'active'`,
    format: "count",
  },
  {
    label: "Advertiser Balances",
    permission: "manage_adverts",
    to: "/admin/advertisers",
    refusal: { status: 403, message: DENIED },
    direct: `select coalesce(sum(a.balance_kobo), 0)::text as v from ledger_accounts a join users u on u.id = a.user_id
             where a.kind = 'user_available' and u.role = 'advertiser'`,
    format: "naira",
  },
  {
    label: "Total Referrals",
    permission: "manage_referrals",
    to: "/admin/referrals",
    refusal: { status: 403, message: DENIED },
    direct: `select count(*)::text as v from referrals`,
    format: "count",
  },
  {
    label: "Total Messages",
    permission: "view_reports",
    // Every signed-in person has their own messages page: only the platform-wide count is hidden.
    to: "/messages",
    refusal: { status: 200 },
    direct: `select count(*)::text as v from messages`,
    format: "count",
  },
  {
    label: "Active Notices",
    permission: "manage_notices",
    to: "/admin/notices",
    refusal: { status: 403, message: DENIED },
    direct: `select count(*)::text as v from notices where is_active`,
    format: "count",
  },
  {
    label: "Pending Withdrawals",
    permission: "manage_withdrawals",
    to: "/admin/withdrawals?status=pending",
    refusal: { status: 403, message: WITHDRAWALS_DENIED },
    direct: `select count(*)::text as v from withdrawals where status = 'pending'`,
    format: "count",
  },
  {
    label: "Pending Upgrades",
    permission: "manage_memberships",
    to: "/admin/memberships",
    refusal: { status: 403, message: DENIED },
    // Waiting for an admin: a request paid online waits for its member unless its payment is held.
    direct: `select count(*)::text as v from upgrade_requests r where status = 'pending'
      and (method <> 'online' or exists (select 1 from provider_payments p where p.upgrade_request_id = r.id and p.status = 'held'))`,
    format: "count",
  },
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password } });
});
afterAll(async () => app?.close());

const db = () => app.services.db;

async function direct(query: string): Promise<bigint> {
  const result = (await db().execute(sql.raw(query))) as unknown as { rows: { v: string }[] };
  return BigInt(result.rows[0]!.v);
}

const shown = (card: Card, value: bigint) =>
  card.format === "naira" ? formatKobo(value as Kobo) : value.toLocaleString("en-NG");

/** Every stat card on the page: label → [link, figure]. */
function cardsOn(html: string): Map<string, [string, string]> {
  const found = new Map<string, [string, string]>();
  const re =
    /<a[^>]*href="([^"]*)"[^>]*>\s*<p[^>]*>([^<]*)<\/p>\s*<p[^>]*data-testid="stat-([^"]*)"[^>]*>([^<]*)<\/p>/g;
  for (const [, href, label, testId, value] of html.matchAll(re)) {
    expect(testId).toBe(label);
    found.set(label!, [href!.replace(/&amp;/g, "&"), value!]);
  }
  // Nothing else carries a card's test id.
  expect(html.match(/data-testid="stat-/g)?.length ?? 0).toBe(found.size);
  return found;
}

function ok<T extends { status: string }>(result: T, what: string): Extract<T, { status: "ok" }> {
  if (result.status !== "ok") throw new Error(`${what}: ${result.status}`);
  return result as Extract<T, { status: "ok" }>;
}

/** A reward earned the way a member earns one: the advert opened, the dwell waited out, the claim. */
async function earn(memberId: string, advertId: string) {
  ok(await startAdvertView(db(), memberId, advertId, longAgo()), "startAdvertView");
  ok(await claimAnswering(db(), memberId, advertId), "claimAdvertReward");
}

/**
 * The known data set. Expected figures (on top of the empty, seeded database, whose only person
 * is the super admin):
 *   members: 4 approved + 3 pending + 2 restricted (one never approved) + 2 pending since 45 days
 *     ago + 2 referred (pending) = 13;
 *   pending approval: 3 + 2 + 2 referred = 7 (restricted and staff left out);
 *   adverts: 2 live (one deactivated after a view, one erased, neither counted) + the running
 *     campaign's advert = 3;
 *   campaigns: 1 active of 2 (one in review); advertiser balances: ₦5,000.00 paid in − ₦120.00
 *     in the campaign in review's escrow = ₦4,880.00 (the running campaign's advertiser has ₦0.00
 *     left, members' balances left out);
 *   advert rewards: ₦25.00 + ₦25.00 + ₦123.45 claimed + ₦12,345.67 forty-five days ago
 *     + 4 × ₦5,000.00 credited = ₦32,519.12 (a referral reward and the money moved by
 *     withdrawals and upgrades left out);
 *   referrals: 3; messages: 4 (one from an admin); notices: 2 active of 3;
 *   withdrawals: 1 pending of 4 (processing, rejected, completed left out);
 *   upgrades: 2 pending of 4 (approved, rejected left out).
 */
async function seedKnownData() {
  const staff: Actor = await advertAdmin(db(), PERMISSIONS);
  // Staff are never members: an unapproved admin is not waiting for approval.
  await createUser(db(), { role: "admin", isApproved: false, permissions: ["view_reports"] });
  const appUrl = new URL(app.origin);

  const approved = [];
  for (let i = 0; i < 4; i++) approved.push(await member(db(), { name: `Approved ${i}` }));
  const pending = [];
  for (let i = 0; i < 3; i++) pending.push(await createUser(db(), { name: `Pending ${i}`, isApproved: false }));
  const wasApproved = await member(db(), { name: "Restricted after approval" });
  ok(await moderateUser(db(), staff, wasApproved.id, "restrict", appUrl), "restrict");
  const neverApproved = await createUser(db(), { name: "Restricted while pending", isApproved: false });
  ok(await moderateUser(db(), staff, neverApproved.id, "restrict", appUrl), "restrict");
  // Two who signed up 45 days ago and are still waiting.
  const longWaiting = [
    await createUser(db(), { name: "Waiting long 1", isApproved: false }),
    await createUser(db(), { name: "Waiting long 2", isApproved: false }),
  ];
  await db()
    .update(users)
    .set({ createdAt: new Date(Date.now() - 45 * DAY) })
    .where(
      inArray(
        users.id,
        longWaiting.map((u) => u.id),
      ),
    );

  // Adverts and their rewards, through the real claim.
  const live = await postAdvert(db(), staff, { rewardKobo: 2_500n });
  await postAdvert(db(), staff);
  const retired = await postAdvert(db(), staff, { rewardKobo: 12_345n });
  const erased = await postAdvert(db(), staff);
  await earn(approved[0]!.id, live);
  await earn(approved[1]!.id, live);
  await earn(approved[0]!.id, retired);
  expect(await deleteAdvert(db(), staff, retired)).toEqual({ status: "deactivated" });
  expect(await deleteAdvert(db(), staff, erased)).toEqual({ status: "erased" });
  await backdatedTransfer(db(), {
    userId: approved[2]!.id,
    amountKobo: 1_234_567n,
    at: new Date(Date.now() - 45 * DAY),
  });
  // Not advert rewards.
  await backdatedTransfer(db(), {
    userId: approved[3]!.id,
    amountKobo: 77_700n,
    at: new Date(),
    kind: "referral_reward",
  });

  // Campaigns: one running (its advertiser's balance all in escrow), one paid and in review.
  await runningCampaign(db(), staff, { title: "Running campaign" });
  const advertiser = await approvedAdvertiser(db(), { balanceKobo: 500_000n });
  const reviewing = ok(await createCampaign(db(), advertiser.id, campaignInput()), "createCampaign");
  ok(await payCampaignFromBalance(db(), advertiser.id, reviewing.campaign.id), "payCampaignFromBalance");

  // Referrals: two sign-ups with a code (pending members) and one recorded afterwards.
  await referredMember(db(), approved[0]!, { name: "Referred 1" });
  await referredMember(db(), approved[0]!, { name: "Referred 2" });
  await recordReferral(db(), approved[1]!, pending[0]!.id);

  // Messages, one from an admin answering.
  const say = async (from: Sender, to: { displayId: string }) =>
    ok(await sendMessage(db(), from, { recipientDisplayId: to.displayId, content: "Hello" }), "sendMessage");
  await say(approved[0]!, approved[1]!);
  await say(approved[1]!, approved[0]!);
  await say(approved[0]!, pending[0]!); // a member waiting for approval reads, but cannot write yet
  await say({ ...staff, isApproved: true }, approved[0]!);

  // Notices: three posted, one deleted.
  const notice = (title: string) => createNotice(db(), staff, { title, content: "Body", audience: "all" });
  ok(await notice("Kept 1"), "createNotice");
  ok(await notice("Kept 2"), "createNotice");
  const gone = ok(await notice("Deleted"), "createNotice");
  ok(await deleteNotice(db(), staff, gone.noticeId), "deleteNotice");

  // Money for withdrawals and upgrades (advert rewards too: creditUser posts one).
  // At once: on PostgreSQL from several connections (rollups kept per connection must still add up).
  await Promise.all(approved.map((m) => setBankDetails(db(), m.id)));
  await Promise.all(approved.map((m) => creditUser(db(), m.id, 500_000n)));
  const withdraw = async (userId: string) =>
    ok(await requestWithdrawal(db(), { userId, amountKobo: 20_000n, idempotencyKey: formKey() }), "requestWithdrawal")
      .withdrawal.id;
  await withdraw(approved[0]!.id); // pending
  ok(await startProcessing(db(), staff, await withdraw(approved[1]!.id)), "startProcessing"); // processing
  ok(await rejectWithdrawal(db(), staff, await withdraw(approved[2]!.id)), "rejectWithdrawal");
  const paid = await withdraw(approved[3]!.id);
  ok(await startProcessing(db(), staff, paid), "startProcessing");
  ok(await completeWithdrawal(db(), staff, paid), "completeWithdrawal");

  const upgrade = async (userId: string) =>
    ok(await requestUpgrade(db(), { userId, tierId: "bronze", method: "balance" }), "requestUpgrade").request.id;
  await upgrade(approved[0]!.id); // pending
  await upgrade(approved[1]!.id); // pending
  ok(await approveUpgrade(db(), staff, await upgrade(approved[2]!.id)), "approveUpgrade");
  ok(await rejectUpgrade(db(), staff, await upgrade(approved[3]!.id)), "rejectUpgrade");
  return { staff, longWaiting, appUrl };
}

const EXPECTED: Record<string, bigint> = {
  "Total Users": 13n,
  "Pending Approval": 7n,
  "Total Adverts": 3n,
  "Earnings Distributed": 2_500n + 2_500n + 12_345n + 1_234_567n + 4n * 500_000n,
  "Active Campaigns": 1n,
  "Advertiser Balances": 500_000n - 12_000n,
  "Total Referrals": 3n,
  "Total Messages": 4n,
  "Active Notices": 2n,
  "Pending Withdrawals": 1n,
  "Pending Upgrades": 2n,
};

/** The super admin's cards: all eleven in order, each the direct count, which is the expected figure. */
async function expectCards(root: HttpClient, expected: Record<string, bigint>) {
  const res = await root.get("/admin");
  expect(res.status).toBe(200);
  const cards = cardsOn(res.body);
  expect([...cards.keys()]).toEqual(CARDS.map((c) => c.label));
  for (const card of CARDS) {
    const count = await direct(card.direct);
    // The direct count holds the data set's known figure, and the card shows it, linked to its page.
    expect(count, card.label).toBe(expected[card.label]);
    expect(cards.get(card.label), card.label).toEqual([card.to, shown(card, count)]);
  }
}

describe("the admin dashboard's stat cards", () => {
  it("each equal a direct count of the database, for the super admin", async () => {
    const root = app.client();
    await root.login(ROOT.email, ROOT.password);
    // Before anything is seeded: every card shows zero.
    const empty = cardsOn((await root.get("/admin")).body);
    expect([...empty.keys()]).toEqual(CARDS.map((c) => c.label));
    for (const card of CARDS) expect(empty.get(card.label)?.[1], card.label).toBe(shown(card, 0n));

    const { staff, longWaiting, appUrl } = await seedKnownData();
    await expectCards(root, EXPECTED);
    expect(cardsOn((await root.get("/admin")).body).get("Earnings Distributed")?.[1]).toBe("₦32,519.12");
    // The card says what it counts (advert rewards) and shows the referral rewards beside it.
    const referralRewards = await direct(
      `select coalesce(sum(amount_kobo), 0)::text as v from ledger_transfers where kind = 'referral_reward'`,
    );
    expect(referralRewards).toBe(77_700n);
    expect(pageText((await root.get("/admin")).body)).toContain(
      "Earnings Distributed ₦32,519.12 Advert rewards · Referral rewards: ₦777.00",
    );

    // Where figures are kept beside the tables (rollups, counters), folding old days together and
    // then changing rows of an old day changes nothing but what it should.
    for (const fold of ["ledger_rollups_compact", "daily_counts_compact"]) {
      const present = (await db().execute(sql`select to_regproc(${fold}) is not null as present`)) as unknown as {
        rows: { present: boolean }[];
      };
      if (!present.rows[0]!.present) continue;
      const folded = (await db().execute(sql.raw(`select ${fold}() as n`))) as unknown as { rows: { n: number }[] };
      expect(folded.rows[0]!.n, fold).toBeGreaterThan(0); // the reward and the sign-ups of 45 days ago
    }
    await expectCards(root, EXPECTED);
    ok(await moderateUser(db(), staff, longWaiting[0]!.id, "approve", appUrl), "approve");
    ok(await moderateUser(db(), staff, longWaiting[1]!.id, "restrict", appUrl), "restrict");
    await expectCards(root, { ...EXPECTED, "Pending Approval": EXPECTED["Pending Approval"]! - 2n });
  });

  describe.each(PERMISSIONS.map((permission) => ({ permission })))(
    "an admin holding only $permission",
    ({ permission }) => {
      const mine = CARDS.filter((c) => c.permission === permission);
      const others = CARDS.filter((c) => c.permission !== permission);

      it(`sees ${mine.map((c) => c.label).join(", ") || "no card"} and no other; the other cards' pages refuse them`, async () => {
        const { client } = await signInAdmin(app, [permission]);
        const res = await client.get("/admin");
        expect(res.status).toBe(200);
        const cards = cardsOn(res.body);
        expect([...cards.keys()]).toEqual(mine.map((c) => c.label));
        const text = pageText(res.body);
        for (const card of others) expect(text, card.label).not.toContain(card.label);
        if (!mine.length) expect(res.body).not.toContain('aria-label="Statistics"');

        for (const card of others) {
          const page = await client.get(card.to);
          expect(page.status, `${card.label} → ${card.to}`).toBe(card.refusal.status);
          if (card.refusal.status === 403) expect(pageText(page.body)).toContain(card.refusal.message);
        }
        for (const card of mine) {
          expect((await client.get(card.to)).status, `${card.label} → ${card.to}`).toBe(200);
        }
      });
    },
  );
});
