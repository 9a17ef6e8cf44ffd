// The data-scale phase's data set (scale.js): at factor 1 (the large seed) 100,000 members and
// 1,000,000 ledger transfers over the last 13 months, at 0.1 (the small seed) the same at a tenth
// (scaleSizes), seeded with set-based SQL after the app has migrated a fresh database and created
// its defaults (tiers, settings, platform accounts, super admin).
//
// A million transfers through the ledger's per-row triggers (0004: the entry trigger moves cached
// balances, the deferred check counts each transfer's entries) would take many minutes, so the bulk
// insert runs with `session_replication_role = replica` (triggers and foreign-key checks off, for
// this session only; needs a superuser), then sets each member account's cached balance to the sum
// of its entries, turns the role back, and verifies the ledger: entries sum to zero, two entries a
// transfer, every member balance equals its entries, none is negative.
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { SESSION_COOKIE, encodeCookieValue, sha256Hex } from "./lib.js";
import { BENCH_PASSWORD } from "./seed.js";

/** The member with a long history (scale.js measures /messages and their admin page as them). */
export const LONG_HISTORY_MEMBER = 42;
/** Advert rewards per member: 9 × 100,000 = 900,000 of the 1,000,000 transfers (at factor 1). */
const REWARDS_PER_MEMBER = 9;
/** Approved referrals: one member in 20 (5 %), each paid one referral reward; pending: one in 100. */
const REFERRAL_EVERY = 20;
const PENDING_REFERRAL_EVERY = 100;
const CAMPAIGNS_PER_ADVERTISER = 5;
/** Admin accounts besides the super admin (the audit log's actors with them). */
const SCALE_ADMINS = 5;
const NOTICES = 40;
/** Members' sign-ups spread over 13 months (~395 days) up to a day ago. */
const SPAN_DAYS = 395;
/** The fewest rows of a kind a list needs to fill its page (50) and more. */
const FULL_PAGE = 60;

/**
 * The data set's sizes at `factor` (1: the large seed; 0.1: the small one, the same data set at a
 * tenth): each size scaled and rounded, and at least a full page of what an admin list shows.
 */
export function scaleSizes(factor = 1) {
  const scaled = (n, min = FULL_PAGE) => Math.max(min, Math.round(n * factor));
  const s = {
    members: scaled(100_000),
    adverts: scaled(2_000),
    /** Referrals held for an admin's review, and as many voided (no transfer). */
    heldReferrals: scaled(200),
    /** Upgrades paid by bank transfer (bank_receipts → membership_revenue) and approved; pending. */
    upgrades: scaled(5_000),
    pendingUpgrades: scaled(300),
    /** Completed withdrawals (three transfers each: hold, payout, fee) and pending ones (a hold). */
    withdrawalsCompleted: scaled(29_400),
    withdrawalsPending: scaled(600),
    /** Withdrawals in the other states: processing and sent (a hold each), rejected (a hold and its release). */
    withdrawalsProcessing: scaled(400),
    withdrawalsSent: scaled(200),
    withdrawalsRejected: scaled(300),
    /** Advertisers (some pending, a twentieth rejected) and their campaigns (5 each, never run). */
    advertisers: scaled(2_000),
    pendingAdvertisers: scaled(200),
    auditRows: scaled(200_000),
    /** The long-history member's messages with the super admin, and audit rows about them (~half of 3×). */
    longHistoryMessages: scaled(5_000),
    longHistoryAudit: scaled(1_000),
    messages: scaled(50_000),
    /** Members besides the approved ones: waiting for approval, and restricted. */
    pendingMembers: scaled(2_000),
    restrictedMembers: scaled(500),
  };
  /** Approved referrals: members n (1 ≤ n < members) with n % 20 = 7. */
  s.referrals = Math.floor((s.members - 1 - 7) / REFERRAL_EVERY) + 1;
  /** Members 18j+3 (at factor 1) upgrade: the step spreads them over all members. */
  s.upgradeEvery = Math.floor(s.members / (s.upgrades + s.pendingUpgrades));
  /** Held and voided referrals: members every…+13 and +17, a multiple of 100 apart (never approved or pending ones). */
  s.heldEvery = Math.floor(s.members / s.heldReferrals / 100) * 100;
  /** Pending advertisers: n % every = 3 % every (a tenth at factor 1). */
  s.pendingAdvertiserEvery = Math.floor(s.advertisers / s.pendingAdvertisers);
  /** Transfers the seed writes (printed, and checked after the seed). */
  s.transfers =
    s.members * REWARDS_PER_MEMBER +
    s.referrals +
    s.upgrades +
    s.withdrawalsCompleted * 3 +
    s.withdrawalsPending +
    s.withdrawalsProcessing +
    s.withdrawalsSent +
    s.withdrawalsRejected * 2;
  // The member numbers each kind picks must exist (withdrawals: members 10j+1…10j+8).
  const last = [
    10 * Math.floor((s.withdrawalsCompleted - 1) / 3) + 3,
    10 * (s.withdrawalsPending - 1) + 5,
    10 * (s.withdrawalsProcessing - 1) + 6,
    10 * (s.withdrawalsSent - 1) + 7,
    10 * (s.withdrawalsRejected - 1) + 8,
    s.upgradeEvery * (s.upgrades + s.pendingUpgrades - 1) + 3,
    s.heldEvery * (s.heldReferrals - 1) + 17,
    LONG_HISTORY_MEMBER,
  ];
  if (
    s.members > 100_000 ||
    s.adverts > 10_000 ||
    s.upgradeEvery < 1 ||
    s.heldEvery < 100 ||
    s.pendingAdvertiserEvery < 1 ||
    last.some((n) => n >= s.members)
  )
    throw new Error(`scale seed: factor ${factor} gives sizes that do not fit ${JSON.stringify(s)}`);
  return s;
}

