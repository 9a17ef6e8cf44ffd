import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import type { Actor } from "~/domain/audit/audit.server";
import { PERMISSIONS } from "~/domain/permissions/permissions";
import { getAppSettings } from "~/domain/settings/app-settings";
import { openTestDatabase } from "~test/database";
import { createUser } from "~test/factories";
import { ReferralSettingsSchema } from "./referral-settings-validation";
import { updateReferralSettings } from "./update-referral-settings.server";

const { db } = await openTestDatabase();

const audit = () => db.select().from(auditLog).where(eq(auditLog.action, "referral_settings.update"));
const rule = async () => {
  const s = await getAppSettings(db);
  return {
    active: s.referralActive,
    type: s.referralRewardType,
    fixedKobo: s.referralFixedKobo,
    percentBps: s.referralPercentBps,
  };
};

async function actorWith(role: Actor["role"], permissions: readonly (typeof PERMISSIONS)[number][]): Promise<Actor> {
  const user = await createUser(db, { role, permissions });
  return { id: user.id, role, permissions: user.permissions, ip: "105.113.7.7" };
}

describe("ReferralSettingsSchema", () => {
  const parse = (form: Record<string, string>) => ReferralSettingsSchema.safeParse(form);
  const errorOf = (form: Record<string, string>) => {
    const result = parse(form);
    return result.success ? null : result.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("reads a percentage 0–100 with at most 2 decimals into basis points", () => {
    for (const [text, bps] of [
      ["0", 0],
      ["5", 500],
      ["12.5", 1250],
      ["12.34", 1234],
      [" 40 ", 4000],
      ["100", 10_000],
      ["100.00", 10_000],
    ] as const) {
      expect(parse({ rewardType: "percentage", percentage: text }).data).toEqual({
        referralActive: false,
        rewardType: "percentage",
        percentBps: bps,
      });
    }
    expect(errorOf({ rewardType: "percentage", percentage: "100.5" })).toEqual([
      ["percentage", "Percentage must be between 0 and 100."],
    ]);
    expect(errorOf({ rewardType: "percentage", percentage: "1.234" })).toEqual([
      ["percentage", "Use at most 2 decimal places."],
    ]);
    for (const bad of ["", "-1", "1e2", "abc", ".5", "5.", "NaN"]) {
      expect(errorOf({ rewardType: "percentage", percentage: bad })).toEqual([
        ["percentage", "Enter a percentage such as 5 or 12.5."],
      ]);
    }
  });

  it("reads a fixed amount as money, more than ₦0.00; the switch is on only when ticked", () => {
    expect(parse({ referralActive: "on", rewardType: "fixed", fixedAmount: "1,500.50" }).data).toEqual({
      referralActive: true,
      rewardType: "fixed",
      fixedKobo: 150_050n,
    });
    expect(errorOf({ rewardType: "fixed", fixedAmount: "1.234" })).toEqual([
      ["fixedAmount", "Use at most 2 decimal places."],
    ]);
    expect(errorOf({ rewardType: "fixed", fixedAmount: "0" })).toEqual([
      ["fixedAmount", "Fixed amount must be more than ₦0.00."],
    ]);
    // The other type's input is not read.
    expect(parse({ rewardType: "fixed", fixedAmount: "5", percentage: "900" }).success).toBe(true);
    expect(errorOf({ rewardType: "other", fixedAmount: "5" })?.[0]?.[0]).toBe("rewardType");
  });
});

describe("updateReferralSettings", () => {
  it("needs manage_referrals: an admin without it and a member are refused, nothing changes", async () => {
    const before = await rule();
    const withoutIt = await actorWith(
      "admin",
      PERMISSIONS.filter((p) => p !== "manage_referrals"),
    );
    const member = await actorWith("user", ["manage_referrals"]);
    for (const actor of [withoutIt, member]) {
      expect(
        await updateReferralSettings(db, actor, { referralActive: false, rewardType: "fixed", fixedKobo: 1n }),
      ).toEqual({ status: "forbidden" });
    }
    expect(await rule()).toEqual(before);
    expect(await audit()).toEqual([]);
  });

  it("saves a change audited before/after, keeps the other type's amount, and no-ops on the same values", async () => {
    const admin = await actorWith("admin", ["manage_referrals"]);
    expect(await rule()).toEqual({ active: true, type: "percentage", fixedKobo: 10_000n, percentBps: 4_000 });

    expect(
      await updateReferralSettings(db, admin, { referralActive: true, rewardType: "percentage", percentBps: 4_000 }),
    ).toEqual({ status: "ok", changed: false });
    expect(await audit()).toEqual([]);

    expect(
      await updateReferralSettings(db, admin, { referralActive: false, rewardType: "fixed", fixedKobo: 25_050n }),
    ).toEqual({ status: "ok", changed: true });
    expect(await rule()).toEqual({ active: false, type: "fixed", fixedKobo: 25_050n, percentBps: 4_000 });
    expect(await audit()).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        before: {
          referralActive: true,
          referralRewardType: "percentage",
          referralFixedKobo: "10000",
          referralPercentBps: 4000,
        },
        after: {
          referralActive: false,
          referralRewardType: "fixed",
          referralFixedKobo: "25050",
          referralPercentBps: 4000,
        },
      }),
    ]);

    const root = await actorWith("super_admin", []);
    await updateReferralSettings(db, root, { referralActive: true, rewardType: "percentage", percentBps: 1_250 });
    expect(await rule()).toEqual({ active: true, type: "percentage", fixedKobo: 25_050n, percentBps: 1_250 });
    expect(await audit()).toHaveLength(2);
  });

  it("throws on values the form refuses", async () => {
    const admin = await actorWith("admin", ["manage_referrals"]);
    await expect(
      updateReferralSettings(db, admin, { referralActive: true, rewardType: "percentage", percentBps: 10_001 }),
    ).rejects.toThrow(RangeError);
    await expect(
      updateReferralSettings(db, admin, { referralActive: true, rewardType: "fixed", fixedKobo: 0n }),
    ).rejects.toThrow(RangeError);
  });
});
