// The data-scale phase (BENCH_ONLY=scale; in a full run, after the other phases): the dashboards,
// every admin list, /messages and the admin member page (REQUESTS) at 16 connections, first on the
// small seed, then on the large one — each a fresh database with its own app process, seeded by
// scale-seed.js with the same data set, the small one at a tenth of the large one's 100,000 members
// and 1,000,000 ledger transfers over 13 months; the ratio large/small of the median and p99
// latency against the targets; then EXPLAIN (ANALYZE, BUFFERS) of every statement the app sends
// for those requests on the large database, flagging sequential scans of growing tables.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import pgUtils from "pg/lib/utils.js";
import { median, sleep } from "./lib.js";
import { LONG_HISTORY_MEMBER, scaleSizes, seedScale } from "./scale-seed.js";

const CONNECTIONS = 16;
/** The two seeds: the same data set, the small one at a tenth of the large one. */
const SEEDS = {
  small: { factor: 0.1, suffix: "scale_small", app: "app-scale-small" },
  large: { factor: 1, suffix: "scale", app: "app-scale" },
};
export const SCALE_TARGETS = { admin: 2, member: 1.2 };
/**
 * Tables that grow with members, transfers, messages or audit rows: a sequential scan of one in
 * any measured request is a FAIL (others are printed for information).
 */
const GROWING_TABLES = [
  "users",
  "sessions",
  "emails",
  "email_tokens",
  "ledger_accounts",
  "ledger_entries",
  "ledger_transfers",
  "member_period_earnings",
  "withdrawals",
  "bank_accounts",
  "upgrade_requests",
  "referrals",
  "messages",
  "audit_log",
  "advertiser_profiles",
  "campaigns",
  "advert_views",
  "provider_payments",
  "provider_transfers",
];
/** A growing table with fewer rows than this on the large seed (left empty by it) may be read whole. */
const FEW_ROWS = 1_000;
const SEARCH = "q=Member%2042";

/**
 * The measured requests, each with the kind of session it needs (admin: the super admin; member:
 * the next member each request; longMember: the member with a long history, scale-seed.js's
 * LONG_HISTORY_MEMBER) and its page (the group whose statements must scan no growing table).
 * `path` may use the seed's ids: `longMember` (that member's id), `actor` (an admin with audit rows).
 */
const REQUESTS = [
  {
    id: "adminWeek",
    label: "/admin.data?period=week",
    path: "/admin.data?period=week",
    as: "admin",
    page: "admin dashboard",
  },
  {
    id: "adminMonth",
    label: "/admin.data?period=month",
    path: "/admin.data?period=month",
    as: "admin",
    page: "admin dashboard",
  },
  {
    id: "adminYear",
    label: "/admin.data?period=year",
    path: "/admin.data?period=year",
    as: "admin",
    page: "admin dashboard",
  },
  { id: "member", label: "/dashboard.data (members)", path: "/dashboard.data", as: "member", page: "member dashboard" },
  ...["", "?filter=pending", "?filter=approved", "?filter=restricted", `?${SEARCH}`].map((q, i) => ({
    id: `users${i}`,
    path: `/admin/users.data${q}`,
    as: "admin",
    page: "Manage Users",
  })),
  ...[
    "",
    "?status=pending",
    "?status=processing",
    "?status=sent",
    "?status=completed",
    "?status=rejected",
    `?${SEARCH}`,
  ].map((q, i) => ({
    id: `withdrawals${i}`,
    path: `/admin/withdrawals.data${q}`,
    as: "admin",
    page: "Withdrawal Requests",
  })),
  ...["", `?${SEARCH}`].map((q, i) => ({
    id: `upgrades${i}`,
    path: `/admin/memberships.data${q}`,
    as: "admin",
    page: "Upgrade Requests",
  })),
  ...["", "?status=held", `?${SEARCH}`].map((q, i) => ({
    id: `referrals${i}`,
    path: `/admin/referrals.data${q}`,
    as: "admin",
    page: "referrals",
  })),
  ...["", "?status=pending"].map((q, i) => ({
    id: `advertisers${i}`,
    path: `/admin/advertisers.data${q}`,
    as: "admin",
    page: "advertisers",
  })),
  ...["", "?action=user.approve", "?actor={actor}"].map((q, i) => ({
    id: `audit${i}`,
    path: `/admin/audit.data${q}`,
    as: "admin",
    page: "audit log",
  })),
  {
    id: "messagesMember",
    label: "/messages.data (long history)",
    path: "/messages.data",
    as: "longMember",
    page: "/messages (member)",
  },
  {
    id: "messagesAdmin",
    label: "/messages.data (admin)",
    path: "/messages.data",
    as: "admin",
    page: "/messages (admin)",
  },
  { id: "memberPage", path: "/admin/users/{longMember}.data", as: "admin", page: "admin member page" },
].map((r) => ({ ...r, label: r.label ?? r.path }));

