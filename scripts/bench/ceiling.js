// The ceiling: a bare node:http + pg server that sends PostgreSQL the same SQL as the app for
// the two measured operations, with nothing else (no Express, React Router, rendering, cookies
// signing, logging or metrics). Statements are copied verbatim from what the app sends (traced
// with trace-sql.js: `BENCH_TRACE=1 npm run bench`), with the same parameter values, the same
// prepared-statement names (unnamed where the app's are), in the same order, the same
// transaction shape (none) and the same parallelism.
//
//   POST /adverts/:advertId/claim            → the session, then the claim (one call of the
//                                              database function claim_advert_reward), 302
//   GET  /dashboard, /dashboard.data         → the root + dashboard loaders' reads, as JSON:
//                                              the settings and the session at once, then the
//                                              dashboard's seventeen reads (the settings among
//                                              them a second time, as upgradeOffer reads them;
//                                              the latest notice, the unread messages' senders)
//                                              and the unread messages count at once — twenty
//                                              statements in two round trips
//
// Differences, deliberately small: no toast cookie is signed on the claim; the "open the
// member's ledger accounts when missing" retry is not implemented and a refused claim answers 500
// (the bench seeds every member's accounts and starts every view it claims, with dwell 0 s and
// room for every claim, so the app never takes that path or refuses either); no refusal messages.
// The dashboard answers JSON with the figures (no rendering, formatting or image-address checks);
// pg's default type parsers (the app's Drizzle keeps timestamps as strings); the second round
// trip starts once both the session and the settings are back (the app's dashboard loader starts
// its reads when the session is back; the settings, sent first, are normally back by then).
//
// Env: DATABASE_URL, PORT, HOST (127.0.0.1), POOL_MAX (connections per process; run.js passes the app's),
// WORKERS (1; more: node:cluster workers sharing the port, as the app's WEB_CONCURRENCY).
import cluster from "node:cluster";
import { createServer } from "node:http";
import { customAlphabet } from "nanoid";
import pg from "pg";
import { SESSION_COOKIE, decodeCookieValue, sha256Hex } from "./lib.js";

const WORKERS = Number(process.env.WORKERS ?? 1);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 2),
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
});
pool.on("error", () => {});

