import { Check, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import type { DisagreementKind } from "~/domain/payments/disagreements";

/** One row of the reconciliation page, every figure formatted by the loader. */
export type DisagreementRow = {
  kind: DisagreementKind;
  /** Which one (a reference, or an unmatched event's id): what Mark resolved posts. */
  key: string;
  title: string;
  reference: string;
  /** What the provider and the ledger each say, in a sentence. */
  detail: string;
  action: string;
  since: string;
  /** The page with this entry's Mark resolved dialog open (a link: it works before JavaScript has loaded). */
  resolveHref: string;
  /** A held payment that can be refunded: the page with its Refund dialog open. */
  refundHref?: string;
  /** Where its refunds stand ("Refund of ₦100.00 on its way at Paystack."), when it has any. */
  refundNote?: string;
};

/** The Refund link's id, which focus returns to when its dialog closes. */
export const refundLinkId = (row: { key: string }) => `refund-${row.key}`;

export const NO_DISAGREEMENTS_TEXT = "Paystack and the ledger agree: nothing to look into.";

/** The Mark resolved link's id, which focus returns to when its dialog closes. */
export const resolveLinkId = (row: { kind: DisagreementKind; key: string }) => `resolve-${row.kind}-${row.key}`;

function MarkResolved({ row }: { row: DisagreementRow }) {
  return (
    <div className="flex flex-wrap gap-2">
      {row.refundHref ? (
        <Button asChild variant="outline" size="sm" className="whitespace-nowrap">
          <Link to={row.refundHref} preventScrollReset id={refundLinkId(row)}>
            <Undo2 className="h-4 w-4" aria-hidden />
            Refund<span className="sr-only"> {row.reference}</span>
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="outline" size="sm" className="whitespace-nowrap">
        <Link to={row.resolveHref} preventScrollReset id={resolveLinkId(row)}>
          <Check className="h-4 w-4" aria-hidden />
          Mark resolved<span className="sr-only"> {row.reference}</span>
        </Link>
      </Button>
    </div>
  );
}

const COLUMNS: ListColumn<DisagreementRow>[] = [
  {
    header: "Reference",
    cell: (row) => <span className="font-mono text-sm">{row.reference}</span>,
    rowHeader: true,
  },
  {
    header: "What happened",
    cell: (row) => (
      <>
        <span className="font-medium">{row.title}</span>
        <span className="block text-sm text-gray-700">{row.detail}</span>
        {row.refundNote ? <span className="block text-sm font-medium text-gray-900">{row.refundNote}</span> : null}
      </>
    ),
  },
  {
    header: "What to do",
    cell: (row) => <span className="text-sm text-gray-700">{row.action}</span>,
    stackInCard: true,
  },
  { header: "Since", cell: (row) => row.since, className: "whitespace-nowrap text-sm text-gray-700" },
  { header: "Actions", cell: (row) => <MarkResolved row={row} />, hideInCard: true },
];

/** Everything Paystack and the ledger disagree on that no admin has resolved, with what to do about each. */
export function DisagreementList({ rows }: { rows: DisagreementRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => `${row.kind}:${row.key}`}
      columns={COLUMNS}
      caption="What Paystack and the ledger disagree on"
      testId="disagreements"
      tableFrom="lg"
      cardFooter={(row) => <MarkResolved row={row} />}
      empty={<p>{NO_DISAGREEMENTS_TEXT}</p>}
    />
  );
}
