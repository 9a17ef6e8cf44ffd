import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "~/db/client.server";
import { advertViews, withdrawals } from "~/db/schema";
import { startAdvertView } from "~/domain/adverts/advert-views.server";
import { usingPostgres } from "~test/database";
import { advertAdmin, formKey, longAgo, payee, postAdvert } from "~test/factories";
import { expectBooksBalanced } from "~test/ledger";
import { HttpClient } from "~test/app";
import { claimPayingAttention } from "~test/http-claims";
import { readyStatus, startServerProcess, until, type ServerProcess } from "~test/server-process";

/**
 * DATABASE_MIGRATION_URL (the owner: migrates) beside DATABASE_URL (the app's role). The app
 * works as usual, but its own credentials cannot rewrite history: no UPDATE, DELETE or TRUNCATE
 * on the ledger and the audit log, and no ALTER (so no switching their triggers off).
 */
const suffix = randomBytes(4).toString("hex");
const OWNER = `adnaira_owner_${suffix}`;
const APP = `adnaira_app_${suffix}`;
const DATABASE = `adnaira_test_roles_${suffix}`;
const SUPER_ADMIN = { email: "owner@roles.adnaira.test", password: "a-long-owner-password" };

const servers: ServerProcess[] = [];
const handles: DatabaseHandle[] = [];
let created = false;

async function asSuperuser(text: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The same server, connecting as `user`. */
function urlFor(user: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.username = user;
  url.password = "";
  url.pathname = `/${DATABASE}`;
  return url.href;
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const handle of handles) await handle.close();
  if (created) {
    await asSuperuser(`drop database if exists ${DATABASE} with (force)`);
    await asSuperuser(`drop role if exists ${APP}`);
    await asSuperuser(`drop role if exists ${OWNER}`);
  }
});

/** The SQLSTATE a statement run as the app role fails with (fails the test if it succeeds). */
async function refusedAsApp(client: pg.Client, text: string): Promise<string> {
  try {
    await client.query(text);
  } catch (err) {
    return `${(err as { code?: string }).code}: ${(err as Error).message}`;
  }
  throw new Error(`the app role was allowed to run: ${text}`);
}

/** The toast title a redirect carries (signed cookie: base64 JSON, a dot, the signature). */
function toastTitle(res: { headers: Headers }): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("adnaira_toast="));
  const value = line && decodeURIComponent(line.slice("adnaira_toast=".length).split(";")[0]!);
  if (!value) return null;
  return (
    JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as { title: string }
  ).title;
}

/** GET /readyz: its status and body. */
async function readiness(origin: string) {
  const res = await fetch(`${origin}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; warnings?: string[] } };
}

/** The start's warning about an app role that could rewrite the ledger's history. */
const ROLE_WARNING = "The app's database role can rewrite the ledger's history.";

async function start(env: Record<string, string>) {
  const server = await startServerProcess({
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    ...env,
  });
  servers.push(server);
  return server;
}

async function startedAndReady(env: Record<string, string>) {
  const server = await start(env);
  await until(
    "the app to answer",
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the app exited:\n${server.output()}`);
      return (await readyStatus(server.origin)) === 200 ? true : undefined;
    },
    60_000,
  );
  return server;
}

