import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { createTestDatabase } from "../../../tests/support/database";
import { createUser } from "../../../tests/support/factories";
import { DEFAULT_APP_SETTINGS, getAppSettings } from "./app-settings";
import { updateBranding } from "./update-app-settings.server";

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(async () => handle?.close());

const settingsAudit = () => db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));

async function actorWith(role: Actor["role"], permissions: readonly (typeof PERMISSIONS)[number][]): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "105.113.7.7" };
}

describe("updateBranding", () => {
  it("needs manage_settings: an admin without it and a member are refused, nothing changes", async () => {
    const before = await getAppSettings(db);
    const withoutIt = await actorWith("admin", PERMISSIONS.filter((p) => p !== "manage_settings"));
    const member = await actorWith("user", ["manage_settings"]);
    for (const actor of [withoutIt, member]) {
      expect(await updateBranding(db, actor, { appName: "Hijacked", logoUrl: "/evil.svg" })).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
    expect(await getAppSettings(db)).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("saving the current values is changed:false and writes no audit row", async () => {
    const actor = await actorWith("admin", ["manage_settings"]);
    const before = await getAppSettings(db);
    const result = await updateBranding(db, actor, { appName: before.appName, logoUrl: before.logoUrl });
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(await getAppSettings(db)).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("a change is saved, audited with before/after, and read back by getAppSettings", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const start = await getAppSettings(db);
    expect(start).toMatchObject({ appName: DEFAULT_APP_SETTINGS.appName, logoUrl: DEFAULT_APP_SETTINGS.logoUrl });

    expect(await updateBranding(db, admin, { appName: "AdNaira Plus", logoUrl: "https://cdn.example.com/logo.png" })).toMatchObject({
      ok: true,
      changed: true,
    });
    const after = await getAppSettings(db);
    expect(after).toMatchObject({ appName: "AdNaira Plus", logoUrl: "https://cdn.example.com/logo.png" });
    // Only the branding changed.
    const { appName: _a, logoUrl: _l, updatedAt: _u, ...restAfter } = after;
    const { appName: _a2, logoUrl: _l2, updatedAt: _u2, ...restBefore } = start;
    expect(restAfter).toEqual(restBefore);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(start.updatedAt.getTime());

    const audit = await settingsAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      targetType: "settings",
      targetId: null,
      ip: "105.113.7.7",
      before: { appName: "AdNaira", logoUrl: "/logo.svg" },
      after: { appName: "AdNaira Plus", logoUrl: "https://cdn.example.com/logo.png" },
    });

    // Changing one of the two is a change; the audit records the real previous values.
    const root = await actorWith("super_admin", []);
    expect(await updateBranding(db, root, { appName: "AdNaira Plus", logoUrl: "/img/brand.png" })).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(await getAppSettings(db)).toMatchObject({ appName: "AdNaira Plus", logoUrl: "/img/brand.png" });
    const rows = await settingsAudit();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.actorId === root.id)).toMatchObject({
      before: { appName: "AdNaira Plus", logoUrl: "https://cdn.example.com/logo.png" },
      after: { appName: "AdNaira Plus", logoUrl: "/img/brand.png" },
    });

    // And saving those same values again is a no-op.
    expect(await updateBranding(db, admin, { appName: "AdNaira Plus", logoUrl: "/img/brand.png" })).toMatchObject({
      ok: true,
      changed: false,
    });
    expect(await settingsAudit()).toHaveLength(2);
  });
});
