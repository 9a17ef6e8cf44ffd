import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import type { DisputeView } from "~/domain/payments/dispute-view";

export const NO_DISPUTES_TEXT = "No card disputes.";

const COLUMNS: ListColumn<DisputeView>[] = [
  { header: "Payment", cell: (row) => <span className="font-mono text-sm">{row.reference}</span>, rowHeader: true },
  { header: "Payer", cell: (row) => row.payer },
  { header: "Amount", cell: (row) => row.amount, align: "end" },
  { header: "Reason", cell: (row) => row.reason },
  { header: "Evidence due", cell: (row) => row.evidenceDue, className: "whitespace-nowrap text-sm" },
  { header: "State", cell: (row) => row.state },
];

/** The provider's card disputes: open ones first, with the amount, the reason and the evidence deadline. */
export function DisputeList({ rows }: { rows: DisputeView[] }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      caption="Card disputes reported by Paystack"
      testId="disputes"
      tableFrom="lg"
      empty={<p>{NO_DISPUTES_TEXT}</p>}
    />
  );
}
