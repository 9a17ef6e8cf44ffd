import { StatusBadge } from "~/components/ui/badge";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import type { StatementItem } from "~/domain/statement/statement-lines";
import { WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import { cn } from "~/lib/cn";

export const NO_STATEMENT_TEXT =
  "No money has moved yet. Your advert rewards, referral rewards, upgrades and withdrawals will appear here.";

const DIRECTION_WORDS: Record<StatementItem["direction"], string> = {
  in: "In: ",
  out: "Out: ",
  none: "Not in or out of the balance: ",
};

/**
 * "+₦50.00" in green, "−₦20.00" in the usual colour: what entered or left the balance; a line on
 * held money or outside the balance greyed, with no sign (it is neither in nor out).
 */
function Amount({ row }: { row: StatementItem }) {
  return (
    <span
      className={cn(
        "font-medium tabular-nums",
        row.direction === "none" ? "text-gray-500" : row.direction === "in" ? "text-green-700" : "text-gray-900",
      )}
    >
      <span className="sr-only">{DIRECTION_WORDS[row.direction]}</span>
      {row.amount}
    </span>
  );
}

function Balance({ row }: { row: StatementItem }) {
  return (
    <>
      <span className="tabular-nums">{row.balance}</span>
      {row.source ? <span className="block text-xs font-normal text-gray-600">{row.source}</span> : null}
      {row.held ? <span className="block text-xs font-normal text-gray-600">Held {row.held}</span> : null}
    </>
  );
}

/** What the line is, with a withdrawal's timeline or an upgrade's payment under it. */
function Description({ row }: { row: StatementItem }) {
  const w = row.withdrawal;
  const u = row.upgrade;
  return (
    <div className="grid gap-1">
      <span className="break-words">{row.description}</span>
      {w ? (
        <div className="grid gap-1 text-xs text-gray-700">
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={w.status} badges={WITHDRAWAL_STATUS_BADGES} />
            <span>To {w.to}</span>
          </span>
          <ol className="grid gap-0.5" aria-label={`Withdrawal ${w.reference} timeline`}>
            {w.steps.map((step) => (
              <li key={step.label} className="flex flex-wrap gap-x-1">
                <span className="font-medium">{step.label}</span>
                {step.at ? <span>{step.at}</span> : null}
                {step.detail ? <span className="font-mono">{step.detail}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {u ? (
        <span className="text-xs text-gray-700">
          {u.method} · Ref <span className="font-mono">{u.reference}</span>
          {u.providerReference && u.providerReference !== u.reference ? (
            <>
              {" "}
              · Payment <span className="font-mono">{u.providerReference}</span>
            </>
          ) : null}{" "}
          · {u.status}
        </span>
      ) : null}
    </div>
  );
}

const COLUMNS: ListColumn<StatementItem>[] = [
  { header: "Date", cell: (row) => row.date, className: "whitespace-nowrap text-gray-700" },
  { header: "Description", cell: (row) => <Description row={row} />, className: "min-w-56", stackInCard: true },
  { header: "Amount", cell: (row) => <Amount row={row} />, align: "end" },
  { header: "Balance", cell: (row) => <Balance row={row} />, align: "end" },
];

/** The statement's lines: a table from the medium breakpoint up, a card per line on phones. */
export function StatementList({ rows, emptyText = NO_STATEMENT_TEXT }: { rows: StatementItem[]; emptyText?: string }) {
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(row) => row.id}
      columns={COLUMNS}
      caption="Statement, newest first"
      testId="statement"
      rowTestId={(row) => `statement-${row.kind}`}
      cardTestId={(row) => `statement-card-${row.kind}`}
      empty={<p data-testid="statement-empty">{emptyText}</p>}
      card={(row) => (
        <div className="grid gap-2">
          <div className="flex items-start justify-between gap-3">
            <span className="text-xs text-gray-600">{row.date}</span>
            <Amount row={row} />
          </div>
          <Description row={row} />
          <div className="text-right text-sm text-gray-700">
            Balance <Balance row={row} />
          </div>
        </div>
      )}
    />
  );
}
