// Seeds the bench database with SQL after the app has migrated it and created its defaults
// (tiers, settings, platform accounts, super admin). Fast: set-based inserts, one shared hash.
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { createCookie } from "react-router";
import { ADVERTS, USERS, PAIR_ADVERT_SQL, PAIR_USER_SQL, SESSION_COOKIE, encodeCookieValue, sha256Hex } from "./lib.js";

export const BENCH_PASSWORD = "bench-password-not-secret-1";
/**
 * Members referred by other members and approved this week (5 % of members, 5 referrals per
 * referrer): the weekly rank aggregates every approved referral of the week on each dashboard.
 */
export const REFERRALS = Number(process.env.BENCH_REFERRALS ?? 500);

/**
 * 10,000 approved, confirmed members with ledger accounts and one live session each,
 * 1,000 active adverts with room for every claim, REFERRALS approved referrals this week;
 * dwell 0 s and a Basic tier daily limit high enough that no claim is refused by it.
 * Returns the session cookie header of each member (index = member number).
 */
export async function seed(client) {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2 }); // argon2id, the app's settings
  const [{ id: adminId }] = (await client.query(`select id from users where role = 'super_admin'`)).rows;

  await client.query("begin");
  await client.query(
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, membership_tier_id,
                        referral_code, email_confirmed_at, created_at, updated_at)
     select 'bu' || lpad(n::text, 5, '0'), 'UB' || lpad(n::text, 7, '0'), 'Bench Member ' || n,
            'member' || n || '@bench.adnaira.test', $1, 'user', true, 'basic',
            'RB' || lpad(n::text, 8, '0'), now() - interval '30 days',
            now() - interval '30 days' + n * interval '1 second', now()
       from generate_series(0, $2::int - 1) n`,
    [passwordHash, USERS],
  );
  await client.query(
    `insert into ledger_accounts (id, kind, user_id)
     select 'la' || lpad(n::text, 5, '0') || k.s, k.kind::ledger_account_kind, 'bu' || lpad(n::text, 5, '0')
       from generate_series(0, $1::int - 1) n,
            (values ('a', 'user_available'), ('h', 'user_held')) k(s, kind)`,
    [USERS],
  );
  // Members 0..REFERRALS-1 were referred by members 2000.. (5 each) and approved this week.
  await client.query(
    `update users u set referred_by_id = 'bu' || lpad((2000 + n / 5)::text, 5, '0')
       from generate_series(0, $1::int - 1) n where u.id = 'bu' || lpad(n::text, 5, '0')`,
    [REFERRALS],
  );
  await client.query(
    `insert into referrals (id, referrer_id, referred_id, referral_code, status, approved_at)
     select 'br' || lpad(n::text, 5, '0'), 'bu' || lpad((2000 + n / 5)::text, 5, '0'),
            'bu' || lpad(n::text, 5, '0'), 'RB' || lpad((2000 + n / 5)::text, 8, '0'), 'approved', now()
       from generate_series(0, $1::int - 1) n`,
    [REFERRALS],
  );
  await client.query(
    `insert into adverts (id, title, description, reward_kobo, max_clicks, current_clicks, posted_by_admin_id,
                          is_active, created_at, updated_at)
     select 'ba' || lpad(n::text, 4, '0'), 'Bench advert ' || n,
            'A benchmark advert with a short description, number ' || n || '.',
            500 + (n % 5) * 100, 1000000000, 0, $2, true, now() - n * interval '1 minute', now()
       from generate_series(0, $1::int - 1) n`,
    [ADVERTS, adminId],
  );
  await client.query(`update app_settings set advert_dwell_seconds = 0 where id = 1`);
  await client.query(`update membership_tiers set daily_ad_views = 1000000`);

  // Sessions: a random token per member; the table stores its SHA-256 (sessions.server.ts). Last
  // seen spread over the past 5 minutes (the app's sliding-expiry interval), as for members who
  // have been active a while: their sessions come up for the expiry write one after another, at
  // the rate they would in steady use, instead of none in the first 5 minutes and then all.
  const tokens = Array.from({ length: USERS }, () => randomBytes(32).toString("base64url"));
  await client.query(
    `insert into sessions (id_hash, user_id, last_seen_at, idle_expires_at, absolute_expires_at, user_agent)
     select h, 'bu' || lpad((ord - 1)::text, 5, '0'), seen, seen + interval '12 hours', now() + interval '7 days', 'bench'
       from unnest($1::text[]) with ordinality t(h, ord),
            lateral (select now() - (ord % 300) * interval '1 second' as seen) s`,
    [tokens.map(sha256Hex)],
  );
  await client.query("commit");
  await client.query("analyze");

  // The cookie exactly as the app's createCookie writes it (and our encoder agrees).
  const rrCookie = createCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
  const official = (await rrCookie.serialize(tokens[0])).split(";")[0];
  const ours = `${SESSION_COOKIE}=${encodeCookieValue(tokens[0])}`;
  if (official !== ours) throw new Error(`cookie encoding mismatch: ${official} vs ${ours}`);
  return tokens.map((t) => `${SESSION_COOKIE}=${encodeCookieValue(t)}`);
}

/**
 * Started (unclaimed, dwell long past) advert views for claim pairs [from, to), their attention
 * check already asked (the right choice first): each claim request, sending that choice, then
 * really pays — the measured claim is the one that pays, as a member's answer to the check is.
 * Returns `to`. `prefix`: the adverts' ("ba": the admin adverts,
 * "bc": the campaigns' adverts).
 */
export async function addViews(client, from, to, prefix = "ba") {
  if (to <= from) return from;
  const viewPrefix = prefix === "ba" ? "bv" : `bv${prefix}`;
  await client.query(
    `insert into advert_views (id, advert_id, user_id, started_at,
                               check_question, check_choices, check_answer_index, check_issued_at)
     select '${viewPrefix}' || i, '${prefix}' || lpad(${PAIR_ADVERT_SQL("i")}::text, 4, '0'),
            'bu' || lpad(${PAIR_USER_SQL("i")}::text, 5, '0'), now() - interval '1 hour',
            'Which advert did you just view?', array['Bench advert', 'Other 1', 'Other 2', 'Other 3'], 0,
            now() - interval '59 minutes'
       from generate_series($1::bigint, $2::bigint - 1) i`,
    [from, to],
  );
  return to;
}

/** The campaign phase's campaigns: one per advertiser advert `bc0000`…, as many as ADVERTS. */
export const CAMPAIGNS = ADVERTS;
/** Views each campaign pays for: one per member, so no campaign runs out within the pairs. */
export const CAMPAIGN_VIEWS = USERS;
const CAMPAIGN_FEE_BPS = 2000;

/**
 * CAMPAIGNS active campaigns of one advertiser, each with its live advert (`bc` + 4 digits, the
 * claim pairs' advert numbers), its escrow funded with the whole budget (views × (reward + fee
 * per view)) through the ledger as the app does it: bank receipts → the advertiser's available
 * balance (advertiser_deposit), then advertiser → escrow (campaign_funding). Created older than
 * every admin advert (the dashboards' lists keep showing the same adverts).
 */
export async function seedCampaigns(client) {
  const [{ id: adminId }] = (await client.query(`select id from users where role = 'super_admin'`)).rows;
  const [{ id: receiptsId }] = (
    await client.query(`select id from ledger_accounts where kind = 'platform' and code = 'bank_receipts'`)
  ).rows;
  await client.query("begin");
  await client.query(
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, membership_tier_id,
                        referral_code, email_confirmed_at, created_at, updated_at)
     values ('bz00000', 'UZ0000000', 'Bench Advertiser', 'advertiser@bench.adnaira.test', 'x', 'advertiser', true,
             'basic', 'RZ00000000', now() - interval '30 days', now() - interval '30 days', now())`,
  );
  await client.query(
    `insert into ledger_accounts (id, kind, user_id) values ('lz00000a', 'user_available', 'bz00000'),
                                                           ('lz00000h', 'user_held', 'bz00000')`,
  );
  await client.query(
    `insert into adverts (id, title, description, reward_kobo, max_clicks, current_clicks, posted_by_admin_id,
                          is_active, created_at, updated_at)
     select 'bc' || lpad(n::text, 4, '0'), 'Bench campaign ' || n,
            'A benchmark campaign with a short description, number ' || n || '.',
            500 + (n % 5) * 100, $2::int, 0, $3, true, now() - interval '30 days' - n * interval '1 minute', now()
       from generate_series(0, $1::int - 1) n`,
    [CAMPAIGNS, CAMPAIGN_VIEWS, adminId],
  );
  // Fee per view: the platform's share (fee_bps of the reward), as the app prices a campaign.
  await client.query(
    `insert into campaigns (id, reference, advertiser_id, title, description, reward_kobo, views_wanted, fee_bps,
                            fee_per_view_kobo, budget_kobo, status, advert_id, funded_at, activated_at,
                            payment_confirmed_by_id, reviewed_by_id)
     select 'bcp' || lpad(n::text, 4, '0'), 'BC' || lpad(n::text, 6, '0'), 'bz00000', a.title, a.description,
            a.reward_kobo, $2::int, $3::int, a.reward_kobo * $3::int / 10000,
            $2::int::bigint * (a.reward_kobo + a.reward_kobo * $3::int / 10000),
            'active', a.id, now() - interval '1 day', now() - interval '1 day', $4, $4
       from generate_series(0, $1::int - 1) n join adverts a on a.id = 'bc' || lpad(n::text, 4, '0')`,
    [CAMPAIGNS, CAMPAIGN_VIEWS, CAMPAIGN_FEE_BPS, adminId],
  );
  await client.query(
    `insert into ledger_accounts (id, kind, campaign_id)
     select 'lc' || substr(id, 4), 'campaign_escrow', id from campaigns where advertiser_id = 'bz00000'`,
  );
  await client.query(
    `select ledger_write_transfer('btd-bench', 'advertiser_deposit', $1, 'lz00000a',
                                  (select sum(budget_kobo) from campaigns where advertiser_id = 'bz00000')::bigint,
                                  'bench:advertiser-deposit', 'bench', 'bz00000', 'bed-bench', 'bec-bench')`,
    [receiptsId],
  );
  await client.query(
    `select ledger_write_transfer('btf' || c.id, 'campaign_funding', 'lz00000a', 'lc' || substr(c.id, 4), c.budget_kobo,
                                  'campaign:' || c.id || ':funding', 'campaign', c.id, 'bdf' || c.id, 'bcf' || c.id)
       from campaigns c where c.advertiser_id = 'bz00000' order by c.id`,
  );
  await client.query("commit");
  await client.query("analyze");
}
