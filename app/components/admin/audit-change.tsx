import { StatusBadge } from "~/components/ui/badge";
import {
  asRecord,
  fieldLabel,
  fieldValue,
  item,
  show,
  UNSHOWN_FIELDS,
  type AuditValueContext,
  type Json,
} from "~/components/admin/audit-values";
import { PAYOUT_PROGRESS_BADGES, type PayoutProgress } from "~/domain/withdrawals/payout-progress";

/**
 * An audit entry's change, as the audit log's Change column shows it: for a payout queued by
 * transfer where it stands now (the progress panel's words), then each recorded key's before and
 * after (`./audit-values.ts` says how a value reads), a long value shortened with the whole of it
 * a tap away.
 */
export function AuditChange({
  before,
  after,
  context,
  payout,
}: {
  before: unknown;
  after: unknown;
  context: AuditValueContext;
  payout?: PayoutProgress | null;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      {payout ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <span className="font-medium text-gray-600">Payout now:</span>
          <StatusBadge status={payout} badges={PAYOUT_PROGRESS_BADGES} />
        </p>
      ) : null}
      <ChangeSummary before={before} after={after} context={context} />
    </div>
  );
}

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
function ChangeSummary({ before, after, context }: { before: unknown; after: unknown; context: AuditValueContext }) {
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