// --- same helpers as the app ------------------------------------------------------------------
const newId = customAlphabet("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_", 21);
const lagosDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
function lagosDay(at) {
  const parts = Object.fromEntries(lagosDate.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
const DAY_MS = 86_400_000;
/** Midnight starting a Lagos day ("YYYY-MM-DD"): Africa/Lagos is UTC+1 all year. */
function lagosDayStart(day) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) - 3_600_000);
}
/** The `count` Lagos days ending with the day of `at`, oldest first. */
function lagosDaysEnding(at, count) {
  const [y, m, d] = lagosDay(at).split("-").map(Number);
  const last = Date.UTC(y, m - 1, d);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
function lagosWeek(at) {
  const [y, m, d] = lagosDay(at).split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const start = midnightUtc - new Date(midnightUtc).getUTCDay() * DAY_MS - 3_600_000;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

// --- SQL (verbatim from the app) ----------------------------------------------------------------
const SQL = {
  // root loader and upgradeOffer: app_settings, twice per request as in the app
  settings: `select "id", "app_name", "logo_url", "referral_active", "referral_reward_type", "referral_fixed_kobo", "referral_percent_bps", "min_withdrawal_kobo", "max_withdrawal_kobo", "withdrawal_fee_bps", "advert_dwell_seconds", "max_advert_reward_kobo", "max_advert_budget_kobo", "receiving_bank_code", "receiving_account_number", "receiving_account_name", "campaign_fee_bps", "auto_payout_max_kobo", "advertiser_max_withdrawal_kobo", "support_email", "support_phone", "support_whatsapp", "payout_schedule", "created_at", "updated_at" from "app_settings" where "app_settings"."id" = $1`,
  // the session (the claim's too)
  session: `select "sessions"."last_seen_at", "sessions"."absolute_expires_at", "users"."id", "users"."display_id", "users"."name", "users"."email", "users"."role", "users"."permissions", "users"."is_approved", "users"."is_restricted", "users"."deactivated_at", "users"."membership_tier_id", "membership_tiers"."name", "users"."referral_code", "users"."created_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where ("sessions"."id_hash" = $1 and "sessions"."idle_expires_at" > $2 and "sessions"."absolute_expires_at" > $3)`,
  // root loader: db.$count, unnamed, object rows
  unreadMessages: `select count(*) as count from "messages" where ("messages"."recipient_id" = $1 and "messages"."read_at" is null);`,
  earned: `select "ledger_transfers"."kind", coalesce(sum("ledger_transfers"."amount_kobo"), 0)::text from "ledger_transfers" inner join "ledger_accounts" on "ledger_accounts"."id" = "ledger_transfers"."credit_account_id" where ("ledger_accounts"."user_id" = $1 and "ledger_accounts"."kind" = $2 and "ledger_transfers"."kind" in ($3, $4)) group by "ledger_transfers"."kind"`,
  dailyEarnings: `select (("ledger_transfers"."created_at" at time zone 'Africa/Lagos')::date)::text, "ledger_transfers"."kind", sum("ledger_transfers"."amount_kobo")::text from "ledger_transfers" inner join "ledger_accounts" on "ledger_accounts"."id" = "ledger_transfers"."credit_account_id" where ("ledger_accounts"."user_id" = $1 and "ledger_accounts"."kind" = $2 and "ledger_transfers"."kind" in ($3, $4) and "ledger_transfers"."created_at" >= $5 and "ledger_transfers"."created_at" < $6) group by (("ledger_transfers"."created_at" at time zone 'Africa/Lagos')::date)::text, "ledger_transfers"."kind"`,
  viewTotals: `select coalesce(sum("reward_kobo"), 0)::text, count(*) filter (where "claimed_at" is not null), count(*) filter (where "lagos_day" = $1) from "advert_views" where "advert_views"."user_id" = $2`,
  tier: `select "membership_tiers"."daily_ad_views" from "users" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where "users"."id" = $1`,
  leaderboard: `with "period_counts" as (select "referrals"."referrer_id", "users"."name", count(*) as "approved", max("referrals"."approved_at") as "reached_at" from "referrals" inner join "users" on "users"."id" = "referrals"."referrer_id" where ("referrals"."status" = $1 and "users"."role" = $2 and "referrals"."approved_at" >= $3 and "referrals"."approved_at" < $4) group by "referrals"."referrer_id", "users"."name"), "ranked" as (select "referrer_id", "name", "approved", rank() over (order by "approved" desc) as "rank", row_number() over (order by "approved" desc, "reached_at" asc, "name" asc, "referrer_id" asc) as "position", count(*) over () as "ranked_members" from "period_counts") select "referrer_id", "name", "approved", "rank", "position", "ranked_members" from "ranked" where ("position" <= $5 or "ranked"."referrer_id" = $6) order by "position" asc`,
  referralCount: `select count(*) from "referrals" where ("referrals"."referrer_id" = $1 and "referrals"."status" = $2)`,
  available: `select "id", "title", "description", "reward_kobo", "image_url", "created_at" from "adverts" where (advert_is_live("adverts"."is_active", "adverts"."starts_at", "adverts"."ends_at", now()) and "adverts"."current_clicks" < "adverts"."max_clicks" and not exists (select 1 from "advert_views" where ("advert_views"."advert_id" = "adverts"."id" and "advert_views"."user_id" = $1 and "advert_views"."claimed_at" is not null))) order by "adverts"."created_at" desc, "adverts"."id" desc limit $2`,
  withdrawals: `select "id", "reference", "amount_kobo", "fee_kobo", "status", "requested_at", "processed_at", "bank_name", right("account_number", 4), "transfer_code" from "withdrawals" where "withdrawals"."user_id" = $1 order by "withdrawals"."requested_at" desc, "withdrawals"."id" desc limit $2`,
  // referralSummary (unnamed)
  referralCode: `select "referral_code" from "users" where "users"."id" = $1`,
  referralTotals: `select count(*), coalesce(sum("reward_kobo") filter (where "status" = 'approved'), 0)::text from "referrals" where "referrals"."referrer_id" = $1`,
  // upgradeOffer (unnamed)
  balances: `select "kind", "balance_kobo" from "ledger_accounts" where "ledger_accounts"."user_id" = $1`,
  pendingUpgrade: `select "upgrade_requests"."id", "upgrade_requests"."reference", "upgrade_requests"."tier_id", "membership_tiers"."name", "upgrade_requests"."price_kobo", "upgrade_requests"."method", "upgrade_requests"."status", "upgrade_requests"."created_at" from "upgrade_requests" inner join "membership_tiers" on "membership_tiers"."id" = "upgrade_requests"."tier_id" where ("upgrade_requests"."user_id" = $1 and "upgrade_requests"."status" = $2)`,
  memberTier: `select "membership_tier_id" from "users" where "users"."id" = $1`,
  tiers: `select "id", "name", "price_kobo", "benefits", "daily_ad_views", "rank", "created_at", "updated_at" from "membership_tiers" order by "membership_tiers"."rank" asc`,
  // the dashboard's latest notice and who wrote the member's unread messages (unnamed; the
  // senders' read is raw SQL, object rows)
  notices: `select "notices"."id", "notices"."title", "notices"."content", "notices"."created_at", "users"."name" from "notices" left join "users" on "users"."id" = "notices"."created_by_id" where ("notices"."is_active" = $1 and "notices"."audience" in ($2, $3)) order by "notices"."created_at" desc, "notices"."id" desc limit $4`,
  unreadSenders: ` select s.name, s.display_id, s.role, u.unread, u.latest_at from ( select m.sender_id, count(*) as unread, max(m.created_at) as latest_at from messages m where m.recipient_id = $1 and m.read_at is null group by m.sender_id ) u join users s on s.id = u.sender_id order by u.latest_at desc, s.display_id limit $2`,
  touch: `update "sessions" set "last_seen_at" = $1, "idle_expires_at" = $2, "updated_at" = $3 where "sessions"."id_hash" = $4`,
  // the claim: one statement, the database function claim_advert_reward (migration 0010), by name
  claim: `select outcome, reward_kobo::text, view_id, transfer_id, daily_limit, wait_ms::integer, check_question, check_choices, failed_today from claim_advert_reward($1, $2, $3::timestamptz, $4::date, $5, $6, $7, $8, $9, $10, $11, $12::smallint, $13::integer)`,
};

// --- request handling ---------------------------------------------------------------------------
function sessionToken(req) {
  const header = req.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = decodeCookieValue(part.slice(eq + 1).trim());
      return typeof value === "string" ? value : null;
    }
  }
  return null;
}