const memberId = (expr) => `'bu' || lpad((${expr})::text, 5, '0')`;

/** A live session for `userId`; returns its cookie header. */
async function sessionCookie(client, userId) {
  const token = randomBytes(32).toString("base64url");
  await client.query(
    `insert into sessions (id_hash, user_id, last_seen_at, idle_expires_at, absolute_expires_at, user_agent)
     values ($1, $2, now(), now() + interval '12 hours', now() + interval '7 days', 'bench')`,
    [sha256Hex(token), userId],
  );
  return `${SESSION_COOKIE}=${encodeCookieValue(token)}`;
}

const superAdminId = async (client) =>
  (await client.query(`select id from users where role = 'super_admin'`)).rows[0].id;

/**
 * Seeds the data set at `factor` (scaleSizes) into a freshly migrated database. Returns its sizes,
 * the members' session cookies (index = member number), the super admin's cookie, the time each
 * step took and the ledger check.
 */
export async function seedScale(client, log = () => {}, { factor = 1 } = {}) {
  const sz = scaleSizes(factor);
  const steps = [];
  let t = Date.now();
  const step = async (label, text, values) => {
    const res = await client.query(text, values);
    steps.push({ label, ms: Date.now() - t, rows: res.rowCount });
    t = Date.now();
    return res;
  };
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2 });
  const adminId = await superAdminId(client);
  const paidTier = (
    await client.query(`select id, price_kobo::text from membership_tiers where id <> 'basic' order by rank limit 1`)
  ).rows[0];
  if (!paidTier) throw new Error("scale seed: no membership tier above basic");

  await client.query("set synchronous_commit = off");
  await client.query("begin");
  // Triggers (the ledger's, and foreign-key checks) off for this transaction's session.
  await client.query("set local session_replication_role = replica");

  // Members: created_at from 395 days ago to a day ago, evenly; member n's created_at is c(n).
  const created = (n) =>
    `(now() - interval '${SPAN_DAYS} days' + (${n})::float8 / ${sz.members} * interval '${SPAN_DAYS - 1} days')`;
  await step(
    "members",
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, membership_tier_id,
                        referral_code, email_confirmed_at, created_at, updated_at)
     select ${memberId("n")}, 'UB' || lpad(n::text, 7, '0'), 'Scale Member ' || n,
            'member' || n || '@scale.adnaira.test', $1, 'user', true, 'basic',
            'RB' || lpad(n::text, 8, '0'), ${created("n")}, ${created("n")}, now()
       from generate_series(0, $2::int - 1) n`,
    [passwordHash, sz.members],
  );
  // Members an admin has not approved yet, and restricted ones (no ledger accounts or sessions:
  // never signed in), for Manage Users' filters: ids bp…, bq…, signed up over the same months.
  await step(
    "members (pending, restricted)",
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, is_restricted,
                        membership_tier_id, referral_code, email_confirmed_at, created_at, updated_at)
     select p || lpad(n::text, 5, '0'), upper(p) || lpad(n::text, 7, '0'), 'Scale Member ' || p || n,
            'member' || p || n || '@scale.adnaira.test', $1, 'user', p = 'bq', p = 'bq', 'basic',
            upper(p) || lpad(n::text, 8, '0'), at, at, now()
       from (values ('bp', $2::int), ('bq', $3::int)) k(p, total),
            lateral generate_series(0, k.total - 1) n,
            lateral (select now() - interval '${SPAN_DAYS} days' + n::float8 / k.total * interval '${SPAN_DAYS - 1} days' as at) w`,
    [passwordHash, sz.pendingMembers, sz.restrictedMembers],
  );
  await step(
    "ledger accounts",
    `insert into ledger_accounts (id, kind, user_id, created_at)
     select 'la' || lpad(n::text, 5, '0') || k.s, k.kind::ledger_account_kind, ${memberId("n")}, ${created("n")}
       from generate_series(0, $1::int - 1) n,
            (values ('a', 'user_available'), ('h', 'user_held')) k(s, kind)`,
    [sz.members],
  );
  // Adverts (2,000 at factor 1), a tenth of them finished (inactive); the oldest first.
  await step(
    "adverts",
    `insert into adverts (id, title, description, reward_kobo, max_clicks, current_clicks, posted_by_admin_id,
                          is_active, created_at, updated_at)
     select 'sa' || lpad(n::text, 4, '0'), 'Scale advert ' || n,
            'A benchmark advert with a short description, number ' || n || '.',
            500 + (n % 5) * 100, 1000000000, 0, $2, n % 10 <> 0,
            now() - interval '${SPAN_DAYS + 1} days' + n * interval '4 hours', now()
       from generate_series(0, $1::int - 1) n`,
    [sz.adverts, adminId],
  );
  // Claimed advert views, one per advert reward: member n's k-th view is advert (n + 7k) mod
  // ADVERTS (9 distinct adverts per member), claimed at a random moment since the member joined.
  await step(
    "advert views (claimed)",
    `insert into advert_views (id, advert_id, user_id, started_at, claimed_at, reward_kobo, lagos_day, transfer_id)
     select 'sv' || i, 'sa' || lpad(((n + 7 * k) % ${sz.adverts})::text, 4, '0'), ${memberId("n")},
            at - interval '30 seconds', at, 500 + (((n + 7 * k) % ${sz.adverts}) % 5) * 100,
            (at at time zone 'Africa/Lagos')::date, 'st' || i
       from generate_series(0, $1::int - 1) i,
            lateral (select i % ${sz.members} as n, i / ${sz.members} as k) nk,
            lateral (select ${created("nk.n")} + random() * (now() - ${created("nk.n")}) as at) w`,
    [sz.members * REWARDS_PER_MEMBER],
  );
  await step(
    "advert rewards",
    `insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key,
                                   reference_type, reference_id, created_at)
     select v.transfer_id, 'advert_reward', (select id from ledger_accounts where code = 'advert_rewards'),
            'la' || substr(v.user_id, 3) || 'a', v.reward_kobo, 'advert-reward:' || v.id, 'advert_view', v.id, v.claimed_at
       from advert_views v`,
  );
  await step(
    "advert clicks",
    `update adverts a set current_clicks = c.n from (select advert_id, count(*) n from advert_views group by advert_id) c
      where a.id = c.advert_id`,
  );
  // Referrals: members 20j+7 referred by an earlier member, approved a day after joining (capped
  // at now): spread over the 13 months, this week included; 1 % more still pending.
  await step(
    "referrals",
    `insert into referrals (id, referrer_id, referred_id, referral_code, status, reward_kobo, approved_at, created_at, updated_at)
     select 'sr' || n, ${memberId("r")}, ${memberId("n")}, 'RB' || lpad(r::text, 8, '0'),
            case when approved then 'approved' else 'pending' end::referral_status,
            case when approved then 1000 end,
            case when approved then least(${created("n")} + interval '1 day', now()) end,
            ${created("n")}, now()
       from (select n, n % ${REFERRAL_EVERY} = 7 as approved, floor(random() * n)::int as r
               from generate_series(1, $1::int - 1) n
              where n % ${REFERRAL_EVERY} = 7 or n % ${PENDING_REFERRAL_EVERY} = 9) s`,
    [sz.members],
  );
  // Held rewards waiting for an admin (members 500j+13 at factor 1) and voided ones (500j+17): no transfer.
  await step(
    "referrals (held, voided)",
    `insert into referrals (id, referrer_id, referred_id, referral_code, status, reward_kobo, hold_reason,
                            reviewed_at, reviewed_by_id, created_at, updated_at)
     select 'sr' || n, ${memberId("r")}, ${memberId("n")}, 'RB' || lpad(r::text, 8, '0'),
            case when held then 'held' else 'voided' end::referral_status, 1000,
            'The referred member signed up from the referrer''s address.',
            case when not held then ${created("n")} + interval '2 days' end, case when not held then $2 end,
            ${created("n")}, now()
       from (select n, held, floor(random() * n)::int as r
               from generate_series(0, $1::int - 1) j, (values (13, true), (17, false)) h(o, held),
                    lateral (select j * $3 + h.o as n) m) s`,
    [sz.heldReferrals, adminId, sz.heldEvery],
  );
  await step(
    "referred by",
    `update users u set referred_by_id = r.referrer_id from referrals r where u.id = r.referred_id`,
  );
  await step(
    "referral rewards",
    `insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key,
                                   reference_type, reference_id, created_at)
     select 'st' || r.id, 'referral_reward', (select id from ledger_accounts where code = 'referral_rewards'),
            'la' || substr(r.referrer_id, 3) || 'a', r.reward_kobo, 'referral:' || r.id || ':reward', 'referral', r.id,
            r.approved_at
       from referrals r where r.status = 'approved'`,
  );
  // Upgrades paid by bank transfer (members 18j+3 at factor 1): approved, the member on the paid tier; and
  // some still pending.
  await step(
    "upgrade requests",
    `insert into upgrade_requests (id, reference, user_id, from_tier_id, tier_id, price_kobo, method, status,
                                   created_at, processed_at, processed_by_id)
     select 'su' || n, 'UPG-S' || n, ${memberId("n")}, 'basic', $3, $4::bigint, 'bank_transfer',
            case when j < $1 then 'approved' else 'pending' end::upgrade_status,
            at, case when j < $1 then at + interval '2 hours' end, case when j < $1 then $5 end
       from generate_series(0, $1::int + $2::int - 1) j,
            lateral (select j * $6 + 3 as n) m,
            lateral (select case when j < $1 then least(${created("n")} + interval '3 days', now() - interval '3 hours')
                            else now() - (j - $1) * interval '10 minutes' end as at) w`,
    [sz.upgrades, sz.pendingUpgrades, paidTier.id, paidTier.price_kobo, adminId, sz.upgradeEvery],
  );
  await step(
    "upgraded tiers",
    `update users u set membership_tier_id = q.tier_id from upgrade_requests q
      where q.user_id = u.id and q.status = 'approved'`,
  );
  await step(
    "upgrade payments",
    `insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key,
                                   reference_type, reference_id, created_at)
     select 'st' || q.id, 'upgrade_payment', (select id from ledger_accounts where code = 'bank_receipts'),
            (select id from ledger_accounts where code = 'membership_revenue'), q.price_kobo,
            'upgrade:' || q.id || ':payment', 'upgrade_request', q.id, q.processed_at
       from upgrade_requests q where q.status = 'approved'`,
  );
  // Withdrawals of ₦30 (fee ₦1) by members 10j+1, 10j+2, 10j+3 (completed, late in their
  // membership) and ₦20 by members 10j+5 (pending, this week). Every member earned at least 9 × ₦5 = ₦45, and no
  // member has both, so no balance goes below zero.
  await step(
    "withdrawals",
    `insert into withdrawals (id, reference, user_id, amount_kobo, fee_kobo, status, idempotency_key, bank_code,
                              bank_name, account_number, account_holder_name, requested_at, processing_at,
                              processed_at, updated_at)
     select 'sw' || n, 'WD-S' || n, ${memberId("n")}, amount, fee, status::withdrawal_status, 'scale-withdrawal:' || n,
            '058', 'Guaranty Trust Bank', lpad(n::text, 10, '0'), 'Scale Member ' || n, at,
            case when status = 'completed' then at + interval '1 hour' end,
            case when status = 'completed' then at + interval '2 hours' end, at
       from (select n, 3000 as amount, 100 as fee, 'completed' as status,
                    least(${created("n")} + 0.95 * (now() - ${created("n")}), now() - interval '3 hours') as at
               from generate_series(0, $1::int - 1) j, lateral (select 10 * (j / 3) + 1 + j % 3 as n) m
             union all
             select n, 2000, 100, 'pending', now() - (n % 7000) * interval '1 minute'
               from generate_series(0, $2::int - 1) j, lateral (select 10 * j + 5 as n) m) w`,
    [sz.withdrawalsCompleted, sz.withdrawalsPending],
  );
  // The other states (members 10j+6, 10j+7, 10j+8: none of them withdrew otherwise), ₦20 each.
  await step(
    "withdrawals (other states)",
    `insert into withdrawals (id, reference, user_id, amount_kobo, fee_kobo, status, idempotency_key, bank_code,
                              bank_name, account_number, account_holder_name, requested_at, processing_at,
                              rejected_at, sent_at, transfer_code, updated_at)
     select 'sw' || n, 'WD-S' || n, ${memberId("n")}, 2000, 100, status::withdrawal_status, 'scale-withdrawal:' || n,
            '058', 'Guaranty Trust Bank', lpad(n::text, 10, '0'), 'Scale Member ' || n, at,
            case when status in ('processing', 'sent') then at + interval '1 hour' end,
            case when status = 'rejected' then at + interval '1 hour' end,
            case when status = 'sent' then at + interval '2 hours' end,
            case when status = 'sent' then 'TRF_scale' || n end, at
       from (select 10 * j + 6 as n, 'processing' as status, now() - j * interval '7 minutes' as at
               from generate_series(0, $1::int - 1) j
             union all
             select 10 * j + 7, 'sent', now() - j * interval '9 minutes' from generate_series(0, $2::int - 1) j
             union all
             select 10 * j + 8, 'rejected', now() - j * interval '1 day' from generate_series(0, $3::int - 1) j) w`,
    [sz.withdrawalsProcessing, sz.withdrawalsSent, sz.withdrawalsRejected],
  );
  await step(
    "withdrawal transfers",
    `insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key,
                                   reference_type, reference_id, created_at)
     select 'st' || w.id || x.s, x.kind::ledger_transfer_kind,
            case when x.s = 'h' then 'la' || substr(w.user_id, 3) || 'a' else 'la' || substr(w.user_id, 3) || 'h' end,
            case x.s when 'h' then 'la' || substr(w.user_id, 3) || 'h'
                     when 'p' then (select id from ledger_accounts where code = 'bank_payouts')
                     else (select id from ledger_accounts where code = 'withdrawal_fees') end,
            case x.s when 'h' then w.amount_kobo when 'p' then w.amount_kobo - w.fee_kobo else w.fee_kobo end,
            'withdrawal:' || w.id || ':' || x.kind, 'withdrawal', w.id,
            case x.s when 'h' then w.requested_at else w.processed_at end
       from withdrawals w
       join (values ('h', 'withdrawal_hold'), ('p', 'withdrawal_payout'), ('f', 'withdrawal_fee')) x(s, kind)
         on x.s = 'h' or w.status = 'completed'
     union all
     select 'st' || w.id || 'r', 'withdrawal_release', 'la' || substr(w.user_id, 3) || 'h',
            'la' || substr(w.user_id, 3) || 'a', w.amount_kobo, 'withdrawal:' || w.id || ':withdrawal_release',
            'withdrawal', w.id, w.rejected_at
       from withdrawals w where w.status = 'rejected'`,
  );
  await step(
    "ledger entries",
    `insert into ledger_entries (id, transfer_id, account_id, amount_kobo, created_at)
     select 'se' || substr(t.id, 3) || 'd', t.id, t.debit_account_id, -t.amount_kobo, t.created_at from ledger_transfers t
     union all
     select 'se' || substr(t.id, 3) || 'c', t.id, t.credit_account_id, t.amount_kobo, t.created_at from ledger_transfers t`,
  );
  // The cached balances the entry trigger would have moved (member accounts; platform accounts
  // keep none: 0008).
  await step(
    "member balances",
    `update ledger_accounts a set balance_kobo = s.total, updated_at = now()
       from (select account_id, sum(amount_kobo) total from ledger_entries group by account_id) s
      where a.id = s.account_id and a.kind <> 'platform'`,
  );
  // Messages between members and the super admin; notices, a quarter of them active.
  await step(
    "messages",
    `insert into messages (id, sender_id, recipient_id, content, created_at, read_at)
     select 'sm' || j, case when j % 2 = 0 then ${memberId("n")} else $2 end,
            case when j % 2 = 0 then $2 else ${memberId("n")} end,
            'Scale message ' || j || ': a question about a withdrawal or an advert.', at,
            case when j % 3 <> 0 then at + interval '1 hour' end
       from generate_series(0, $1::int - 1) j,
            lateral (select (j * 37) % ${sz.members} as n) m,
            lateral (select now() - (j::float8 / $1) * interval '${SPAN_DAYS} days' as at) w`,
    [sz.messages, adminId],
  );
  // One member's long conversation with the super admin (the member page and /messages at length).
  await step(
    "messages (long history)",
    `insert into messages (id, sender_id, recipient_id, content, created_at, read_at)
     select 'sl' || j, case when j % 2 = 0 then $3 else $2 end, case when j % 2 = 0 then $2 else $3 end,
            'Long history message ' || j || ': about an upgrade, a withdrawal or an advert.',
            now() - (j::float8 / $1) * interval '${SPAN_DAYS} days', now() - (j::float8 / $1) * interval '${SPAN_DAYS} days' + interval '1 hour'
       from generate_series(0, $1::int - 1) j`,
    [sz.longHistoryMessages, adminId, `bu${String(LONG_HISTORY_MEMBER).padStart(5, "0")}`],
  );
  // Advertisers (users with a business profile), signed up over the 13 months, and their campaigns.
  await step(
    "advertisers",
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, membership_tier_id,
                        referral_code, email_confirmed_at, created_at, updated_at)
     select 'bv' || lpad(n::text, 5, '0'), 'VB' || lpad(n::text, 7, '0'), 'Scale Advertiser ' || n,
            'advertiser' || n || '@scale.adnaira.test', $1, 'advertiser', true, 'basic',
            'RV' || lpad(n::text, 8, '0'), at, at, now()
       from generate_series(0, $2::int - 1) n,
            lateral (select now() - interval '${SPAN_DAYS} days' + n::float8 / $2 * interval '${SPAN_DAYS - 1} days' as at) w`,
    [passwordHash, sz.advertisers],
  );
  await step(
    "advertiser profiles",
    `insert into advertiser_profiles (user_id, business_name, phone, status, rejection_reason, reviewed_at,
                                      reviewed_by_id, created_at, updated_at)
     select u.id, 'Scale Business ' || n, '0803' || lpad(n::text, 7, '0'), st::advertiser_status,
            case when st = 'rejected' then 'Incomplete business details.' end,
            case when st <> 'pending' then u.created_at + interval '1 day' end,
            case when st <> 'pending' then $1 end, u.created_at, now()
       from users u, lateral (select substr(u.id, 3)::int as n) m,
            lateral (select case when n % $2 = 3 % $2 then 'pending' when n % 20 = 7 then 'rejected' else 'approved' end as st) s
      where u.role = 'advertiser'`,
    [adminId, sz.pendingAdvertiserEvery],
  );
  await step(
    "campaigns",
    `insert into campaigns (id, reference, advertiser_id, title, description, reward_kobo, views_wanted, fee_bps,
                            fee_per_view_kobo, budget_kobo, status, rejection_reason, finished_at, created_at, updated_at)
     select 'sc' || a.n || '_' || k, 'CMP-S' || a.n || 'K' || k, a.id, 'Scale campaign ' || a.n || '/' || k,
            'A campaign that never ran.', 500, 1000, 1000, 50, 1000 * 550,
            st::campaign_status, case when st = 'rejected' then 'Not suitable.' end,
            case when st in ('rejected', 'cancelled') then a.created_at + interval '3 days' end,
            a.created_at + k * interval '1 day', now()
       from (select id, substr(id, 3)::int as n, created_at from users where role = 'advertiser') a,
            generate_series(0, $1::int - 1) k,
            lateral (select (array['draft', 'awaiting_payment', 'cancelled', 'rejected'])[1 + (a.n + k) % 4] as st) s`,
    [CAMPAIGNS_PER_ADVERTISER],
  );
  // Admins besides the super admin, and the audit log: 200,000 actions (at factor 1) over the 13
  // months by all of them, most about members (~1,500 about the long-history member).
  await step(
    "admins",
    `insert into users (id, display_id, name, email, password_hash, role, is_approved, membership_tier_id,
                        referral_code, permissions, email_confirmed_at, created_at, updated_at)
     select 'bd' || n, 'DB' || lpad(n::text, 7, '0'), 'Scale Admin ' || n, 'admin' || n || '@scale.adnaira.test',
            $1, 'admin', true, 'basic', 'RD' || lpad(n::text, 8, '0'),
            array['manage_users', 'manage_withdrawals', 'view_reports'], now() - interval '${SPAN_DAYS} days',
            now() - interval '${SPAN_DAYS} days', now()
       from generate_series(1, $2::int) n`,
    [passwordHash, SCALE_ADMINS],
  );
  await step(
    "audit log",
    `insert into audit_log (id, actor_id, action, target_type, target_id, before, after, ip, created_at)
     select 'sx' || j, case when j % 6 = 0 then $3 else 'bd' || (1 + j % 5) end, act, tt, tid,
            '{"state": "before"}'::jsonb, '{"state": "after"}'::jsonb, '102.89.' || (j % 250) || '.' || (j % 200),
            now() - (j::float8 / $1) * interval '${SPAN_DAYS} days'
       from generate_series(0, $1::int - 1) j,
            lateral (select (array['user.approve', 'user.restrict', 'user.unrestrict', 'withdrawal.start_processing',
                                   'withdrawal.complete', 'withdrawal.reject', 'upgrade.approve', 'upgrade.reject',
                                   'advert.create', 'advert.update', 'referral.release', 'settings.update'])[1 + j % 12] as act) a,
            lateral (select case when act like 'user.%' or act like 'upgrade.%' or act like 'referral.%' then 'user'
                                 when act like 'withdrawal.%' then 'withdrawal' when act like 'advert.%' then 'advert'
                                 else 'settings' end as tt) t,
            lateral (select case when tt = 'user' then case when j < $2 then $4 else ${memberId("(j * 7919) % " + sz.members)} end
                                 when tt = 'withdrawal' then 'sw' || ((j * 13) % ${(sz.members * 3) / 10})
                                 when tt = 'advert' then 'sa' || lpad((j % ${sz.adverts})::text, 4, '0') end as tid) x`,
    [sz.auditRows, sz.longHistoryAudit * 3, adminId, `bu${String(LONG_HISTORY_MEMBER).padStart(5, "0")}`],
  );
  await step(
    "notices",
    `insert into notices (id, title, content, audience, created_by_id, is_active, created_at, updated_at)
     select 'sn' || j, 'Scale notice ' || j, 'Notice number ' || j || ' for the members.',
            (array['all', 'user', 'admin'])[1 + j % 3]::notice_audience, $2, j % 4 = 0,
            now() - j * interval '9 days', now()
       from generate_series(0, $1::int - 1) j`,
    [NOTICES, adminId],
  );
  await client.query("commit");

  // Derived tables the bypassed triggers keep (migrations 0016, 0017), when the schema has them.
  t = Date.now();
  const rollups = [];
  for (const fn of ["ledger_rollups_rebuild", "daily_counts_rebuild"]) {
    if (!(await client.query(`select to_regproc($1) is not null as present`, [fn])).rows[0].present) continue;
    await step(`${fn}()`, `select ${fn}()`);
    rollups.push(`${fn}()`);
  }

  // Sessions: one per member (last seen over the past 5 minutes, as seed.js), and the super admin's.
  const tokens = Array.from({ length: sz.members }, () => randomBytes(32).toString("base64url"));
  await step(
    "sessions",
    `insert into sessions (id_hash, user_id, last_seen_at, idle_expires_at, absolute_expires_at, user_agent)
     select h, ${memberId("ord - 1")}, seen, seen + interval '12 hours', now() + interval '7 days', 'bench'
       from unnest($1::text[]) with ordinality t(h, ord),
            lateral (select now() - (ord % 300) * interval '1 second' as seen) s`,
    [tokens.map(sha256Hex)],
  );
  const adminCookie = await sessionCookie(client, adminId);
  // Vacuumed and analysed as a database in use would be (autovacuum would otherwise start on the
  // fresh millions of rows during the measurements; the visibility map allows index-only scans).
  await step("vacuum (analyze)", "vacuum (analyze)");
  await client.query("set synchronous_commit = on");
  for (const s of steps) log(`  ${s.label.padEnd(24)} ${String(s.rows ?? "").padStart(9)} rows  ${s.ms} ms`);

  return {
    sizes: sz,
    ids: { longMember: `bu${String(LONG_HISTORY_MEMBER).padStart(5, "0")}`, actor: "bd1" },
    cookies: tokens.map((tk) => `${SESSION_COOKIE}=${encodeCookieValue(tk)}`),
    adminCookie,
    rollups,
    steps,
    check: await checkLedger(client, sz.transfers),
  };
}

/** The ledger as the triggers would have left it, `transfers` of them: verified after the bulk insert. */
export async function checkLedger(client, transfers) {
  const row = (
    await client.query(`select
      (select count(*) from ledger_transfers)::int as transfers,
      (select count(*) from ledger_entries)::int as entries,
      (select coalesce(sum(amount_kobo), 0) from ledger_entries)::text as ledger_sum,
      (select count(*) from (select transfer_id from ledger_entries group by transfer_id having sum(amount_kobo) <> 0 or count(*) <> 2) x)::int as unbalanced,
      (select count(*) from ledger_accounts a
         left join (select account_id, sum(amount_kobo) total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.kind <> 'platform' and a.balance_kobo <> coalesce(s.total, 0))::int as user_mismatches,
      (select count(*) from ledger_accounts where kind <> 'platform' and balance_kobo < 0)::int as negative,
      (select count(*) from ledger_transfers where created_at >= now() - interval '7 days')::int as last_week,
      (select count(*) from ledger_transfers where created_at >= now() - interval '30 days')::int as last_30_days,
      (select count(*) from ledger_transfers where created_at >= now() - interval '365 days')::int as last_year,
      (select count(*) from referrals where approved_at >= now() - interval '7 days')::int as referrals_last_week`)
  ).rows[0];
  // The daily counts (0017) against what they count, when the schema has them.
  row.count_drift = (await client.query(`select to_regproc('daily_counts_drift') is not null as present`)).rows[0]
    .present
    ? Number((await client.query(`select count(*) from daily_counts_drift()`)).rows[0].count)
    : 0;
  row.ok =
    row.count_drift === 0 &&
    row.transfers === transfers &&
    row.entries === 2 * row.transfers &&
    row.ledger_sum === "0" &&
    row.unbalanced === 0 &&
    row.user_mismatches === 0 &&
    row.negative === 0;
  return row;
}
