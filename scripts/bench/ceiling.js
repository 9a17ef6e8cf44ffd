// The ceiling: a bare node:http + pg server that sends PostgreSQL the same SQL as the app for
// the two measured operations, with nothing else (no Express, React Router, rendering, cookies
// signing, logging or metrics). Statements are copied from what the app sends (traced with
// trace-sql.js), in the same order, the same transaction shape and the same parallelism.
//
//   POST /adverts/:advertId  (intent=claim)  → the claim transaction, then 302 to /dashboard
//   GET  /dashboard, /dashboard.data         → the root + dashboard loaders' reads, as JSON
//
// Differences, deliberately small: no toast cookie is signed on the claim; the "open the
// member's ledger accounts when missing" branch of the transfer and the claim's refusal path
// (a missing view, too early, a full advert: extra reads in the app) are not implemented (the
// bench seeds every member's accounts and starts every view it claims, with dwell 0 s and room
// for every claim, so the app never takes them either); no refusal messages.
//
// Env: DATABASE_URL, PORT, HOST (127.0.0.1), POOL_MAX (20, the app's pool size per process),
// WORKERS (1; more: node:cluster workers sharing the port, as the app's WEB_CONCURRENCY).
import cluster from "node:cluster";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { SESSION_COOKIE, decodeCookieValue, sha256Hex } from "./lib.js";

const WORKERS = Number(process.env.WORKERS ?? 1);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 20),
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
});
pool.on("error", () => {});