/** The app sends its per-page reads and the claim as named prepared statements (app/db/prepared.server.ts). */
const named = (name, text, values, rowMode) => pool.query({ name, text, values, rowMode });
// Drizzle asks for array rows (rowMode "array") for its selects, named or not; db.$count (the
// unread messages) and the claim (raw SQL) for object rows.
const select = (name, text, values) => named(name, text, values, "array");
const unnamed = (text, values) => pool.query({ text, values, rowMode: "array" });

async function currentUser(req, now) {
  const token = sessionToken(req);
  if (!token || token.length > 100) return null;
  const idHash = sha256Hex(token);
  const at = now.toISOString();
  const { rows } = await select("find_session_user", SQL.session, [idHash, at, at]);
  const row = rows[0];
  if (!row) return null;
  const [lastSeenAt, absoluteExpiresAt, id, , name, , role, , isApproved, isRestricted, deactivatedAt, , tierName] =
    row;
  if (isRestricted || deactivatedAt) return null;
  if (now.getTime() - lastSeenAt.getTime() > 5 * 60_000) {
    const idle = new Date(Math.min(now.getTime() + 12 * 3_600_000, absoluteExpiresAt.getTime()));
    await named("touch_session", SQL.touch, [at, idle.toISOString(), at, idHash]);
  }
  return { id, name, role, is_approved: isApproved, tier_name: tierName };
}

