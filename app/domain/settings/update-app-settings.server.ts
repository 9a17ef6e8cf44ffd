import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { ADVERT_MONEY_LIMIT_CEILINGS } from "./advert-money-limits";
import { lockAppSettings } from "./app-settings";
import { areValidAutoPayoutSettings, type AutoPayoutSettings } from "./auto-payout-validation";
import { areValidLinkedAccountsSettings, type LinkedAccountsSettings } from "./linked-accounts-validation";
import { saveSettingsChange } from "./save-settings.server";
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
 * Automatic payouts (app/domain/withdrawals/auto-pay.server.ts): the amount up to which a
 * withdrawal is paid at once (null: off), the day's total (null: none), the hours after a change
 * of bank details and the account age in days before anything is paid automatically. Applies to
 * withdrawals requested afterwards, and only while the payment provider is on. Audited
 * (settings.update) with before/after when anything changes; values the form would refuse throw.
 */
export async function updateAutoPayout(
  db: Database,
  actor: Actor,
  input: AutoPayoutSettings,
): Promise<UpdateAutoPayoutResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  if (!areValidAutoPayoutSettings(input)) throw new RangeError("updateAutoPayout: invalid settings");
  return saveSettingsChange(db, actor, {
    // As the audit log keeps them: naira amounts (null: off / none), hours and days.
    audited: (s) => ({
      autoPayoutMax: s.autoPayoutMaxKobo === null ? null : formatKobo(s.autoPayoutMaxKobo),
      autoPayoutDailyMax: s.autoPayoutDailyMaxKobo === null ? null : formatKobo(s.autoPayoutDailyMaxKobo),
      bankChangeHoldHours: s.bankChangeHoldHours,
      autoPayoutMinAccountAgeDays: s.autoPayoutMinAccountAgeDays,
    }),
    next: input,
  });
}

/**
 * The linked accounts' allowances (app/domain/risk/policy.ts): accounts per device and per bank
 * account. Applies as signals arrive from now on (a cluster already open stays open). Audited
 * (settings.update) when anything changes; values the form would refuse throw.
 */
export async function updateLinkedAccounts(
  db: Database,
  actor: Actor,
  input: LinkedAccountsSettings,
): Promise<UpdateAutoPayoutResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  if (!areValidLinkedAccountsSettings(input)) throw new RangeError("updateLinkedAccounts: invalid settings");
  return saveSettingsChange(db, actor, {
    audited: (s) => ({ accountsPerDevice: s.accountsPerDevice, accountsPerBankAccount: s.accountsPerBankAccount }),
    next: input,
  });
}
