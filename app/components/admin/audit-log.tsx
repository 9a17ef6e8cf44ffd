import { Form, Link } from "react-router";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { AuditChange } from "~/components/admin/audit-change";
import { MemberLink } from "~/components/admin/user-column";
// Not audit.server.ts (server code): the page receives the list of actions from its loader.
import { auditActionLabel, auditActionTone } from "~/domain/audit/actions";
import type { PayoutProgress } from "~/domain/withdrawals/payout-progress";

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
              {auditActionLabel(a)}
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

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge tone={auditActionTone(action)} title={action}>
      {auditActionLabel(action)}
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
  if (e.targetType === "disagreement") return "Reconciliation entry";
  // The name or reference people know the target by (listAudit); never an internal id.
  return e.targetName ?? "—";
}

/** What changed (the before/after view), and for a payout queued by transfer where it stands now. */
function Change({ entry }: { entry: AuditEntryView }) {
  return (
    <AuditChange
      before={entry.before}
      after={entry.after}
      context={{ targetType: entry.targetType, tierName: entry.tierName }}
      payout={entry.payout}
    />
  );
}
