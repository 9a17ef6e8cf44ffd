import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";

/** One row of the reconciliation page, every figure formatted by the loader. */
export type DisagreementRow = {
  key: string;
  title: string;
  reference: string;
  /** What the provider and the ledger each say, in a sentence. */
  detail: string;
  action: string;
  since: string;
};

export const NO_DISAGREEMENTS_TEXT = "Paystack and the ledger agree: nothing to look into.";

const COLUMNS: ListColumn<DisagreementRow>[] = [
  { header: "Reference", cell: (row) => <span className="font-mono text-sm">{row.reference}</span>, rowHeader: true },
  {
    header: "What happened",
    cell: (row) => (
      <>
        <span className="font-medium">{row.title}</span>
        <span className="block text-sm text-gray-700">{row.detail}</span>
      </>
    ),
  },
  {
    header: "What to do",
    cell: (row) => <span className="text-sm text-gray-700">{row.action}</span>,
    stackInCard: true,
  },
  { header: "Since", cell: (row) => row.since, className: "whitespace-nowrap text-sm text-gray-700" },
];

/** Everything Paystack and the ledger disagree on, with what to do about each. */
export function DisagreementList({ rows }: { rows: DisagreementRow[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.key}
      columns={COLUMNS}
      caption="What Paystack and the ledger disagree on"
      testId="disagreements"
      tableFrom="lg"
      empty={<p>{NO_DISAGREEMENTS_TEXT}</p>}
    />
  );
}
