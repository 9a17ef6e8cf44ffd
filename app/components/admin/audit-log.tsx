import { Form, Link } from "react-router";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { ChangeSummary } from "~/components/admin/audit-values";
import { MemberLink } from "~/components/admin/user-column";
// Type only: audit.server.ts is server code; the page receives the list of actions from its loader.
import type { AuditAction } from "~/domain/audit/actions";
import { PAYOUT_PROGRESS_BADGES, type PayoutProgress } from "~/domain/withdrawals/payout-progress";

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
  "withdrawal.auto_pay": "Withdrawal queued to pay via Paystack automatically",
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
  "withdrawal.auto_pay": "blue",
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
  /** An upgrade's tier by its name (its after holds the tier's id). */
  tierName: string | null;
  /** A payout queued by transfer: where it stands now (read on /admin/audit; undefined where not read). */
  payout?: PayoutProgress | null;
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
  { header: "Actor", cell: (e) => <ActorName entry={e} />, className: "min-w-28" },
  { header: "Action", cell: (e) => <ActionBadge action={e.action} />, hideInCard: true, className: "min-w-36" },
  { header: "Target", cell: (e) => <Target entry={e} />, className: "min-w-28 [overflow-wrap:anywhere]" },
  // The widest column in the table; the card's full width on a phone.
  { header: "Change", cell: (e) => <Change entry={e} />, stackInCard: true, className: "md:w-2/5 md:min-w-48" },
  { header: "IP", cell: (e) => <IpAddress ip={e.ip} />, className: "font-mono text-xs leading-5 md:min-w-36" },
];

/** An IPv6 address is long: it may break after each colon (and anywhere, should it still not fit). */
function IpAddress({ ip }: { ip: string | null }) {
  if (!ip) return <>—</>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {ip.split(":").map((group, i) => (i === 0 ? group : [":", <wbr key={i} />, group]))}
    </span>
  );
}

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
      rowTestId={(e) => `audit-row-${e.id}`}
      cardTestId={(e) => `audit-card-${e.id}`}
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
    <span className="[overflow-wrap:anywhere]">
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
    <Badge tone={ACTION_TONES[action as AuditAction] ?? "gray"} title={action}>
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

/** What changed, and for a payout queued by transfer where it stands now (the progress panel's words). */
function Change({ entry }: { entry: AuditEntryView }) {
  return (
    <div className="grid min-w-0 gap-1">
      {entry.payout ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span className="font-medium text-gray-600">Payout now:</span>
          <StatusBadge status={entry.payout} badges={PAYOUT_PROGRESS_BADGES} />
        </p>
      ) : null}
      <ChangeSummary
        before={entry.before}
        after={entry.after}
        context={{ targetType: entry.targetType, tierName: entry.tierName }}
      />
    </div>
  );
}