// --- same helpers as the app ------------------------------------------------------------------
const URL_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
function newId() {
  const bytes = randomBytes(21);
  let out = "";
  for (let i = 0; i < 21; i++) out += URL_ALPHABET[bytes[i] & 63];
  return out;
}
const lagosDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit", day: "2-digit" });
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
  session: `select "sessions"."id_hash", "sessions"."user_id", "sessions"."last_seen_at", "sessions"."idle_expires_at", "sessions"."absolute_expires_at", "sessions"."ip", "sessions"."user_agent", "sessions"."created_at", "sessions"."updated_at", "users"."id", "users"."display_id", "users"."name", "users"."email", "users"."role", "users"."permissions", "users"."is_approved", "users"."is_restricted", "users"."deactivated_at", "users"."membership_tier_id", "membership_tiers"."name" as tier_name, "users"."referral_code", "users"."created_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where ("sessions"."id_hash" = $1 and "sessions"."idle_expires_at" > $2 and "sessions"."absolute_expires_at" > $3)`,
  touch: `update "sessions" set "last_seen_at" = $1, "idle_expires_at" = $2, "updated_at" = $3 where "sessions"."id_hash" = $4`,
  settings: `select "id", "app_name", "logo_url", "referral_active", "referral_reward_type", "referral_fixed_kobo", "referral_percent_bps", "min_withdrawal_kobo", "max_withdrawal_kobo", "withdrawal_fee_bps", "advert_dwell_seconds", "created_at", "updated_at" from "app_settings" where "app_settings"."id" = $1`,
  // dashboard
  earned: `select "ledger_transfers"."kind", coalesce(sum("ledger_transfers"."amount_kobo"), 0)::text as total from "ledger_transfers" inner join "ledger_accounts" on "ledger_accounts"."id" = "ledger_transfers"."credit_account_id" where ("ledger_accounts"."user_id" = $1 and "ledger_accounts"."kind" = $2 and "ledger_transfers"."kind" in ($3, $4)) group by "ledger_transfers"."kind"`,
  viewTotals: `select coalesce(sum("reward_kobo"), 0)::text as earned, count(*) filter (where "claimed_at" is not null) as views, count(*) filter (where "lagos_day" = $1) as today from "advert_views" where "advert_views"."user_id" = $2`,
  tier: `select "membership_tiers"."daily_ad_views" from "users" inner join "membership_tiers" on "membership_tiers"."id" = "users"."membership_tier_id" where "users"."id" = $1`,
  weeklyRank: `select "referrals"."referrer_id", count(*) as n from "referrals" inner join "users" on "users"."id" = "referrals"."referrer_id" where ("referrals"."status" = $1 and "users"."role" = $2 and "referrals"."approved_at" >= $3 and "referrals"."approved_at" < $4) group by "referrals"."referrer_id"`,
  referralCount: `select count(*) from "referrals" where ("referrals"."referrer_id" = $1 and "referrals"."status" = $2)`,
  available: `select "id", "title", "description", "reward_kobo", "image_url", "created_at" from "adverts" where ("adverts"."is_active" = $1 and "adverts"."current_clicks" < "adverts"."max_clicks" and not exists (select 1 from "advert_views" where ("advert_views"."advert_id" = "adverts"."id" and "advert_views"."user_id" = $2 and "advert_views"."claimed_at" is not null))) order by "adverts"."created_at" desc, "adverts"."id" desc limit $3`,
  withdrawals: `select "id", "reference", "amount_kobo", "fee_kobo", "status", "requested_at", "processed_at", "bank_name", right("account_number", 4) from "withdrawals" where "withdrawals"."user_id" = $1 order by "withdrawals"."requested_at" desc, "withdrawals"."id" desc limit $2`,
  // claim transaction (advert-views.server.ts claimAdvertReward, then the ledger transfer)
  claimState: `select u.role, u.is_approved, u.is_restricted, t.daily_ad_views, v.id as view_id, v.started_at, v.claimed_at, a.is_active, a.current_clicks, a.max_clicks, (select advert_dwell_seconds from app_settings where id = 1) as dwell_seconds from users u join membership_tiers t on t.id = u.membership_tier_id join advert_views v on v.user_id = u.id and v.advert_id = $1 join adverts a on a.id = v.advert_id where u.id = $2 for no key update of u, v`,
  takeSlot: `update adverts set current_clicks = current_clicks + 1 where id = $1 and is_active and current_clicks < max_clicks and (select count(*) from advert_views where user_id = $2 and lagos_day = $3) < $4 returning reward_kobo`,
  // transfer.server.ts, platform → user: the transfer and its two entries in one statement
  writeTransfer: ` with accounts as ( select (select id from ledger_accounts where kind = 'platform' and code = $1) as debit_id, (select id from ledger_accounts where user_id = $2 and kind = $3) as credit_id ), transfer as ( insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_kobo, idempotency_key, reference_type, reference_id) select $4, $5::ledger_transfer_kind, debit_id, credit_id, $6::bigint, $7, $8::text, $9::text from accounts where debit_id is not null and credit_id is not null on conflict (idempotency_key) do nothing returning id, debit_account_id, credit_account_id ), entries as ( insert into ledger_entries (id, transfer_id, account_id, amount_kobo) select $10, id, debit_account_id, -$11::bigint from transfer union all select $12, id, credit_account_id, $13::bigint from transfer ) select debit_id, credit_id, (select count(*) from transfer)::int as posted from accounts`,
  markClaimed: `update advert_views set claimed_at = $1, reward_kobo = $2, lagos_day = $3, transfer_id = $4 where id = $5 and claimed_at is null returning id`,
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

/** The app sends its per-page reads as named prepared statements (app/db/prepared.server.ts). */
const named = (name, text, values) => pool.query({ name, text, values });

async function currentUser(req, now) {
  const token = sessionToken(req);
  if (!token || token.length > 100) return null;
  const idHash = sha256Hex(token);
  const at = now.toISOString();
  const { rows } = await named("find_session_user", SQL.session, [idHash, at, at]);
  const row = rows[0];
  if (!row || row.is_restricted || row.deactivated_at) return null;
  if (now.getTime() - row.last_seen_at.getTime() > 60_000) {
    const idle = new Date(Math.min(now.getTime() + 12 * 3_600_000, row.absolute_expires_at.getTime()));
    await pool.query(SQL.touch, [now, idle, now, idHash]);
  }
  return row;
}