const ADVERTS_SHOWN = 12; // the first page of the grid; the app reads one more to know whether there are more
const LEADERBOARD_SIZE = 5;

async function dashboard(req, res) {
  const now = new Date();
  // Round trip 1 (root loader, the dashboard loader waiting on the same session look-up): the
  // settings and the session at once. The app parses the signed cookie asynchronously, so the
  // settings go first.
  const settingsRead = select("app_settings", SQL.settings, [1]);
  const [user, settings] = await Promise.all([currentUser(req, now), settingsRead]);
  if (!user || user.role !== "user") return send(res, 302, "", { Location: "/login" });
  const id = user.id;
  const week = lagosWeek(now);
  const days = lagosDaysEnding(now, 14);
  const from = lagosDayStart(days[0]);
  const to = new Date(lagosDayStart(days[13]).getTime() + DAY_MS);
  // Round trip 2: the dashboard loader's reads (seventeen statements: userEarningsSummary,
  // referralSummary and upgradeOffer send theirs together) and the root loader's unread count,
  // all at once, in the order the app sends them.
  const [
    earned,
    daily,
    totals,
    tier,
    leaderboard,
    referralCount,
    adverts,
    withdrawals,
    ,
    referralCode,
    referralTotals,
    balances,
    pending,
    memberTier,
    tiers,
    notices,
    unreadSenders,
    unread,
  ] = await Promise.all([
    select("earned_totals", SQL.earned, [id, "user_available", "advert_reward", "referral_reward"]),
    select("daily_earnings", SQL.dailyEarnings, [
      id,
      "user_available",
      "advert_reward",
      "referral_reward",
      from.toISOString(),
      to.toISOString(),
    ]),
    select("advert_view_totals", SQL.viewTotals, [lagosDay(now), id]),
    select("member_daily_limit", SQL.tier, [id]),
    select("referral_leaderboard", SQL.leaderboard, [
      "approved",
      "user",
      week.start.toISOString(),
      week.end.toISOString(),
      LEADERBOARD_SIZE,
      id,
    ]),
    select("approved_referral_count", SQL.referralCount, [id, "approved"]),
    select("available_adverts", SQL.available, [id, ADVERTS_SHOWN + 1]),
    select("member_withdrawals", SQL.withdrawals, [id, 10]),
    select("app_settings", SQL.settings, [1]), // upgradeOffer reads them again
    unnamed(SQL.referralCode, [id]),
    unnamed(SQL.referralTotals, [id]),
    unnamed(SQL.balances, [id]),
    unnamed(SQL.pendingUpgrade, [id, "pending"]),
    unnamed(SQL.memberTier, [id]),
    unnamed(SQL.tiers, []),
    unnamed(SQL.notices, [true, "all", "user", 1]),
    pool.query(SQL.unreadSenders, [id, 3]),
    pool.query(SQL.unreadMessages, [id]),
  ]);
  const earnedBy = (kind) => BigInt(earned.rows.find((r) => r[0] === kind)?.[1] ?? "0");
  const dailyBy = (day) => daily.rows.filter((r) => r[0] === day).reduce((sum, r) => sum + BigInt(r[2]), 0n);
  const [viewsEarned, views, today] = totals.rows[0];
  const mine = leaderboard.rows.find((r) => r[0] === id);
  const balance = (kind) => balances.rows.find((r) => r[0] === kind)?.[1] ?? "0";
  const current = tiers.rows.find((t) => t[0] === memberTier.rows[0]?.[0]);
  const body = {
    settings: { appName: settings.rows[0][1], logoUrl: settings.rows[0][2] },
    name: user.name,
    membershipName: user.tier_name,
    isApproved: user.is_approved,
    unreadMessages: Number(unread.rows[0].count),
    unreadFrom: unreadSenders.rows.map((r) => ({ name: r.name, unread: Number(r.unread), latestAt: r.latest_at })),
    notice: notices.rows[0] ? { title: notices.rows[0][1], content: notices.rows[0][2] } : null,
    totalEarnings: String(earnedBy("advert_reward") + earnedBy("referral_reward")),
    referralEarnings: String(earnedBy("referral_reward")),
    earningsChart: days.map((day) => ({ day, kobo: String(dailyBy(day)) })),
    advertEarnings: viewsEarned,
    advertClicks: Number(views),
    todayViews: Number(today),
    dailyLimit: tier.rows[0]?.[0] ?? 0,
    weeklyRank: mine ? Number(mine[3]) : null,
    weeklyReferrals: mine ? Number(mine[2]) : 0,
    leaderboard: leaderboard.rows
      .filter((r) => Number(r[4]) <= LEADERBOARD_SIZE)
      .map((r) => ({ rank: Number(r[3]), name: r[1], approved: Number(r[2]) })),
    referrals: Number(referralCount.rows[0][0]),
    adverts: adverts.rows.slice(0, ADVERTS_SHOWN),
    moreAdverts: adverts.rows.length > ADVERTS_SHOWN,
    withdrawals: withdrawals.rows,
    referral: referralCode.rows[0] && {
      code: referralCode.rows[0][0],
      total: Number(referralTotals.rows[0][0]),
      earned: referralTotals.rows[0][1],
    },
    availableBalance: balance("user_available"),
    heldBalance: balance("user_held"),
    pendingUpgrade: pending.rows[0] ?? null,
    upgradeOptions: tiers.rows
      .filter((t) => current && Number(t[5]) > Number(current[5]))
      .map((t) => ({ id: t[0], name: t[1], priceKobo: t[2], dailyAdViews: t[4] })),
  };
  send(res, 200, JSON.stringify(body), { "Content-Type": "application/json" });
}

