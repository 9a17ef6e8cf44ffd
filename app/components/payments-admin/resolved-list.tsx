import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";

/** A resolved entry of the reconciliation page, formatted by the loader. */
export type ResolvedRow = {
  id: string;
  title: string;
  reference: string;
  note: string;
  /** The admin who marked it resolved (admins are never linked). */
  resolvedBy: string;
  resolvedAt: string;
};

export const NO_RESOLUTIONS_TEXT = "Nothing has been marked resolved yet.";

const COLUMNS: ListColumn<ResolvedRow>[] = [
  {
    header: "Reference",
    cell: (row) => <span className="font-mono text-sm">{row.reference}</span>,
    rowHeader: true,
  },
  { header: "What happened", cell: (row) => <span className="font-medium">{row.title}</span> },
  {
    header: "Note",
    cell: (row) => <span className="whitespace-pre-line break-words text-sm text-gray-700">{row.note}</span>,
    stackInCard: true,
  },
  { header: "Resolved by", cell: (row) => row.resolvedBy, className: "text-sm" },
  { header: "When", cell: (row) => row.resolvedAt, className: "whitespace-nowrap text-sm text-gray-700" },
];

/** What admins marked resolved, newest first: which entry, their note, who and when. */
export function ResolvedList({
  rows,
  page,
  pageCount,
  pageHref,
}: {
  rows: ResolvedRow[];
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  return (
    <div className="grid gap-4">
      <ResponsiveList
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        caption="Entries marked resolved, newest first"
        testId="resolutions"
        tableFrom="lg"
        empty={<p>{page > 1 ? "No resolved entries on this page." : NO_RESOLUTIONS_TEXT}</p>}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={pageHref} label="Resolved entries pages" />
    </div>
  );
}
