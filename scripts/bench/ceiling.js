// The ceiling: a bare node:http + pg server that sends PostgreSQL the same SQL as the app for
// the two measured operations, with nothing else (no Express, React Router, rendering, cookies
// signing, logging or metrics). Statements are copied from what the app sends (traced with
// trace-sql.js), in the same order, the same transaction shape and the same parallelism.
//
//   POST /adverts/:advertId/claim            → the session, then the claim (one call of the
//                                              database function claim_advert_reward), 302
//   GET  /dashboard, /dashboard.data         → the root + dashboard loaders' reads, as JSON
//
// Differences, deliberately small: no toast cookie is signed on the claim; the "open the
// member's ledger accounts when missing" retry is not implemented and a refused claim answers 500
// (the bench seeds every member's accounts and starts every view it claims, with dwell 0 s and
// room for every claim, so the app never takes that path or refuses either); no refusal messages.
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
function lagosWeek(at) {
  const [y, m, d] = lagosDay(at).split("-").map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d);
  const start = midnightUtc - new Date(midnightUtc).getUTCDay() * DAY_MS - 3_600_000;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

// --- SQL (verbatim from the app) ----------------------------------------------------------------
const SQL = {
  session: `select "sessions"."last_seen_at", "sessions"."absolute_expires_at", "users"."id", "users"."display_id", "users"."name", "users"."email", "users"."role", "users"."permissions", "users"."is_approved", "users"."is_restricted", "users"."deactivated_at", "users"."membership_tier_id", "membership_tiers"."name" as tier_name, "users"."referral_code", "users"."created_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where ("sessions"."id_hash" = $1 and "sessions"."idle_expires_at" > $2 and "sessions"."absolute_expires_at" > $3)`,
  touch: `update "sessions" set "last_seen_at" = $1, "idle_expires_at" = $2, "updated_at" = $3 where "sessions"."id_hash" = $4`,
  settings: `select "id", "app_name", "logo_url", "referral_active", "referral_reward_type", "referral_fixed_kobo", "referral_percent_bps", "min_withdrawal_kobo", "max_withdrawal_kobo", "withdrawal_fee_bps", "advert_dwell_seconds", "created_at", "updated_at" from "app_settings" where "app_settings"."id" = $1`,
  // dashboard
  earned: `select "ledger_transfers"."kind", coalesce(sum("ledger_transfers"."amount_kobo"), 0)::text as total from "ledger_transfers" inner join "ledger_accounts" on "ledger_accounts"."id" = "ledger_transfers"."credit_account_id" where ("ledger_accounts"."user_id" = $1 and "ledger_accounts"."kind" = $2 and "ledger_transfers"."kind" in ($3, $4)) group by "ledger_transfers"."kind"`,
  viewTotals: `select coalesce(sum("reward_kobo"), 0)::text as earned, count(*) filter (where "claimed_at" is not null) as views, count(*) filter (where "lagos_day" = $1) as today from "advert_views" where "advert_views"."user_id" = $2`,
  tier: `select "membership_tiers"."daily_ad_views" from "users" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where "users"."id" = $1`,
  weeklyRank: `with "weekly" as (select "referrals"."referrer_id", count(*) as "approved" from "referrals" inner join "users" on "users"."id" = "referrals"."referrer_id" where ("referrals"."status" = $1 and "users"."role" = $2 and "referrals"."approved_at" >= $3 and "referrals"."approved_at" < $4) group by "referrals"."referrer_id"), "mine" as (select coalesce(max("approved"), 0) as "mine_approved" from "weekly" where "weekly"."referrer_id" = $5) select "mine_approved", count("weekly"."referrer_id") filter (where "approved" > "mine_approved"), count("weekly"."referrer_id") from "mine" left join "weekly" on true group by "mine_approved"`,
  referralCount: `select count(*) from "referrals" where ("referrals"."referrer_id" = $1 and "referrals"."status" = $2)`,
  available: `select "id", "title", "description", "reward_kobo", "image_url", "created_at" from "adverts" where ("adverts"."is_active" = $1 and "adverts"."current_clicks" < "adverts"."max_clicks" and not exists (select 1 from "advert_views" where ("advert_views"."advert_id" = "adverts"."id" and "advert_views"."user_id" = $2 and "advert_views"."claimed_at" is not null))) order by "adverts"."created_at" desc, "adverts"."id" desc limit $3`,
  withdrawals: `select "id", "reference", "amount_kobo", "fee_kobo", "status", "requested_at", "processed_at", "bank_name", right("account_number", 4) from "withdrawals" where "withdrawals"."user_id" = $1 order by "withdrawals"."requested_at" desc, "withdrawals"."id" desc limit $2`,
  // the claim: one statement, the database function claim_advert_reward (migration 0010), by name
  claim: `select outcome, reward_kobo::text, view_id, transfer_id, daily_limit, started_at, dwell_seconds from claim_advert_reward($1, $2, $3::timestamptz, $4::date, $5, $6, $7, $8)`,
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

async function currentUser(req, now) {
  const token = sessionToken(req);
  if (!token || token.length > 100) return null;
  const idHash = sha256Hex(token);
  const at = now.toISOString();
  const { rows } = await named("find_session_user", SQL.session, [idHash, at, at]);
  const row = rows[0];
  if (!row || row.is_restricted || row.deactivated_at) return null;
  if (now.getTime() - row.last_seen_at.getTime() > 5 * 60_000) {
    const idle = new Date(Math.min(now.getTime() + 12 * 3_600_000, row.absolute_expires_at.getTime()));
    await named("touch_session", SQL.touch, [at, idle.toISOString(), at, idHash]);
  }
  return row;
}

async function dashboard(req, res) {
  const now = new Date();
  const [user, settings] = await Promise.all([currentUser(req, now), named("app_settings", SQL.settings, [1])]);
  if (!user || user.role !== "user") return send(res, 302, "", { Location: "/login" });
  const id = user.id;
  const { start, end } = lagosWeek(now);
  const [earned, totals, tier, rank, referrals, adverts, withdrawals] = await Promise.all([
    named("earned_totals", SQL.earned, [id, "user_available", "advert_reward", "referral_reward"]),
    named("advert_view_totals", SQL.viewTotals, [lagosDay(now), id]),
    named("member_daily_limit", SQL.tier, [id]),
    named(
      "weekly_referral_rank",
      SQL.weeklyRank,
      ["approved", "user", start.toISOString(), end.toISOString(), id],
      "array",
    ), // two columns named count
    named("approved_referral_count", SQL.referralCount, [id, "approved"]),
    named("available_adverts", SQL.available, [true, id, 13]), // 12 cards and whether there are more
    named("member_withdrawals", SQL.withdrawals, [id, 10]),
  ]);
  const [mine, ahead] = rank.rows[0].map(Number);
  const body = {
    settings: { appName: settings.rows[0].app_name, logoUrl: settings.rows[0].logo_url },
    name: user.name,
    membershipName: user.tier_name,
    earned: earned.rows,
    views: totals.rows[0],
    dailyLimit: tier.rows[0]?.daily_ad_views ?? 0,
    weeklyRank: mine === 0 ? null : ahead + 1,
    referrals: Number(referrals.rows[0].count),
    adverts: adverts.rows.slice(0, 12),
    moreAdverts: adverts.rows.length > 12,
    withdrawals: withdrawals.rows,
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
  else if (path === "/healthz") return send(res, 200, "ok");
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
