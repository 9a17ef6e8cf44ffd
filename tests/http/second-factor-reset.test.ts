import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, totpFactors, users } from "~/db/schema";
import { openPglite, runMigrations } from "~/db/client.server";
import { startTestApp } from "~test/app";
import { signIn } from "~test/sign-in";

/**
 * `npm run second-factor:reset -- <email>` (scripts/reset-second-factor.js), run as an operator
 * runs it: a process of its own on the app's database (here an embedded one in a directory,
 * which the app has let go of), for the super admin, whose factor nobody resets from the web.
 */
const ROOT = { email: "root@reset-script.test", password: "reset-script-root-pw-1" };
const dir = await mkdtemp(path.join(os.tmpdir(), "adnaira-reset-"));
afterAll(async () => rm(dir, { recursive: true, force: true }));

const run = promisify(execFile);
/** The script with the app's configuration for that directory (no DATABASE_URL: it would win). */
function resetScript(email: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return run("node", ["scripts/reset-second-factor.js", email], {
    env: { ...env, NODE_ENV: "test", DATA_DIR: dir, LOG_LEVEL: "silent" },
  });
}

describe("resetting the super admin's second factor from the server", () => {
  it("removes it, is audited with the account as the actor, and refuses an address that is not staff", async () => {
    const database = await openPglite(dir);
    await runMigrations(database);
    const app = await startTestApp({
      database,
      env: { SUPER_ADMIN_EMAIL: ROOT.email, SUPER_ADMIN_PASSWORD: ROOT.password },
    });
    await signIn(app, ROOT); // enrols the authenticator app
    const [root] = await app.services.db.select().from(users).where(eq(users.email, ROOT.email));
    expect(await app.services.db.$count(totpFactors, eq(totpFactors.userId, root!.id))).toBe(1);
    await app.close();

    await expect(resetScript("nobody@reset-script.test")).rejects.toMatchObject({ code: 1 });
    const { stdout } = await resetScript(ROOT.email);
    expect(stdout).toContain("Two-step verification reset for");

    const after = await openPglite(dir);
    try {
      expect(await after.db.$count(totpFactors, eq(totpFactors.userId, root!.id))).toBe(0);
      const rows = await after.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "admin.reset_second_factor"), eq(auditLog.targetId, root!.id)));
      expect(rows).toMatchObject([{ actorId: root!.id, actorRole: "super_admin", after: { from: "server" } }]);
    } finally {
      await after.close();
    }
  }, 60_000);
});
