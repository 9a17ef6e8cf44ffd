import { Form, Link } from "react-router";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { MemberLink } from "~/components/admin/user-column";
// Type only: audit.server.ts is server code; the page receives the list of actions from its loader.
import type { AuditAction } from "~/domain/audit/actions";
import { formatKobo } from "~/domain/shared/money";

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "admin.create": "Admin created",
  "admin.permissions": "Admin permissions changed",
  "admin.deactivate": "Admin deactivated",
  "user.approve": "User approved",
  "user.restrict": "User restricted",
  "user.unrestrict": "User unrestricted",
  "settings.update": "Settings updated",
  "advert.create": "Advert created",
  "advert.update": "Advert updated",
  "advert.delete": "Advert deleted",
  "bank_details.update": "Bank details changed",
  "payouts.freeze": "Payouts frozen by the member",
  "payouts.release": "Payouts released",
  "risk.trust": "Linked accounts trusted",
  "risk.restrict_all": "Linked accounts restricted",
  "risk.void_rewards": "Linked accounts' held rewards voided",
  "risk.reject_withdrawals": "Linked accounts' pending withdrawals rejected",
  "withdrawal.start_processing": "Withdrawal processing",
  "withdrawal.reject": "Withdrawal rejected",
  "withdrawal.complete": "Withdrawal completed",
  "withdrawal.export_payouts": "Payout CSV downloaded",
  "withdrawal.reexport_payouts": "Payout CSV downloaded again",
  "withdrawal.transfer": "Withdrawal queued to pay via Paystack",
  "upgrade.approve": "Upgrade approved",
  "upgrade.reject": "Upgrade rejected",
  "upgrade.approve_refused": "Upgrade approval refused: own referral",
  "upgrade.paid_online": "Upgrade paid online (approved on Paystack's confirmation)",
  "referral_settings.update": "Referral settings updated",
  "referral.release": "Held referral reward released",
  "referral.void": "Held referral reward voided",
  "referral.release_refused": "Held reward release refused: own referral",
  "membership_prices.update": "Membership prices updated",
  "membership_benefits.update": "Membership benefits updated",
  "receiving_account.update": "Receiving account changed",
  "notice.create": "Notice created",
  "notice.update": "Notice updated",
  "notice.delete": "Notice deleted",
  "report.export_daily": "Daily report downloaded",
  "advertiser.approve": "Advertiser approved",
  "advertiser.reject": "Advertiser rejected",
  "advertiser.restrict": "Advertiser restricted",
  "advertiser.unrestrict": "Advertiser unrestricted",
  "campaign.confirm_payment": "Campaign payment confirmed",
  "campaign.paid_online": "Campaign paid online (funded on Paystack's confirmation)",
  "campaign.activate": "Campaign activated",
  "campaign.reject": "Campaign rejected",
};

const ACTION_TONES: Partial<Record<AuditAction, "green" | "red" | "blue" | "yellow">> = {
  "admin.create": "green",
  "user.approve": "green",
  "withdrawal.complete": "green",
  "withdrawal.reject": "red",
  "upgrade.approve": "green",
  "upgrade.reject": "red",
  "withdrawal.start_processing": "blue",
  "withdrawal.reexport_payouts": "yellow",
  "withdrawal.transfer": "blue",
  "admin.deactivate": "red",
  "user.restrict": "red",
  "advertiser.restrict": "red",
  "admin.permissions": "blue",
  "settings.update": "blue",
  "referral_settings.update": "blue",
  "referral.release": "green",
  "referral.void": "red",
  "upgrade.approve_refused": "yellow",
  "upgrade.paid_online": "green",
  "campaign.paid_online": "green",
  "referral.release_refused": "yellow",
  "membership_prices.update": "blue",
  "membership_benefits.update": "blue",
  "receiving_account.update": "yellow",
  "notice.create": "green",
  "notice.delete": "red",
};

export type AuditEntryView = {
  id: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetName: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  at: string;
  actorId: string;
  actorName: string;
  actorDisplayId: string;
  /** The actor is a member or an advertiser: their name links to their page. */
  actorIsMember: boolean;
  /** The member (or advertiser) the entry is about, whose page the target links to; null otherwise. */
  targetMemberId: string | null;
};

export type AuditActorOption = { id: string; name: string; displayId: string };

const selectClass =
  "block w-full min-h-10 rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** Filters as a GET form: the URL holds them, so they work before JavaScript loads and can be shared. */
