import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import type { ReferralSettingsInput } from "./referral-settings-validation";

export type UpdateReferralSettingsResult = { status: "ok"; changed: boolean } | Forbidden;

/**
 * The referral reward rule: on or off, and a fixed amount or a percentage of the upgrade paid.
 * Only with manage_referrals; audited with before/after when anything changes. The amount of the
 * type not chosen keeps its saved value. Values outside the form's rules throw: the form refuses them first.
 */
export async function updateReferralSettings(
  db: Database,
  actor: Actor,
  input: ReferralSettingsInput,
): Promise<UpdateReferralSettingsResult> {
  if (!hasPermission(actor, "manage_referrals")) return FORBIDDEN;
  if (input.rewardType === "fixed" && !(typeof input.fixedKobo === "bigint" && input.fixedKobo > 0n)) {
    throw new RangeError(`updateReferralSettings: invalid fixed amount ${input.fixedKobo}`);
  }
  if (
    input.rewardType === "percentage" &&
    !(Number.isInteger(input.percentBps) && input.percentBps >= 0 && input.percentBps <= 10_000)
  ) {
    throw new RangeError(`updateReferralSettings: invalid percentage ${input.percentBps} bps`);
  }
  return db.transaction(async (tx) => {
    // FOR UPDATE: an approval paying a referral reads the rule in its own transaction.
    const current = await lockAppSettings(tx, "update");
    const before = {
      referralActive: current.referralActive,
      referralRewardType: current.referralRewardType,
      referralFixedKobo: current.referralFixedKobo,
      referralPercentBps: current.referralPercentBps,
    };
    const after = {
      referralActive: input.referralActive,
      referralRewardType: input.rewardType,
      referralFixedKobo: input.rewardType === "fixed" ? input.fixedKobo : current.referralFixedKobo,
      referralPercentBps: input.rewardType === "percentage" ? input.percentBps : current.referralPercentBps,
    };
    const changed = (Object.keys(before) as (keyof typeof before)[]).some((key) => before[key] !== after[key]);
    if (!changed) return { status: "ok", changed: false };
    await tx
      .update(appSettings)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    // Kobo as strings: the audit log is JSON.
    const json = (s: typeof before) => ({ ...s, referralFixedKobo: s.referralFixedKobo.toString() });
    await recordAudit(tx, {
      actor,
      action: "referral_settings.update",
      targetType: "settings",
      before: json(before),
      after: json(after),
    });
    return { status: "ok", changed: true };
  });
}