async function claim(req, res, advertId) {
  const now = new Date();
  const user = await currentUser(req, now);
  if (!user || user.role !== "user") return send(res, 302, "", { Location: "/login" });
  const { rows } = await named("claim_advert_reward", SQL.claim, [
    user.id,
    advertId,
    now.toISOString(),
    lagosDay(now),
    `advert-view:${advertId}:${user.id}`,
    newId(),
    newId(),
    newId(),
    newId(),
    newId(),
    newId(),
    // The right choice at the attention check (seed.js), and the app's cap on one visibility report.
    0,
    10_000,
  ]);
  const outcome = rows[0]?.outcome;
  if (outcome !== "ok") throw new Error(`claim refused: ${outcome} (the bench seeds every claim to succeed)`);
  send(res, 302, "", { Location: "/dashboard", "X-Claim": outcome });
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  let work;
  if (req.method === "GET" && (path === "/dashboard" || path === "/dashboard.data")) work = dashboard(req, res);
  else if (req.method === "POST" && /^\/adverts\/[^/]+\/claim$/.test(path))
    work = claim(req, res, decodeURIComponent(path.split("/")[2]));
  // The app's answer to /healthz, for the framework floor (BENCH_ONLY=floor).
  else if (path === "/healthz")
    return send(res, 200, '{"status":"ok"}', { "Content-Type": "application/json; charset=utf-8" });
  else return send(res, 404, "Not Found");
  work.catch((err) => {
    console.error(err);
    if (!res.headersSent) send(res, 500, "error");
  });
});
server.keepAliveTimeout = 65_000;

if (WORKERS > 1 && cluster.isPrimary) {
  // As the app with WEB_CONCURRENCY: workers share the port, each with its own pool.
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  const stopAll = () => {
    cluster.on("exit", () => Object.values(cluster.workers ?? {}).some(Boolean) || process.exit(0));
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.once("SIGTERM", stopAll);
  process.once("SIGINT", stopAll);
} else {
  server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1", () => {
    console.log(`ceiling listening on ${JSON.stringify(server.address())}`);
  });
  const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
