import { PERMISSION_LABELS } from "~/components/admin/permissions";
import { METHOD_LABELS } from "~/components/memberships-admin/types";
import { ADVERTISER_STATUS_BADGES } from "~/domain/advertisers/validation";
import { CAMPAIGN_STATUS_BADGES } from "~/domain/campaigns/rules";
import { UPGRADE_STATUS_BADGES } from "~/domain/memberships/upgrades";
import { AUDIENCE_LABELS } from "~/domain/notices/validation";
import { DISAGREEMENT_TEXTS } from "~/domain/payments/disagreements";
import { REFERRAL_STATUS_BADGES } from "~/domain/referrals/referral-statuses";
import { RISK_CLUSTER_STATUS_BADGES } from "~/domain/risk-review/review-view";
import { formatKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";
import { statusLabels } from "~/domain/shared/status-badges";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";

/**
 * How an audit entry's before/after values read: fields by their labels, codes (statuses,
 * permissions, tiers, payment methods) by the words the rest of the app shows them with, money
 * in naira. The stored rows are never changed: this is only how they are shown (the before/after
 * view itself: `AuditChange`, `./audit-change.tsx`).
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What the values of one entry are read with: its target's kind, and an upgrade's tier by name. */
export type AuditValueContext = { targetType: string; tierName: string | null };

export const asRecord = (value: unknown): Record<string, Json> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : {};

/**
 * Recorded internal ids that name nothing to people: an activated campaign's own advert, and the
 * payout job a queued payout's status is read through (shown as "Payout now" instead).
 */
export const UNSHOWN_FIELDS = new Set(["advert", "job"]);

/** Keys whose words are not their camelCase name's (the form's own label where there is one). */
const FIELD_LABELS: Record<string, string> = {
  maxAdvertRewardKobo: "Maximum reward per click",
  maxAdvertBudgetKobo: "Maximum budget per advert",
  rewardKobo: "Reward",
  campaignFeeBps: "Campaign fee",
  minWithdrawalKobo: "Minimum withdrawal",
  maxWithdrawalKobo: "Members' maximum withdrawal",
  advertiserMaxWithdrawalKobo: "Advertisers' maximum withdrawal",
  withdrawalFeeBps: "Withdrawal fee",
  autoPayoutMax: "Pay withdrawals automatically up to",
  autoPayoutDailyMax: "Automatic payouts per day, in all",
  bankChangeHoldHours: "Hours after a bank details change",
  autoPayoutMinAccountAgeDays: "Minimum account age in days",
  accountsPerDevice: "Accounts per device",
  accountsPerBankAccount: "Accounts per bank account",
  supportWhatsapp: "WhatsApp number",
  referralActive: "Referral rewards on",
  referralFixedKobo: "Referral fixed amount",
  referralPercentBps: "Referral percentage",
  referralRewardType: "Referral reward type",
  appName: "Application name",
  logoUrl: "Logo URL",
  imageUrl: "Image URL",
  isApproved: "Approved",
  isRestricted: "Restricted",
  isActive: "Active",
};

/**
 * How a before/after key reads: its label, or its camelCase words ("holdReason" → "Hold reason";
 * "…Kobo" and "…Bps" name the unit, which the value then shows). Keys already in words stay.
 */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  if (!/^[a-z][A-Za-z0-9]*$/.test(key)) return key;
  const words = key
    .replace(/(Kobo|Bps)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A `status` by its target's vocabulary, in the words of that vocabulary's one badge map. */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  withdrawal: statusLabels(WITHDRAWAL_STATUS_BADGES),
  upgrade_request: statusLabels(UPGRADE_STATUS_BADGES),
  campaign: statusLabels(CAMPAIGN_STATUS_BADGES),
  advertiser: statusLabels(ADVERTISER_STATUS_BADGES),
  referral: statusLabels(REFERRAL_STATUS_BADGES),
  risk_cluster: statusLabels(RISK_CLUSTER_STATUS_BADGES),
};

/** A reconciliation entry's kind by its title on the reconciliation page. */
const DISAGREEMENT_TEXTS_BY_KIND: Record<string, string> = Object.fromEntries(
  Object.entries(DISAGREEMENT_TEXTS).map(([kind, texts]) => [kind, texts.title]),
);

const labelIn = (labels: Record<string, string> | undefined, code: string): string | undefined =>
  labels && Object.hasOwn(labels, code) ? labels[code] : undefined;

/** The words for a recorded code (a status, a permission, a tier, …); undefined when the key holds none. */
function labelOf(key: string, code: string, context: AuditValueContext): string | undefined {
  switch (key) {
    case "status":
      return labelIn(STATUS_LABELS[context.targetType], code);
    case "permissions":
      return labelIn(PERMISSION_LABELS, code);
    case "tier":
      return context.targetType === "upgrade_request" ? (context.tierName ?? undefined) : undefined;
    case "method":
      return context.targetType === "upgrade_request" ? labelIn(METHOD_LABELS, code) : undefined;
    case "audience":
      return context.targetType === "notice" ? labelIn(AUDIENCE_LABELS, code) : undefined;
    case "kind":
      return context.targetType === "disagreement" ? labelIn(DISAGREEMENT_TEXTS_BY_KIND, code) : undefined;
    default:
      return undefined;
  }
}

/**
 * A recorded value as people read it: kobo (…Kobo keys, stored as text) in naira, basis points
 * (…Bps) as a percentage, yes/no, and codes by their labels (a list of them item by item).
 */
export function fieldValue(key: string, value: Json | undefined, context: AuditValueContext): Json | undefined {
  if (
    (typeof value === "number" && Number.isSafeInteger(value)) ||
    (typeof value === "string" && /^-?\d+$/.test(value))
  ) {
    if (key.endsWith("Kobo")) return formatKobo(BigInt(value));
    if (key.endsWith("Bps")) return formatBps(Number(value));
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return labelOf(key, value, context) ?? value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? (labelOf(key, v, context) ?? v) : v));
  return value;
}

/** A nested value as "key: value" pairs, never raw JSON. */
export function show(value: Json | undefined): string {
  if (value === undefined || value === null || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(item).join(", ") : "none";
  if (typeof value === "object")
    return Object.entries(value)
      .map(([key, v]) => `${fieldLabel(key)}: ${show(v)}`)
      .join("; ");
  return String(value);
}

export const item = (v: Json) => (typeof v === "string" ? v : show(v));