describe("an app role apart from the owner (DATABASE_MIGRATION_URL)", () => {
  it.runIf(usingPostgres())(
    "the owner migrates; the app works through its own role, which cannot change the ledger or the audit log",
    async () => {
      await asSuperuser(`create role ${OWNER} login`);
      await asSuperuser(`create role ${APP} login`);
      created = true;
      await asSuperuser(`create database ${DATABASE} owner ${OWNER}`);
      const env = { DATABASE_URL: urlFor(APP), DATABASE_MIGRATION_URL: urlFor(OWNER) };
      let server = await startedAndReady(env);
      // A role that owns nothing: nothing to warn about, in the log or on /readyz.
      expect(await readiness(server.origin)).toEqual({
        status: 200,
        body: { status: "ready", database: "up", warnings: [] },
      });
      expect(server.output()).not.toContain(ROLE_WARNING);

      // Everything belongs to the owner; the app role has exactly its grants.
      const app = new pg.Client({ connectionString: urlFor(APP) });
      await app.connect();
      try {
        const { rows: tables } = await app.query<{ name: string; owner: string; privileges: string[] }>(
          `select c.relname as name, pg_get_userbyid(c.relowner) as owner,
                  array(select p from unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p
                         where has_table_privilege(current_user, c.oid, p)) as privileges
             from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
        );
        expect(tables.length).toBeGreaterThan(10);
        for (const t of tables) {
          expect(t.owner, t.name).toBe(OWNER);
          const expected = [
            "audit_log",
            "ledger_transfers",
            "ledger_entries",
            "ledger_accounts",
            "reconciliation_resolutions",
          ].includes(t.name)
            ? ["SELECT", "INSERT"]
            : ["SELECT", "INSERT", "UPDATE", "DELETE"];
          expect(t.privileges, t.name).toEqual(expected);
        }
        // Of an account, only the cached balance (written by the entry trigger) may change.
        const { rows: columns } = await app.query<{ column_name: string }>(
          `select column_name from information_schema.column_privileges
            where table_name = 'ledger_accounts' and grantee = current_user and privilege_type = 'UPDATE' order by 1`,
        );
        expect(columns.map((c) => c.column_name)).toEqual(["balance_kobo", "updated_at"]);

        // The app works normally, every write through the app role: money credited through the
        // ledger, a member's withdrawal request and an advert claim over HTTP, admin decisions.
        const appDb = openPostgres(urlFor(APP), undefined, { max: 2 });
        handles.push(appDb);
        const db = appDb.db;
        const member = await payee(db, { balanceKobo: 10_000n });
        const memberClient = new HttpClient(server.origin);
        await memberClient.login(member.email, member.password);
        const key = formKey();
        const requested = await memberClient.post("/profile/withdraw", { amount: "20", idempotencyKey: key });
        expect(requested.status).toBe(302);
        expect(toastTitle(requested)).toBe("Withdrawal Requested");
        const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.idempotencyKey, key));
        expect(withdrawal).toMatchObject({ amountKobo: 2_000n, status: "pending" });

        const admin = new HttpClient(server.origin);
        await admin.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
        for (const intent of ["start-processing", "complete"]) {
          const res = await admin.post("/admin/withdrawals", { intent, withdrawalId: withdrawal!.id });
          expect(res.status, intent).toBe(200);
          expect(res.body).toContain("Withdrawal Updated");
        }

        const advertId = await postAdvert(db, await advertAdmin(db), { rewardKobo: 1_500n });
        await startAdvertView(db, member.id, advertId, longAgo());
        // Claim Reward, then the right pick at the attention check: both through the app role.
        const claimed = await claimPayingAttention(db, memberClient, member.id, advertId, { form: {} });
        expect(claimed).toMatchObject({ status: 302, location: "/dashboard" });
        expect(toastTitle(claimed)).toBe("Reward Earned!");
        const [view] = await db
          .select()
          .from(advertViews)
          .where(and(eq(advertViews.userId, member.id), eq(advertViews.advertId, advertId)));
        expect(view?.claimedAt).toBeInstanceOf(Date);
        await expectBooksBalanced(db);

        // What the app's credentials cannot do.
        expect(await refusedAsApp(app, "alter table ledger_entries disable trigger all")).toMatch(
          /^42501: must be owner of table ledger_entries/,
        );
        expect(await refusedAsApp(app, "alter table audit_log disable trigger audit_log_no_truncate")).toMatch(
          /^42501: must be owner/,
        );
        expect(await refusedAsApp(app, "update ledger_entries set amount_kobo = amount_kobo * 100")).toMatch(
          /^42501: permission denied for table ledger_entries/,
        );
        expect(await refusedAsApp(app, "delete from ledger_transfers")).toMatch(
          /^42501: permission denied for table ledger_transfers/,
        );
        expect(await refusedAsApp(app, "truncate audit_log")).toMatch(/^42501: permission denied for table audit_log/);
        expect(await refusedAsApp(app, "delete from audit_log")).toMatch(
          /^42501: permission denied for table audit_log/,
        );
        expect(await refusedAsApp(app, "update audit_log set action = action")).toMatch(
          /^42501: permission denied for table audit_log/,
        );
        expect(await refusedAsApp(app, "update ledger_accounts set user_id = null")).toMatch(
          /^42501: permission denied for table ledger_accounts/,
        );
        // A balance column it may write is still guarded by the trigger it cannot switch off.
        expect(
          await refusedAsApp(
            app,
            "update ledger_accounts set balance_kobo = balance_kobo + 100 where kind <> 'platform'",
          ),
        ).toMatch(/^42501: ledger_accounts: a balance changes only through ledger entries/);
        expect(await refusedAsApp(app, "drop table audit_log")).toMatch(/^42501: must be owner/);
        // Nor can it open an account that already holds money, with no entry behind it…
        expect(
          await refusedAsApp(
            app,
            `insert into ledger_accounts (id, kind, user_id, balance_kobo) values ('forged', 'user_held', '${member.id}', 10000000000)`,
          ),
        ).toMatch(/^42501: ledger_accounts: an account opens with a balance of 0/);
        // …nor create objects of its own: a temporary table is searched before the real ones in
        // the ledger's trigger functions, and a trigger on it runs past the balance guard.
        expect(await refusedAsApp(app, "create temporary table ledger_transfers (id text)")).toMatch(
          /^42501: permission denied to create temporary tables/,
        );
        expect(await refusedAsApp(app, "create table public.forged (id text)")).toMatch(
          /^42501: permission denied for schema public/,
        );
      } finally {
        await app.end();
      }

      // The grants are set again on every start: a second start (nothing to migrate) serves too,
      // with Redis as two workers that set them at the same moment.
      await server.stop();
      const redis = process.env.REDIS_URL;
      server = await startedAndReady(redis ? { ...env, WEB_CONCURRENCY: "2", REDIS_URL: redis } : env);
      const again = new HttpClient(server.origin);
      await again.login(SUPER_ADMIN.email, SUPER_ADMIN.password);
      expect((await again.get("/admin/withdrawals")).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":(50|60)/); // no worker failed to start
      await server.stop();

      // An app role that owns the tables is refused at start: the split would buy nothing.
      const owning = await start({ DATABASE_URL: urlFor(OWNER), DATABASE_MIGRATION_URL: urlFor(OWNER) });
      expect(await owning.exited).toBe(1);
      expect(owning.output()).toContain(`DATABASE_URL connects as ${OWNER}, which owns`);

      // So is an app role that owns the database (and so its public schema: it could drop the
      // tables), even when the tables belong to the migration role.
      await asSuperuser(`alter database ${DATABASE} owner to ${APP}`);
      await asSuperuser(`grant create on database ${DATABASE} to ${OWNER}`); // still migrates
      try {
        const owningDatabase = await start({ DATABASE_URL: urlFor(APP), DATABASE_MIGRATION_URL: urlFor(OWNER) });
        expect(await owningDatabase.exited).toBe(1);
        expect(owningDatabase.output()).toContain(
          `DATABASE_URL connects as ${APP}, which owns (or is a member of the role that owns) the database`,
        );
      } finally {
        await asSuperuser(`alter database ${DATABASE} owner to ${OWNER}`);
      }

      // Without DATABASE_MIGRATION_URL the owner's role may serve (one role, as many first
      // deployments run), but the start warns, and /readyz says so while staying ready.
      const single = await startedAndReady({ DATABASE_URL: urlFor(OWNER) });
      expect(await readiness(single.origin)).toEqual({
        status: 200,
        body: {
          status: "ready",
          database: "up",
          warnings: ["database-role-owns-database", "database-role-may-create-objects", "database-role-owns-tables"],
        },
      });
      const warning = single
        .output()
        .split("\n")
        .find((line) => line.includes(ROLE_WARNING));
      expect(JSON.parse(warning!)).toMatchObject({ level: 40 });
      // The ledger's tables are named first; the fix is said.
      expect(warning).toContain(
        `${OWNER}, which owns (or is a member of ${OWNER}, which owns) audit_log and other tables`,
      );
      expect(warning).toContain("Set DATABASE_MIGRATION_URL to a role that owns the database and its tables");
      expect(warning).toContain("A database role for the app that cannot rewrite history");
    },
    120_000,
  );
});

describe("the app's database role, checked at every start in production", () => {
  const SUPERUSER_DATABASE = `adnaira_test_superuser_${suffix}`;
  let superuserDatabase = false;
  afterAll(async () => {
    if (superuserDatabase) await asSuperuser(`drop database if exists ${SUPERUSER_DATABASE} with (force)`);
  });

  it.runIf(usingPostgres())(
    "as a superuser (DATABASE_URL alone): a warning in the log and on /readyz, still ready; outside production, none",
    async () => {
      await asSuperuser(`create database ${SUPERUSER_DATABASE}`);
      superuserDatabase = true;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${SUPERUSER_DATABASE}`;

      const production = await startedAndReady({ DATABASE_URL: url.href });
      expect(await readiness(production.origin)).toEqual({
        status: 200,
        body: { status: "ready", database: "up", warnings: ["database-role-superuser"] },
      });
      const warning = production
        .output()
        .split("\n")
        .find((line) => line.includes(ROLE_WARNING));
      expect(warning, production.output()).toBeDefined();
      expect(JSON.parse(warning!)).toMatchObject({ level: 40, warnings: ["database-role-superuser"] });
      expect(warning).toMatch(/DATABASE_URL connects as \S+, a superuser/);
      expect(warning).toContain("Set DATABASE_MIGRATION_URL");
      await production.stop();

      // The same role and database outside production (NODE_ENV=test here): no warning.
      const testing = await startedAndReady({ DATABASE_URL: url.href, NODE_ENV: "test" });
      expect((await readiness(testing.origin)).body).toEqual({ status: "ready", database: "up", warnings: [] });
      expect(testing.output()).not.toContain(ROLE_WARNING);
    },
    120_000,
  );
});