async function dashboard(req, res) {
  const now = new Date();
  const [user, settings] = await Promise.all([currentUser(req, now), named("app_settings", SQL.settings, [1])]);
  if (!user || user.role !== "user") return send(res, 302, "", { Location: "/login" });
  const id = user.user_id;
  const { start, end } = lagosWeek(now);
  const [earned, totals, tier, rank, referrals, adverts, withdrawals] = await Promise.all([
    named("earned_totals", SQL.earned, [id, "user_available", "advert_reward", "referral_reward"]),
    named("advert_view_totals", SQL.viewTotals, [lagosDay(now), id]),
    named("member_daily_limit", SQL.tier, [id]),
    named("weekly_referral_counts", SQL.weeklyRank, ["approved", "user", start.toISOString(), end.toISOString()]),
    named("approved_referral_count", SQL.referralCount, [id, "approved"]),
    named("available_adverts", SQL.available, [true, id, 13]), // 12 cards and whether there are more
    named("member_withdrawals", SQL.withdrawals, [id, 10]),
  ]);
  const mine = rank.rows.find((r) => r.referrer_id === id);
  const body = {
    settings: { appName: settings.rows[0].app_name, logoUrl: settings.rows[0].logo_url },
    name: user.name,
    membershipName: user.tier_name,
    earned: earned.rows,
    views: totals.rows[0],
    dailyLimit: tier.rows[0]?.daily_ad_views ?? 0,
    weeklyRank: mine ? rank.rows.filter((r) => Number(r.n) > Number(mine.n)).length + 1 : null,
    referrals: Number(referrals.rows[0].count),
    adverts: adverts.rows.slice(0, 12),
    moreAdverts: adverts.rows.length > 12,
    withdrawals: withdrawals.rows,
  };
  send(res, 200, JSON.stringify(body), { "Content-Type": "application/json" });
}

async function claim(req, res, advertId) {
  const body = await readBody(req);
  if (new URLSearchParams(body).get("intent") !== "claim") return send(res, 400, "Unknown form action.");
  const now = new Date();
  const user = await currentUser(req, now);
  if (!user || user.role !== "user") return send(res, 302, "", { Location: "/login" });
  const userId = user.user_id;
  const day = lagosDay(now);
  const client = await pool.connect();
  let outcome;
  try {
    await client.query("begin");
    outcome = await claimIn(client, userId, advertId, day, now);
    await client.query("commit"); // the app commits refusals too (the callback returns normally)
  } catch (err) {
    await client.query("rollback").catch(() => {});
    client.release();
    throw err;
  }
  client.release();
  send(res, 302, "", { Location: "/dashboard", "X-Claim": outcome });
}

async function claimIn(tx, userId, advertId, day, now) {
  // Member and view locked, with the advert and the dwell setting (one statement). No row: the
  // app takes its refusal path (never taken here: the bench starts every view it claims).
  const state = (await tx.query(SQL.claimState, [advertId, userId])).rows[0];
  if (!state) return "not-started";
  if (state.role !== "user" || !state.is_approved || state.is_restricted) return "not-member";
  if (!state.is_active) return "not-found";
  if (state.claimed_at) return "already-claimed";
  if (state.current_clicks >= state.max_clicks) return "no-slots";
  const dwell = state.dwell_seconds;
  if (now.getTime() - state.started_at.getTime() < dwell * 1000) return "too-early";
  // The slot, if under today's limit (the count in the same statement).
  const slot = (await tx.query(SQL.takeSlot, [advertId, userId, day, state.daily_ad_views])).rows[0];
  if (!slot) return "no-slots";
  const amount = BigInt(slot.reward_kobo).toString();

  // transfer(): advert_rewards → member available, one statement, no savepoint, no lock of its own
  const transferId = newId();
  const key = `advert-view:${advertId}:${userId}`;
  const written = (
    await tx.query(SQL.writeTransfer, [
      "advert_rewards", userId, "user_available", transferId, "advert_reward", amount, key, "advert_view", state.view_id,
      newId(), amount, newId(), amount,
    ])
  ).rows[0];
  if (!written.credit_id) throw new Error("ledger accounts missing (the bench seeds them)");
  if (written.posted !== 1) throw new Error(`${key} was already used`);

  const claimed = await tx.query(SQL.markClaimed, [now.toISOString(), amount, day, transferId, state.view_id]);
  if (claimed.rowCount !== 1) throw new Error("the view was claimed under our lock");
  return "ok";
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

const server = createServer((req, res) => {
  const path = (req.url ?? "/").split("?")[0];
  let work;
  if (req.method === "GET" && (path === "/dashboard" || path === "/dashboard.data")) work = dashboard(req, res);
  else if (req.method === "POST" && path.startsWith("/adverts/")) work = claim(req, res, decodeURIComponent(path.slice(9)));
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