/** The request's path with the seed's ids filled in. */
const pathOf = (r, ids) => r.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(ids[name]));

/**
 * ctx: { log, getRun(target, path, connections, duration, extra), startApp(name, dbHref, opts),
 * createDatabase(suffix), stopChild, tmp, rounds, duration, warmup, fmt, table }.
 */
export function createScalePhase(ctx) {
  const { log, fmt, table } = ctx;
  const results = { small: {}, large: {} };
  /** Per seed: its sizes, the seeding time, the rollups run and the ledger check. */
  const seeding = {};
  let explained = [];
  /** The growing tables' rows on the large database (pg_class.reltuples, after VACUUM ANALYZE). */
  let tableRows = new Map();

  /**
   * Waits until the database runs no statement but ours: requests still in flight when autocannon
   * stopped finish on the server (slow ones for seconds), and must not weigh on the next run.
   */
  async function settle(client, label) {
    const t = Date.now();
    for (;;) {
      const busy = Number(
        (
          await client.query(`select count(*) from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
               and state not in ('idle')`)
        ).rows[0].count,
      );
      if (busy === 0 || Date.now() - t > 120_000) break;
      await sleep(200);
    }
    if (Date.now() - t > 1_000)
      log(`  (waited ${((Date.now() - t) / 1000).toFixed(1)} s after ${label} for the server to finish its requests)`);
  }

  async function measure(size, target, client, cookiesFile, adminCookie, ids) {
    const cookies = JSON.parse(readFileSync(cookiesFile, "utf8"));
    const cookieOf = (r) =>
      r.as === "admin" ? adminCookie : r.as === "longMember" ? cookies[LONG_HISTORY_MEMBER] : cookies[1];
    const run = async (r, duration) => {
      const res = await ctx.getRun(
        target,
        pathOf(r, ids),
        CONNECTIONS,
        duration,
        r.as === "member" ? { cookiesFile } : { cookie: cookieOf(r) },
      );
      await settle(client, r.label);
      return res;
    };
    // Sanity: each answers 200 to its kind of session.
    for (const r of REQUESTS) {
      const res = await fetch(target.url + pathOf(r, ids), { headers: { cookie: cookieOf(r) }, redirect: "manual" });
      const body = await res.text();
      // A .data request answers 200 also when a loader redirected or threw: look for that in the body.
      if (res.status !== 200 || /"redirect"|SingleFetchRedirect|ErrorResponse/.test(body))
        throw new Error(`scale (${size}): GET ${pathOf(r, ids)} as ${r.as}: HTTP ${res.status} ${body.slice(0, 200)}`);
    }
    if (ctx.warmup > 0) {
      log(`scale (${size}): warm-up (${ctx.warmup} s per request)…`);
      for (const r of REQUESTS) await run(r, ctx.warmup);
    }
    await client.query("analyze");
    for (let round = 1; round <= ctx.rounds; round++) {
      for (const r of REQUESTS) {
        const res = await run(r, ctx.duration);
        (results[size][r.id] ??= []).push(res);
        log(
          `round ${round}/${ctx.rounds} scale ${size.padEnd(5)} ${r.label.padEnd(26)} ${fmt(res.rps).padStart(6)} req/s  ` +
            `p50 ${fmt(res.p50)} ms  p99 ${fmt(res.p99)} ms  (${res.ok} ok, status ${JSON.stringify(res.status)}, errors ${res.errors})` +
            (res.verified ? "" : "  ** NOT VERIFIED **"),
        );
      }
    }
  }

  /** "100,000 members and 1,000,000 transfers" at the seed's sizes. */
  const describe = (sz) => `${sz.members.toLocaleString()} members and ${sz.transfers.toLocaleString()} transfers`;

  /**
   * One seed (SEEDS[size]): a fresh database, its own app process (which migrates it), the data set
   * at the seed's factor, the requests measured; then, with `explain`, their statements EXPLAINed.
   */
  async function seedAndMeasure(size, { explain = false } = {}) {
    const { factor, suffix, app: appName } = SEEDS[size];
    const dbHref = (await ctx.createDatabase(suffix)).href;
    const app = await ctx.startApp(appName, dbHref);
    const client = new pg.Client({ connectionString: dbHref });
    await client.connect();
    try {
      log(`scale (${size}): seeding ${describe(scaleSizes(factor))} (set-based SQL, factor ${factor})…`);
      const t = Date.now();
      const seeded = await seedScale(client, log, { factor });
      const c = seeded.check;
      seeding[size] = { ms: Date.now() - t, check: c, rollups: seeded.rollups, sizes: seeded.sizes };
      log(
        `scale (${size}): seeded in ${(seeding[size].ms / 1000).toFixed(1)} s; ledger ${c.transfers} transfers, ${c.entries} entries, sum ${c.ledger_sum}, ` +
          `${c.unbalanced} unbalanced, ${c.user_mismatches} balance mismatches, ${c.negative} negative, ${c.count_drift} daily-count drifts: ${c.ok ? "consistent" : "INCONSISTENT"}` +
          (seeded.rollups.length ? `; ran ${seeded.rollups.join(", ")}` : "; no rollups to rebuild in this schema"),
      );
      log(
        `scale (${size}): transfers in the last 7 days ${c.last_week}, 30 days ${c.last_30_days}, 365 days ${c.last_year}; ` +
          `referrals approved in the last 7 days ${c.referrals_last_week}`,
      );
      const cookiesFile = path.join(ctx.tmp, `cookies-${suffix}.json`);
      writeFileSync(cookiesFile, JSON.stringify(seeded.cookies));
      await measure(
        size,
        { name: appName, url: app.url, pid: app.child.pid },
        client,
        cookiesFile,
        seeded.adminCookie,
        seeded.ids,
      );
      await ctx.stopChild(app.child);
      if (explain) explained = await explainAll(dbHref, client, seeded);
    } finally {
      await ctx.stopChild(app.child);
      await client.end().catch(() => {});
    }
  }

  /** The small seed (a tenth of the large one), measured. */
  const measureSmall = () => seedAndMeasure("small");
  /** The large seed, measured, then its statements explained. */
  const measureLarge = () => seedAndMeasure("large", { explain: true });

  /** The statements the app sends for each request (a traced app process), EXPLAINed on the large database. */
  async function explainAll(dbHref, client, seeded) {
    const app = await ctx.startApp("app-trace", dbHref, { trace: true });
    const traced = [];
    try {
      for (const r of REQUESTS) {
        const cookie =
          r.as === "admin" ? seeded.adminCookie : seeded.cookies[r.as === "longMember" ? LONG_HISTORY_MEMBER : 42];
        // The second request's statements: the first may also read what the process caches.
        let statements = [];
        for (let i = 0; i < 2; i++) {
          await sleep(300);
          const before = readFileSync(app.child.logFile, "utf8").length;
          const res = await fetch(app.url + pathOf(r, seeded.ids), { headers: { cookie }, redirect: "manual" });
          await res.text();
          await sleep(300);
          statements = readFileSync(app.child.logFile, "utf8")
            .slice(before)
            .split("\n")
            .filter((l) => l.startsWith("[sqljson] "))
            .map((l) => JSON.parse(l.slice(10)));
        }
        traced.push({ request: r, statements });
      }
    } finally {
      await ctx.stopChild(app.child);
    }
    tableRows = new Map(
      (
        await client.query(
          `select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relname = any($1)`,
          [GROWING_TABLES],
        )
      ).rows.map((row) => [row.relname, Number(row.n)]),
    );
    const out = [];
    for (const { request, statements } of traced) {
      const plans = [];
      for (const s of statements) {
        if (!/^\s*(select|with|insert|update|delete)\b/i.test(s.text)) continue;
        const custom = await explain(client, s, false);
        // A statement the app prepares (a name) runs with a generic plan once PostgreSQL finds it
        // no worse than the custom ones (plan_cache_mode auto, after five runs): show that too.
        const generic = s.name ? await explain(client, s, true) : null;
        plans.push({
          statement: s,
          plan: custom.text + (generic ? `\n-- generic plan (as a prepared statement may run):\n${generic.text}` : ""),
          seqScans: [...custom.seqScans, ...(generic?.seqScans.map((t) => `${t} (generic plan)`) ?? [])],
          time: custom.time,
          genericTime: generic?.time,
        });
      }
      out.push({ request, plans });
    }
    return out;
  }

  /**
   * EXPLAIN (ANALYZE, BUFFERS) inside a transaction rolled back (ANALYZE runs the statement: a
   * session's last-seen update included). generic: as a prepared statement with
   * plan_cache_mode = force_generic_plan, the values given to EXECUTE as literals.
   */
  async function explain(client, s, generic) {
    let text;
    await client.query("begin");
    try {
      if (generic) {
        await client.query("set local plan_cache_mode = force_generic_plan");
        await client.query(`prepare bench_generic as ${s.text}`);
        const args = s.values.map((v) => (v === null ? "null" : client.escapeLiteral(String(pgUtils.prepareValue(v)))));
        const res = await client.query(
          `explain (analyze, buffers) execute bench_generic${args.length ? `(${args.join(", ")})` : ""}`,
        );
        text = res.rows.map((row) => row["QUERY PLAN"]).join("\n");
      } else {
        const res = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
        text = res.rows.map((row) => row["QUERY PLAN"]).join("\n");
      }
    } catch (err) {
      text = `(EXPLAIN failed: ${err.message})`;
    } finally {
      await client.query("rollback");
      if (generic) await client.query("deallocate all");
    }
    return {
      text,
      seqScans: [...text.matchAll(/(?:Parallel )?Seq Scan on (\w+)/g)].map((m) => m[1]),
      time: Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN),
    };
  }

  /** Prints the plans, the seq-scan summary and the results table; pushes its verdicts. */
  function report(verdicts) {
    const measuredBoth = REQUESTS.every((r) => results.small[r.id] && results.large[r.id]);
    if (!measuredBoth) return;
    const oneLine = (sqlText) => sqlText.replace(/\s+/g, " ").trim();
    console.log("");
    console.log(
      `Data scale: EXPLAIN (ANALYZE, BUFFERS) of each statement the app sends, on ${describe(seeding.large.sizes)}:`,
    );
    const seen = new Map();
    for (const { request, plans } of explained) {
      console.log("");
      console.log(`=== ${request.label} (${plans.length} statements) ===`);
      plans.forEach((p, i) => {
        const key = p.statement.text + JSON.stringify(p.statement.values);
        const shown = oneLine(p.statement.text);
        console.log("");
        console.log(
          `-- [${request.id} ${i + 1}] ${fmt(p.time, 2)} ms${p.genericTime !== undefined ? ` (generic plan ${fmt(p.genericTime, 2)} ms)` : ""}${p.statement.name ? ` (prepared as ${p.statement.name})` : ""}: ${shown.length > 400 ? `${shown.slice(0, 400)}…` : shown}`,
        );
        if (p.statement.values.length) console.log(`--   values ${JSON.stringify(p.statement.values)}`);
        if (seen.has(key)) {
          console.log(`--   same statement and values as [${seen.get(key)}]`);
          return;
        }
        seen.set(key, `${request.id} ${i + 1}`);
        console.log(p.plan.replace(/^/gm, "   "));
      });
    }

    console.log("");
    console.log(
      `Data scale: sequential scans at ${seeding.large.sizes.transfers.toLocaleString()} transfers (a table that grows with members, transfers, messages or audit rows fails its page; others for information):`,
    );
    const growingScans = new Map(REQUESTS.map((r) => [r.page, []]));
    for (const { request, plans } of explained) {
      plans.forEach((p, i) => {
        for (const tableName of p.seqScans) {
          const bare = tableName.replace(/ \(generic plan\)$/, "");
          // A table the seed leaves (nearly) empty is read whole by any plan: not counted.
          const growing = GROWING_TABLES.includes(bare) && (tableRows.get(bare) ?? 0) >= FEW_ROWS;
          if (growing) growingScans.get(request.page).push(`${request.id} ${i + 1} ${tableName}`);
          console.log(
            `  ${growing ? "SEQ SCAN OF A GROWING TABLE" : "seq scan (info)            "}  ${request.label} statement ${i + 1} (${fmt(p.time, 2)} ms): ${tableName} (${fmt(tableRows.get(bare) ?? 0)} rows)`,
          );
        }
      });
    }
    const slowest = explained
      .flatMap(({ request, plans }) => plans.map((p, i) => ({ request, i, p })))
      .sort((a, b) => b.p.time - a.p.time)
      .slice(0, 5);
    console.log(
      `  slowest statements: ${slowest.map(({ request, i, p }) => `${request.id} ${i + 1} ${fmt(p.time, 1)} ms`).join(", ")}`,
    );

    const seedLine = (size) => {
      const { sizes, ms, check } = seeding[size];
      return (
        `${size} = ${describe(sizes)}, ${sizes.auditRows.toLocaleString()} audit rows, seeded in ${fmt(ms / 1000, 1)} s, ` +
        `ledger after the seed ${check.ok ? "consistent" : "INCONSISTENT"}`
      );
    };
    const rows = [];
    const m = (size, id, key) => median(results[size][id].map((r) => r[key]));
    for (const r of REQUESTS) {
      const limit = r.id === "member" ? SCALE_TARGETS.member : SCALE_TARGETS.admin;
      const p50Ratio = m("large", r.id, "p50") / m("small", r.id, "p50");
      const p99Ratio = m("large", r.id, "p99") / m("small", r.id, "p99");
      // A run in which no request was answered (each took longer than the run) has no latency: FAIL.
      const verified = [...results.small[r.id], ...results.large[r.id]].every((x) => x.verified);
      const ok = verified && p50Ratio <= limit && p99Ratio <= limit;
      verdicts.push(ok);
      rows.push([
        r.label,
        fmt(m("small", r.id, "rps")),
        fmt(m("small", r.id, "p50")),
        fmt(m("small", r.id, "p99")),
        fmt(m("large", r.id, "rps")),
        fmt(m("large", r.id, "p50")),
        fmt(m("large", r.id, "p99")),
        fmt(p50Ratio, 2),
        fmt(p99Ratio, 2),
        `≤ ${limit}×`,
        (ok ? "PASS" : "FAIL") + (verified ? "" : " (unverified)"),
      ]);
    }
    for (const [page, scans] of growingScans) {
      const ok = scans.length === 0;
      verdicts.push(ok);
      rows.push([
        `${page}: seq scans`,
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "none",
        ok
          ? "PASS"
          : `FAIL (${scans.length}: ${[
              ...new Set(
                scans.map((x) =>
                  x
                    .replace(/ \(generic plan\)$/, "")
                    .split(" ")
                    .pop(),
                ),
              ),
            ].join(", ")})`,
      ]);
    }
    console.log("");
    console.log(
      `Data scale (${CONNECTIONS} connections; the same data set over 13 months at two sizes, ${seedLine("small")}; ${seedLine("large")}` +
        `${seeding.large.rollups.length ? `; ${seeding.large.rollups.join(" and ")} run after each seed` : ""}):`,
    );
    console.log(
      table(rows, [
        "request",
        "small req/s",
        "small p50",
        "small p99",
        "large req/s",
        "large p50",
        "large p99",
        "p50 ×",
        "p99 ×",
        "target",
        "result",
      ]),
    );
    return seeding.small.check.ok && seeding.large.check.ok;
  }

  return {
    measureSmall,
    measureLarge,
    report,
    verified: () =>
      Object.values(results).every((s) =>
        Object.values(s)
          .flat()
          .every((r) => r.verified),
      ),
  };
}
