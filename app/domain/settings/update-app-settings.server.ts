import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { ADVERT_MONEY_LIMIT_CEILINGS } from "./advert-money-limits";
import { lockAppSettings } from "./app-settings";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo, type Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";

export type UpdateBrandingResult = { status: "ok"; changed: boolean } | Forbidden;

/** Application name and logo. Audited with before/after when anything changes. */
export async function updateBranding(
  db: Database,
  actor: Actor,
  input: { appName: string; logoUrl: string },
): Promise<UpdateBrandingResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  return db.transaction(async (tx) => {
    const current = await lockAppSettings(tx, "update");
    if (current.appName === input.appName && current.logoUrl === input.logoUrl) return { status: "ok", changed: false };
    await tx
      .update(appSettings)
      .set({ appName: input.appName, logoUrl: input.logoUrl, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      targetType: "settings",
      before: { appName: current.appName, logoUrl: current.logoUrl },
      after: { appName: input.appName, logoUrl: input.logoUrl },
    });
    return { status: "ok", changed: true };
  });
}

export type UpdateAdvertMoneyLimitsResult = { status: "ok"; changed: boolean } | Forbidden;

/**
 * The most an advert may pay per click and in all (reward × max clicks), in kobo. Only with
 * manage_settings; audited with before/after when anything changes. Values outside the form's
 * rules (not positive, above the ceilings, reward limit above the budget limit) throw: the form
 * refuses them first.
 */
export async function updateAdvertMoneyLimits(
  db: Database,
  actor: Actor,
  input: { maxAdvertRewardKobo: Kobo; maxAdvertBudgetKobo: Kobo },
): Promise<UpdateAdvertMoneyLimitsResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  const { maxAdvertRewardKobo: reward, maxAdvertBudgetKobo: budget } = input;
  if (
    typeof reward !== "bigint" ||
    typeof budget !== "bigint" ||
    reward <= 0n ||
    reward > ADVERT_MONEY_LIMIT_CEILINGS.maxRewardKobo ||
    budget > ADVERT_MONEY_LIMIT_CEILINGS.maxBudgetKobo ||
    reward > budget
  ) {
    throw new RangeError(`updateAdvertMoneyLimits: invalid limits (reward ${reward}, budget ${budget})`);
  }
  return db.transaction(async (tx) => {
    // FOR UPDATE: adverts being saved read the limits FOR SHARE, so they see either these or the old ones.
    const current = await lockAppSettings(tx, "update");
    if (current.maxAdvertRewardKobo === reward && current.maxAdvertBudgetKobo === budget)
      return { status: "ok", changed: false };
    await tx
      .update(appSettings)
      .set({ maxAdvertRewardKobo: reward, maxAdvertBudgetKobo: budget, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      targetType: "settings",
      // Kobo as strings: the audit log is JSON.
      before: {
        maxAdvertRewardKobo: current.maxAdvertRewardKobo.toString(),
        maxAdvertBudgetKobo: current.maxAdvertBudgetKobo.toString(),
      },
      after: { maxAdvertRewardKobo: reward.toString(), maxAdvertBudgetKobo: budget.toString() },
    });
    return { status: "ok", changed: true };
  });
}

export type UpdateCampaignFeeResult = { status: "ok"; changed: boolean } | Forbidden;

/**
 * The platform's fee on campaigns, in basis points of each view's reward (0–10000). Only with
 * manage_settings; audited (settings.update) with before/after when it changes. It applies to
 * campaigns created afterwards: each campaign keeps the fee it was created with. A value out of
 * range throws: the form refuses it first.
 */
export async function updateCampaignFee(
  db: Database,
  actor: Actor,
  input: { campaignFeeBps: number },
): Promise<UpdateCampaignFeeResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  const bps = input.campaignFeeBps;
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) {
    throw new RangeError(`updateCampaignFee: invalid fee (${bps} basis points)`);
  }
  return db.transaction(async (tx) => {
    // FOR UPDATE: campaigns being created read the fee FOR SHARE, so they see either this or the old one.
    const current = await lockAppSettings(tx, "update");
    if (current.campaignFeeBps === bps) return { status: "ok", changed: false };
    await tx.update(appSettings).set({ campaignFeeBps: bps, updatedAt: new Date() }).where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      targetType: "settings",
      before: { campaignFeeBps: current.campaignFeeBps },
      after: { campaignFeeBps: bps },
    });
    return { status: "ok", changed: true };
  });
}

export type UpdateAutoPayoutResult = { status: "ok"; changed: boolean } | Forbidden;

/**
 * "Pay withdrawals automatically up to" (null: off). Applies to withdrawals requested afterwards,
 * and only while the payment provider is on (app/domain/withdrawals/auto-pay.server.ts).
 */
export async function updateAutoPayout(
  db: Database,
  actor: Actor,
  input: { autoPayoutMaxKobo: Kobo | null },
): Promise<UpdateAutoPayoutResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  const max = input.autoPayoutMaxKobo;
  if (max !== null && max <= 0n) throw new RangeError(`updateAutoPayout: invalid amount (${max} kobo)`);
  return db.transaction(async (tx) => {
    const current = await lockAppSettings(tx, "update");
    if (current.autoPayoutMaxKobo === max) return { status: "ok", changed: false };
    await tx.update(appSettings).set({ autoPayoutMaxKobo: max, updatedAt: new Date() }).where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      targetType: "settings",
      before: { autoPayoutMax: current.autoPayoutMaxKobo === null ? null : formatKobo(current.autoPayoutMaxKobo) },
      after: { autoPayoutMax: max === null ? null : formatKobo(max) },
    });
    return { status: "ok", changed: true };
  });
}