export function AuditFilters({
  actors,
  actions,
  actor,
  action,
}: {
  actors: AuditActorOption[];
  actions: readonly string[];
  actor?: string;
  action?: string;
}) {
  const filtered = Boolean(actor || action);
  return (
    <Form
      method="get"
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-label="Filter the audit log"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="audit-actor">Actor</Label>
        <select id="audit-actor" name="actor" defaultValue={actor ?? ""} className={selectClass}>
          <option value="">All actors</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.displayId})
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <select id="audit-action" name="action" defaultValue={action ?? ""} className={selectClass}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          Apply filters
        </Button>
        {filtered ? (
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <Link to="/admin/audit">Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

const COLUMNS: ListColumn<AuditEntryView>[] = [
  {
    header: "Time",
    cell: (e) => <time dateTime={e.at}>{formatLagosDateTime(e.at)}</time>,
    className: "whitespace-nowrap text-gray-700",
    hideInCard: true,
  },
  { header: "Actor", cell: (e) => <ActorName entry={e} /> },
  { header: "Action", cell: (e) => <ActionBadge action={e.action} />, hideInCard: true },
  { header: "Target", cell: (e) => <Target entry={e} />, className: "min-w-28 break-words" },
  { header: "Change", cell: (e) => <ChangeSummary before={e.before} after={e.after} />, stackInCard: true },
  // Broken anywhere only on a phone's card: an IPv6 address is long.
  { header: "IP", cell: (e) => e.ip ?? "—", className: "font-mono text-xs leading-5 max-md:break-all" },
];

/** The entries, newest first: a table from the md breakpoint up, one card per entry on phones. */
export function AuditEntries({
  entries,
  caption = "Audit entries, newest first",
  empty = "No audit entries match these filters.",
}: {
  entries: AuditEntryView[];
  caption?: string;
  empty?: string;
}) {
  return (
    <ResponsiveList
      rows={entries}
      rowKey={(e) => e.id}
      columns={COLUMNS}
      caption={caption}
      empty={<p className="py-6 text-center">{empty}</p>}
      cardHeader={(e) => (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ActionBadge action={e.action} />
          <time dateTime={e.at} className="text-xs text-gray-600">
            {formatLagosDateTime(e.at)}
          </time>
        </div>
      )}
    />
  );
}

function ActorName({ entry }: { entry: AuditEntryView }) {
  return (
    <span className="break-words">
      {entry.actorIsMember ? (
        <MemberLink id={entry.actorId}>{entry.actorName}</MemberLink>
      ) : (
        <span className="font-medium text-gray-900">{entry.actorName}</span>
      )}{" "}
      <span className="font-mono text-xs text-gray-600">{entry.actorDisplayId}</span>
    </span>
  );
}

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge tone={ACTION_TONES[action as AuditAction] ?? "gray"} title={action} className="whitespace-nowrap">
      {actionLabel(action)}
    </Badge>
  );
}

function Target({ entry }: { entry: AuditEntryView }) {
  const label = targetLabel(entry);
  return entry.targetMemberId ? <MemberLink id={entry.targetMemberId}>{label}</MemberLink> : <>{label}</>;
}

function targetLabel(e: AuditEntryView): string {
  if (e.targetType === "settings") return "Application settings";
  if (e.targetType === "membership_tiers") return "Membership tiers";
  if (e.targetType === "report") return "Daily report";
  if (e.targetType === "risk_cluster") return "Linked accounts";
  // The name or reference people know the target by (listAudit); never an internal id.
  return e.targetName ?? "—";
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const asRecord = (value: unknown): Record<string, Json> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : {};

/** Recorded internal ids that name nothing to people (an activated campaign's own advert). */
const UNSHOWN_FIELDS = new Set(["advert"]);

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

/**
 * A recorded value as people read it: kobo (…Kobo keys, stored as text) in naira, basis points
 * (…Bps) as a percentage, yes/no. The stored row is never changed: this is only how it is shown.
 */
export function fieldValue(key: string, value: Json | undefined): Json | undefined {
  if (
    (typeof value === "number" && Number.isSafeInteger(value)) ||
    (typeof value === "string" && /^-?\d+$/.test(value))
  ) {
    if (key.endsWith("Kobo")) return formatKobo(BigInt(value));
    if (key.endsWith("Bps")) return `${percentOfBps(Number(value))}%`;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
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

function show(value: Json | undefined): string {
  if (value === undefined || value === null || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(item).join(", ") : "none";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const item = (v: Json) => (typeof v === "string" ? v : JSON.stringify(v));

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
          <span key={text}>
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
export function ChangeSummary({ before, after }: { before: unknown; after: unknown }) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !UNSHOWN_FIELDS.has(key));
  if (keys.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul className="grid gap-0.5 text-xs leading-5 text-gray-800">
      {keys.map((key) => {
        const was = fieldValue(key, b[key]);
        const now = fieldValue(key, a[key]);
        const single = !(key in b) ? show(now) : key in a && show(was) === show(now) ? show(was) : null;
        const lists = Array.isArray(was) && Array.isArray(now);
        return (
          <li key={key} className="break-words">
            <span className="font-medium text-gray-600">{fieldLabel(key)}:</span>{" "}
            {single ??
              (lists ? (
                <>
                  <ListSide list={was} other={now} mark="removed" /> <Arrow />{" "}
                  <ListSide list={now} other={was} mark="added" />
                </>
              ) : (
                <>
                  {show(was)} <Arrow /> {show(now)}
                </>
              ))}
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
