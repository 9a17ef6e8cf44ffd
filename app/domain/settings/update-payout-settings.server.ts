import type { Database } from "~/db/client.server";
import type { Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { saveSettingsChange } from "./save-settings.server";
import { PAYOUT_SCHEDULE_MAX, type SupportChannels } from "./support-channels-validation";
import { areValidWithdrawalLimits, type WithdrawalLimits } from "./withdrawal-limits-validation";

export type UpdatePayoutSettingsResult = { status: "ok"; changed: boolean } | Forbidden;

/**
 * The withdrawal limits: the minimum (members' and advertisers'), members' maximum, advertisers'
 * maximum per request, and the fee in basis points. Only with manage_settings; audited
 * (settings.update) with before/after when anything changes. A withdrawal being requested reads
 * the settings FOR SHARE in its transaction, so it is checked against either these or the old
 * ones, never half of each. Values the form would refuse throw.
 */
export async function updateWithdrawalLimits(
  db: Database,
  actor: Actor,
  input: WithdrawalLimits,
): Promise<UpdatePayoutSettingsResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  if (!areValidWithdrawalLimits(input)) throw new RangeError("updateWithdrawalLimits: invalid limits");
  return saveSettingsChange(db, actor, { audited: withdrawalLimitsOf, next: withdrawalLimitsFields(input) });
}

const withdrawalLimitsFields = (limits: WithdrawalLimits): WithdrawalLimits => ({
  minWithdrawalKobo: limits.minWithdrawalKobo,
  maxWithdrawalKobo: limits.maxWithdrawalKobo,
  advertiserMaxWithdrawalKobo: limits.advertiserMaxWithdrawalKobo,
  withdrawalFeeBps: limits.withdrawalFeeBps,
});

/** The limits as the audit log keeps them: kobo as strings (the log is JSON), the fee in basis points. */
const withdrawalLimitsOf = (limits: WithdrawalLimits) => ({
  minWithdrawalKobo: limits.minWithdrawalKobo.toString(),
  maxWithdrawalKobo: limits.maxWithdrawalKobo.toString(),
  advertiserMaxWithdrawalKobo: limits.advertiserMaxWithdrawalKobo.toString(),
  withdrawalFeeBps: limits.withdrawalFeeBps,
});

/**
 * The support channels (email, phone, WhatsApp number; null: not offered) and the payout schedule
 * sentence shown on the help pages and by the withdraw forms. Only with manage_settings; audited
 * (settings.update) with before/after when anything changes. An empty or over-long schedule throws:
 * the form refuses it first.
 */
export async function updateSupportChannels(
  db: Database,
  actor: Actor,
  input: SupportChannels,
): Promise<UpdatePayoutSettingsResult> {
  if (!hasPermission(actor, "manage_settings")) return FORBIDDEN;
  const schedule = input.payoutSchedule;
  if (schedule.trim() === "" || schedule.length > PAYOUT_SCHEDULE_MAX)
    throw new RangeError("updateSupportChannels: the payout schedule must be 1 to 200 characters");
  return saveSettingsChange(db, actor, { audited: supportChannelsOf, next: supportChannelsOf(input) });
}

const supportChannelsOf = (settings: SupportChannels): SupportChannels => ({
  supportEmail: settings.supportEmail,
  supportPhone: settings.supportPhone,
  supportWhatsapp: settings.supportWhatsapp,
  payoutSchedule: settings.payoutSchedule,
});
