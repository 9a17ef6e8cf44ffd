import { PERMISSION_LABELS } from "~/components/admin/permissions";
import { METHOD_LABELS } from "~/components/memberships-admin/types";
import { ADVERTISER_STATUS_BADGES } from "~/domain/advertisers/validation";
import { CAMPAIGN_STATUS_BADGES } from "~/domain/campaigns/rules";
import { UPGRADE_STATUS_BADGES } from "~/domain/memberships/upgrades";
import { AUDIENCE_LABELS } from "~/domain/notices/validation";
import { REFERRAL_STATUS_BADGES } from "~/domain/referrals/referral-statuses";
import { RISK_CLUSTER_STATUS_BADGES } from "~/domain/risk-review/review-view";
import { formatKobo } from "~/domain/shared/money";
import { statusLabels } from "~/domain/shared/status-badges";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";

/**
 * How an audit entry's before/after values read: fields by their labels, codes (statuses,
 * permissions, tiers, payment methods) by the words the rest of the app shows them with, money
 * in naira, and a long value shortened with the whole of it a tap away. The stored rows are never
 * changed: this is only how they are shown.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What the values of one entry are read with: its target's kind, and an upgrade's tier by name. */
export type AuditValueContext = { targetType: string; tierName: string | null };

const asRecord = (value: unknown): Record<string, Json> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : {};

/**
 * Recorded internal ids that name nothing to people: an activated campaign's own advert, and the
 * payout job a queued payout's status is read through (shown as "Payout now" instead).
 */
const UNSHOWN_FIELDS = new Set(["advert", "job"]);

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
    if (key.endsWith("Bps")) return `${percentOfBps(Number(value))}%`;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return labelOf(key, value, context) ?? value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? (labelOf(key, v, context) ?? v) : v));
  return value;
}

/** 1250 → "12.5", 2000 → "20": basis points in whole-number arithmetic (display only). */
function percentOfBps(bps: number): string {
  const sign = bps < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(bps));
  const fraction = String(abs % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.trunc(abs / 100)}${fraction ? `.${fraction}` : ""}`;
}

/** A nested value as "key: value" pairs, never raw JSON. */
function show(value: Json | undefined): string {
  if (value === undefined || value === null || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(item).join(", ") : "none";
  if (typeof value === "object")
    return Object.entries(value)
      .map(([key, v]) => `${fieldLabel(key)}: ${show(v)}`)
      .join("; ");
  return String(value);
}

const item = (v: Json) => (typeof v === "string" ? v : show(v));

/** Longer than this, a value shows its start and "Show all" (a 360 px phone's card fits three lines of it). */
export const LONG_VALUE = 120;
const PREVIEW = 60;

/** The start of a long value, cut at a space where there is one near the cut. */
function previewOf(text: string): string {
  const cut = text.slice(0, PREVIEW);
  const space = cut.lastIndexOf(" ");
  return (space > PREVIEW / 2 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * A value in full, broken anywhere so an unbroken one (an address, a reference list, an id) never
 * widens the page; a long one shortened to its start, the whole of it under "Show all": a
 * `<details>`, so it opens before JavaScript has loaded and with a tap, and screen readers reach
 * both.
 */
export function LongValue({ text }: { text: string }) {
  if (text.length <= LONG_VALUE) return <span className="[overflow-wrap:anywhere]">{text}</span>;
  return (
    <details className="group [overflow-wrap:anywhere]" data-testid="audit-long-value">
      <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <span className="group-open:hidden">{previewOf(text)}… </span>
        <span className="font-medium text-brand-700 underline underline-offset-2">
          <span className="group-open:hidden">Show all</span>
          <span className="hidden group-open:inline">Show less</span>
        </span>
      </summary>
      {text}
    </details>
  );
}

/** A list beside the other side's list: items only on this side are marked (removed or added). */
function ListSide({ list, other, mark }: { list: Json[]; other: Json[]; mark: "removed" | "added" }) {
  if (list.length === 0) return <>none</>;
  const others = new Set(other.map(item));
  const marked = mark === "removed" ? "text-red-700 line-through" : "font-semibold text-green-800";
  return (
    <>
      {list.map((v, i) => {
        const text = item(v);
        const changed = !others.has(text);
        return (
          <span key={`${i}:${text}`}>
            {i > 0 ? ", " : null}
            <span className={changed ? marked : undefined}>{text}</span>
            {changed ? <span className="sr-only"> ({mark})</span> : null}
          </span>
        );
      })}
    </>
  );
}

/** "key: before → after" per key; a key with one side only, or unchanged, shows one value. */
export function ChangeSummary({
  before,
  after,
  context,
}: {
  before: unknown;
  after: unknown;
  context: AuditValueContext;
}) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !UNSHOWN_FIELDS.has(key));
  if (keys.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs leading-5 text-gray-800">
      {keys.map((key) => {
        const was = fieldValue(key, b[key], context);
        const now = fieldValue(key, a[key], context);
        const single = !(key in b) ? show(now) : key in a && show(was) === show(now) ? show(was) : null;
        const lists = Array.isArray(was) && Array.isArray(now);
        return (
          <li key={key} className="min-w-0 [overflow-wrap:anywhere]">
            <span className="font-medium text-gray-600">{fieldLabel(key)}:</span>{" "}
            {single !== null ? (
              <LongValue text={single} />
            ) : lists ? (
              <>
                <ListSide list={was} other={now} mark="removed" /> <Arrow />{" "}
                <ListSide list={now} other={was} mark="added" />
              </>
            ) : (
              <>
                <LongValue text={show(was)} /> <Arrow /> <LongValue text={show(now)} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Arrow() {
  return (
    <>
      <span aria-hidden="true">→</span>
      <span className="sr-only">changed to</span>
    </>
  );
}
