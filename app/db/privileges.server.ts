import { getTableName, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import { rowsOf } from "./client.server";
import { auditLog, ledgerAccounts, ledgerEntries, ledgerTransfers, reconciliationResolutions } from "./schema";

/**
 * The app's database role when it is not the owner (DATABASE_MIGRATION_URL beside DATABASE_URL):
 * what it may do, in one place. The owner runs the migrations, then {@link grantAppPrivileges}
 * on every start, so tables added by a migration get their grants in the same start.
 *
 * - History is append-only: the ledger's transfers and entries, the audit log and the
 *   reconciliation page's resolutions take SELECT and INSERT only. Their triggers refuse UPDATE,
 *   DELETE and TRUNCATE too, but an owner can switch triggers off; a role that owns nothing
 *   cannot (ALTER TABLE needs ownership).
 * - Ledger accounts: SELECT, INSERT (new members' accounts) and UPDATE of the cached balance
 *   columns only, which the entry trigger writes with the inserting role's rights (its guard
 *   trigger still refuses a balance change that does not come from an entry). The `FOR UPDATE`
 *   lock a transfer takes needs that UPDATE right too. No DELETE.
 * - Every other table: SELECT, INSERT, UPDATE, DELETE. Never TRUNCATE, REFERENCES or TRIGGER.
 * - Sequences: USAGE and SELECT. Functions (the advert claim, ledger_write_transfer): EXECUTE.
 *   They run with the caller's rights (SECURITY INVOKER), so the grants above bound them too.
 * - No objects of its own: no CREATE on the schema and no TEMPORARY on the database (taken from
 *   PUBLIC, which every role inherits). A temporary table is searched before the real ones inside
 *   the ledger's trigger functions, and a trigger on one runs a level deeper than the balance
 *   guard allows: either would let the role move balances without entries.
 */
export const APPEND_ONLY_TABLES = [auditLog, ledgerTransfers, ledgerEntries, reconciliationResolutions].map((t) =>
  getTableName(t),
);
const LEDGER_ACCOUNTS = getTableName(ledgerAccounts);
const LEDGER_ACCOUNT_UPDATABLE_COLUMNS = ["balance_kobo", "updated_at"];

/** The app role cannot be confined: it is the owner, a member of the owner's role, or a superuser. */
export class DatabaseRoleError extends Error {}

/** The role a connection acts as. */
export async function currentRole(db: Database): Promise<string> {
  const [row] = rowsOf<{ role: string }>(await db.execute(sql`select current_user as role`));
  return row!.role;
}

/**
 * Sets the app role's privileges on the public schema's tables, sequences and functions, from
 * scratch each time (REVOKE ALL first, so a grant made by hand does not linger), in one
 * transaction: other app processes see the old set or the new one. Run on the owner's
 * connection, after the migrations.
 */
export async function grantAppPrivileges(ownerDb: Database, appRole: string): Promise<void> {
  const role = sql.identifier(appRole);
  const tables = (names: readonly string[]) =>
    sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    );
  await ownerDb.transaction(async (tx) => {
    const [{ database } = { database: "" }] = rowsOf<{ database: string }>(
      await tx.execute(sql`select current_database() as database`),
    );
    await tx.execute(sql`revoke temporary on database ${sql.identifier(database)} from public, ${role}`);
    await tx.execute(sql`revoke create on schema public from public, ${role}`);
    await assertConfinable(tx, appRole);
    await tx.execute(sql`grant usage on schema public to ${role}`);
    await tx.execute(sql`revoke all on all tables in schema public from ${role}`);
    await tx.execute(sql`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await tx.execute(sql`revoke update, delete on ${tables(APPEND_ONLY_TABLES)} from ${role}`);
    // A table-level REVOKE removes the column-level grants as well: revoke, then grant the columns.
    await tx.execute(sql`revoke update, delete on ${sql.identifier(LEDGER_ACCOUNTS)} from ${role}`);
    await tx.execute(
      sql`grant update (${tables(LEDGER_ACCOUNT_UPDATABLE_COLUMNS)}) on ${sql.identifier(LEDGER_ACCOUNTS)} to ${role}`,
    );
    await tx.execute(sql`revoke all on all sequences in schema public from ${role}`);
    await tx.execute(sql`grant usage, select on all sequences in schema public to ${role}`);
    await tx.execute(sql`grant execute on all functions in schema public to ${role}`);
  });
}

/**
 * Refuses an app role that privileges cannot confine: a superuser ignores them, and the owner of
 * a table (or a member of the owner's role) can disable its triggers and grant itself anything.
 */
async function assertConfinable(db: Database, appRole: string): Promise<void> {
  const [first] = await databaseRoleRisks(db, appRole);
  if (first) throw new DatabaseRoleError(first.message);
}

/** Why a role could rewrite history: what `/readyz` lists, and what the start logs or refuses. */
export type DatabaseRoleRisk = {
  code:
    | "database-role-superuser"
    | "database-role-owns-database"
    | "database-role-may-create-objects"
    | "database-role-owns-tables";
  message: string;
};

/**
 * What lets `appRole` escape the append-only ledger and audit log, most serious first; none for a
 * role that owns nothing (the DATABASE_MIGRATION_URL setup). A superuser is reported alone: it
 * ignores privileges and ownership, so the rest would add nothing.
 */
export async function databaseRoleRisks(db: Database, appRole: string): Promise<DatabaseRoleRisk[]> {
  const [role] = rowsOf<{ superuser: boolean }>(
    await db.execute(sql`select rolsuper as superuser from pg_roles where rolname = ${appRole}`),
  );
  if (role?.superuser) {
    return [
      {
        code: "database-role-superuser",
        message: `DATABASE_URL connects as ${appRole}, a superuser: give the app a role of its own (not a superuser, owning nothing) to confine it.`,
      },
    ];
  }
  const owned = rowsOf<{ name: string; owner: string }>(
    await db.execute(sql`
      select c.relname as name, pg_get_userbyid(c.relowner) as owner
        from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'S', 'v', 'm')
         and pg_has_role(${appRole}, c.relowner, 'MEMBER')
       order by c.relname in (${sql.join(
         APPEND_ONLY_TABLES.map((name) => sql`${name}`),
         sql`, `,
       )}) desc, c.relname
       limit 5`),
  );
  const [rights] = rowsOf<{ temporary: boolean; create: boolean; owner: boolean }>(
    await db.execute(sql`
      select has_database_privilege(${appRole}, current_database(), 'TEMPORARY') as temporary,
             has_schema_privilege(${appRole}, 'public', 'CREATE') as create,
             pg_has_role(${appRole}, (select datdba from pg_database where datname = current_database()), 'MEMBER')
               or pg_has_role(${appRole}, (select nspowner from pg_namespace where nspname = 'public'), 'MEMBER') as owner`),
  );
  const risks: DatabaseRoleRisk[] = [];
  if (rights?.owner) {
    risks.push({
      code: "database-role-owns-database",
      message:
        `DATABASE_URL connects as ${appRole}, which owns (or is a member of the role that owns) the database or its public schema, ` +
        `and so can drop and replace the ledger and audit tables. Let the DATABASE_MIGRATION_URL role own them.`,
    });
  }
  if (rights?.temporary || rights?.create) {
    risks.push({
      code: "database-role-may-create-objects",
      message:
        `DATABASE_URL connects as ${appRole}, which may still create ${rights.temporary ? "temporary tables" : "objects in the public schema"} ` +
        `(granted to it directly or through another role) and with them move balances without ledger entries. ` +
        `Revoke that right, or let the DATABASE_MIGRATION_URL role own the database so the app can revoke it at start.`,
    });
  }
  if (owned.length > 0) {
    const { name, owner } = owned[0]!;
    risks.push({
      code: "database-role-owns-tables",
      message:
        `DATABASE_URL connects as ${appRole}, which owns (or is a member of ${owner}, which owns) ${name}` +
        `${owned.length > 1 ? " and other tables" : ""}: an owner can switch off the append-only triggers. ` +
        `Let the DATABASE_MIGRATION_URL role own the tables (as a superuser: REASSIGN OWNED BY ${appRole} TO <that role>) ` +
        `and connect the app as a role that owns nothing.`,
    });
  }
  return risks;
}
