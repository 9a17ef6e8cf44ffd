import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSettings, auditLog } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { DEFAULT_APP_SETTINGS, getAppSettings } from "./app-settings";
import { updateAdvertMoneyLimits, updateBranding } from "./update-app-settings.server";

const { db } = await openTestDatabase();

const settingsAudit = () => db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));

async function actorWith(role: Actor["role"], permissions: readonly (typeof PERMISSIONS)[number][]): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "105.113.7.7" };
}

describe("updateBranding", () => {
  it("needs manage_settings: an admin without it and a member are refused, nothing changes", async () => {
    const before = await getAppSettings(db);
    const withoutIt = await actorWith(
      "admin",
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    const member = await actorWith("user", ["manage_settings"]);
    for (const actor of [withoutIt, member]) {
      expect(await updateBranding(db, actor, { appName: "Hijacked", logoUrl: "/evil.svg" })).toEqual({
        status: "forbidden",
      });
    }
    expect(await getAppSettings(db)).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("saving the current values is changed:false and writes no audit row", async () => {
    const actor = await actorWith("admin", ["manage_settings"]);
    const before = await getAppSettings(db);
    const result = await updateBranding(db, actor, { appName: before.appName, logoUrl: before.logoUrl });
    expect(result).toMatchObject({ status: "ok", changed: false });
    expect(await getAppSettings(db)).toEqual(before);
    expect(await settingsAudit()).toEqual([]);
  });

  it("a change is saved, audited with before/after, and read back by getAppSettings", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const start = await getAppSettings(db);
    expect(start).toMatchObject({ appName: DEFAULT_APP_SETTINGS.appName, logoUrl: DEFAULT_APP_SETTINGS.logoUrl });

    expect(
      await updateBranding(db, admin, { appName: "AdNaira Plus", logoUrl: "https://cdn.example.com/logo.png" }),
    ).toMatchObject({
      status: "ok",
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
      status: "ok",
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
      status: "ok",
      changed: false,
    });
    expect(await settingsAudit()).toHaveLength(2);
  });
});

describe("updateAdvertMoneyLimits", () => {
  const limits = (reward: bigint, budget: bigint) => ({ maxAdvertRewardKobo: reward, maxAdvertBudgetKobo: budget });
  const auditBy = (actorId: string) => db.select().from(auditLog).where(eq(auditLog.actorId, actorId));

  it("defaults to ₦1,000.00 a click and ₦1,000,000.00 an advert", async () => {
    expect(await getAppSettings(db)).toMatchObject({
      maxAdvertRewardKobo: 100_000n,
      maxAdvertBudgetKobo: 100_000_000n,
    });
    expect(DEFAULT_APP_SETTINGS).toMatchObject({ maxAdvertRewardKobo: 100_000n, maxAdvertBudgetKobo: 100_000_000n });
  });

  it("needs manage_settings: manage_adverts alone, every other permission and a member are refused, nothing changes", async () => {
    const before = await getAppSettings(db);
    const advertsAdmin = await actorWith("admin", ["manage_adverts"]);
    const withoutIt = await actorWith(
      "admin",
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    );
    const member = await actorWith("user", ["manage_settings"]);
    for (const actor of [advertsAdmin, withoutIt, member]) {
      expect(await updateAdvertMoneyLimits(db, actor, limits(10_000_000n, 10_000_000_000n))).toEqual({
        status: "forbidden",
      });
      expect(await auditBy(actor.id)).toEqual([]);
    }
    expect(await getAppSettings(db)).toEqual(before);
  });

  it("a change is saved and audited with before/after in kobo; the same values again write nothing", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const start = await getAppSettings(db);
    expect(await updateAdvertMoneyLimits(db, admin, limits(250_050n, 50_000_000n))).toEqual({
      status: "ok",
      changed: true,
    });
    const after = await getAppSettings(db);
    expect(after).toMatchObject({ maxAdvertRewardKobo: 250_050n, maxAdvertBudgetKobo: 50_000_000n });
    const { maxAdvertRewardKobo: _r, maxAdvertBudgetKobo: _b, updatedAt: _u, ...restAfter } = after;
    const { maxAdvertRewardKobo: _r2, maxAdvertBudgetKobo: _b2, updatedAt: _u2, ...restBefore } = start;
    expect(restAfter).toEqual(restBefore);
    expect(await auditBy(admin.id)).toEqual([
      expect.objectContaining({
        action: "settings.update",
        targetType: "settings",
        ip: "105.113.7.7",
        before: { maxAdvertRewardKobo: "100000", maxAdvertBudgetKobo: "100000000" },
        after: { maxAdvertRewardKobo: "250050", maxAdvertBudgetKobo: "50000000" },
      }),
    ]);
    expect(await updateAdvertMoneyLimits(db, admin, limits(250_050n, 50_000_000n))).toEqual({
      status: "ok",
      changed: false,
    });
    expect(await auditBy(admin.id)).toHaveLength(1);
  });

  it("refuses limits the form would refuse, and so does the database", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const before = await getAppSettings(db);
    for (const [reward, budget] of [
      [0n, 100_000n],
      [-1n, 100_000n],
      [10_000_001n, 10_000_000_000n], // above the ceiling per click
      [100_000n, 10_000_000_001n], // above the ceiling per advert
      [200_000n, 100_000n], // a click worth more than the whole advert
    ] as const) {
      await expect(updateAdvertMoneyLimits(db, admin, limits(reward, budget))).rejects.toThrow(RangeError);
    }
    expect(await getAppSettings(db)).toEqual(before);
    expect(await auditBy(admin.id)).toEqual([]);
    await expect(
      db.update(appSettings).set({ maxAdvertRewardKobo: 0n }).where(eq(appSettings.id, 1)),
    ).rejects.toThrow();
    await expect(
      db.update(appSettings).set({ maxAdvertRewardKobo: 200n, maxAdvertBudgetKobo: 100n }).where(eq(appSettings.id, 1)),
    ).rejects.toThrow();
  });
});
