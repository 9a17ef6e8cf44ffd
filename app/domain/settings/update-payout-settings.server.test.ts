import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { getAppSettings } from "./app-settings";
import { updateSupportChannels, updateWithdrawalLimits } from "./update-payout-settings.server";

const { db } = await openTestDatabase();

const auditBy = (actorId: string) => db.select().from(auditLog).where(eq(auditLog.actorId, actorId));

async function actorWith(role: Actor["role"], permissions: readonly (typeof PERMISSIONS)[number][]): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "105.113.7.7" };
}

const withoutSettings = () =>
  Promise.all([
    actorWith(
      "admin",
      PERMISSIONS.filter((p) => p !== "manage_settings"),
    ),
    actorWith("user", ["manage_settings"]),
  ]);

const limits = (min: bigint, max: bigint, advertiserMax: bigint, feeBps: number) => ({
  minWithdrawalKobo: min,
  maxWithdrawalKobo: max,
  advertiserMaxWithdrawalKobo: advertiserMax,
  withdrawalFeeBps: feeBps,
});

describe("updateWithdrawalLimits", () => {
  it("defaults to ₦10.00–₦1,000.00 for members, ₦1,000,000.00 for advertisers, 2%", async () => {
    expect(await getAppSettings(db)).toMatchObject(limits(1_000n, 100_000n, 100_000_000n, 200));
  });

  it("needs manage_settings: nothing changes, nothing is audited", async () => {
    const before = await getAppSettings(db);
    for (const actor of await withoutSettings()) {
      expect(await updateWithdrawalLimits(db, actor, limits(1n, 2n, 3n, 0))).toEqual({ status: "forbidden" });
      expect(await auditBy(actor.id)).toEqual([]);
    }
    expect(await getAppSettings(db)).toEqual(before);
  });

  it("a change is saved and audited under settings.update with before/after; the same values write nothing", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const next = limits(5_000n, 250_000n, 50_000_000n, 250);
    expect(await updateWithdrawalLimits(db, admin, next)).toEqual({ status: "ok", changed: true });
    expect(await getAppSettings(db)).toMatchObject(next);
    expect(await auditBy(admin.id)).toEqual([
      expect.objectContaining({
        action: "settings.update",
        targetType: "settings",
        before: {
          minWithdrawalKobo: "1000",
          maxWithdrawalKobo: "100000",
          advertiserMaxWithdrawalKobo: "100000000",
          withdrawalFeeBps: 200,
        },
        after: {
          minWithdrawalKobo: "5000",
          maxWithdrawalKobo: "250000",
          advertiserMaxWithdrawalKobo: "50000000",
          withdrawalFeeBps: 250,
        },
      }),
    ]);
    expect(await updateWithdrawalLimits(db, admin, next)).toEqual({ status: "ok", changed: false });
    expect(await auditBy(admin.id)).toHaveLength(1);
  });

  it("refuses limits the form would refuse", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    const before = await getAppSettings(db);
    for (const bad of [
      limits(0n, 100n, 100n, 0),
      limits(200n, 100n, 300n, 0), // members' maximum below the minimum
      limits(200n, 300n, 100n, 0), // advertisers' maximum below the minimum
      limits(100n, 200n, 300n, 5_001), // fee above 50%
      limits(100n, 200n, 300n, -1),
      limits(100n, 200n, 300n, 2.5),
    ]) {
      await expect(updateWithdrawalLimits(db, admin, bad)).rejects.toThrow(RangeError);
    }
    expect(await getAppSettings(db)).toEqual(before);
    expect(await auditBy(admin.id)).toEqual([]);
  });
});

describe("updateSupportChannels", () => {
  const channels = {
    supportEmail: "help@adnaira.ng",
    supportPhone: "+2348031234567",
    supportWhatsapp: "2348031234567",
    payoutSchedule: "Withdrawals are paid every Friday.",
  };

  it("starts with no channel offered and the default schedule", async () => {
    expect(await getAppSettings(db)).toMatchObject({
      supportEmail: null,
      supportPhone: null,
      supportWhatsapp: null,
      payoutSchedule: "Withdrawals are reviewed and paid on working days, usually within 24 hours.",
    });
  });

  it("needs manage_settings: nothing changes, nothing is audited", async () => {
    const before = await getAppSettings(db);
    for (const actor of await withoutSettings()) {
      expect(await updateSupportChannels(db, actor, channels)).toEqual({ status: "forbidden" });
      expect(await auditBy(actor.id)).toEqual([]);
    }
    expect(await getAppSettings(db)).toEqual(before);
  });

  it("saves and audits a change; empty channels are saved as not offered", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    expect(await updateSupportChannels(db, admin, channels)).toEqual({ status: "ok", changed: true });
    expect(await getAppSettings(db)).toMatchObject(channels);
    expect(await updateSupportChannels(db, admin, channels)).toEqual({ status: "ok", changed: false });
    const off = { ...channels, supportPhone: null, supportWhatsapp: null };
    expect(await updateSupportChannels(db, admin, off)).toEqual({ status: "ok", changed: true });
    expect(await getAppSettings(db)).toMatchObject(off);
    const rows = await auditBy(admin.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.action, row.before, row.after])).toContainEqual(["settings.update", channels, off]);
  });

  it("refuses an empty or over-long schedule", async () => {
    const admin = await actorWith("admin", ["manage_settings"]);
    for (const payoutSchedule of ["", "  ", "x".repeat(201)]) {
      await expect(updateSupportChannels(db, admin, { ...channels, payoutSchedule })).rejects.toThrow(RangeError);
    }
    expect(await auditBy(admin.id)).toEqual([]);
  });
});
