import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** One column of a list: its header, what each row shows in it, and how it sits. */
export type ListColumn<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** "end" for amounts and counts: right-aligned, figures in even widths. */
  align?: "start" | "end";
  /** Extra classes for this column's cells (the table's `<td>` and the card's value). */
  className?: string;
  /** Leave the column out of the default card (the card header or footer already shows it). */
  hideInCard?: boolean;
  /** In the default card, the value goes under its label at full width: long or many-line values. */
  stackInCard?: boolean;
  /** The cell names its row (the table's `<th scope="row">`), as a tier's name does. */
  rowHeader?: boolean;
};

/**
 * The one list: a table from the medium breakpoint up, one card per row below it (phones), an
 * empty text when there are no rows. The cards show the same columns as label/value pairs,
 * under an optional `cardHeader` (say the name and status badge) and over an optional
 * `cardFooter` (the row's buttons); a list whose card needs another layout passes `card`.
 *
 * Styles: .ui-list* in components.css. `framed` draws the list's own border (around the empty
 * text too) for a list that is not already inside a `Card`. `tableFrom="lg"` keeps the cards up
 * to the large breakpoint, for a table too wide for a tablet; `tableFrom="container"` switches by
 * the list's own width instead (the table once it is 42rem wide), for a list in a column beside
 * another.
 */
export function ResponsiveList<Row>({
  rows,
  rowKey,
  columns,
  empty,
  caption,
  cardHeader,
  cardFooter,
  card,
  framed = false,
  tableFrom = "md",
  testId,
  rowTestId,
  cardTestId,
  className,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly ListColumn<Row>[];
  /** Shown instead of the list when there are no rows. */
  empty: ReactNode;
  /** What the list is, for screen readers (the table's caption, the cards' list name). */
  caption: string;
  cardHeader?: (row: Row) => ReactNode;
  cardFooter?: (row: Row) => ReactNode;
  /** A card of its own instead of header + label/value pairs + footer. */
  card?: (row: Row) => ReactNode;
  framed?: boolean;
  /** The breakpoint from which the table shows instead of the cards, or the list's own width. */
  tableFrom?: "md" | "lg" | "container";
  /** `data-testid` of the table; the cards' list gets `${testId}-cards`. */
  testId?: string;
  rowTestId?: (row: Row) => string;
  cardTestId?: (row: Row) => string;
  className?: string;
}) {
  if (rows.length === 0) {
    return <div className={cn("ui-list-empty", framed && "ui-list-framed p-4", className)}>{empty}</div>;
  }
  const cardColumns = columns.filter((column) => !column.hideInCard);
  return (
    <div className={cn(tableFrom === "lg" && "ui-list-wide", tableFrom === "container" && "ui-list-fit", className)}>
      <ul className="ui-list-cards" aria-label={caption} data-testid={testId ? `${testId}-cards` : undefined}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="ui-list-card" data-testid={cardTestId?.(row)}>
            {card ? (
              card(row)
            ) : (
              <>
                {cardHeader?.(row)}
                {cardColumns.length > 0 && (
                  <dl className="ui-list-card-fields">
                    {cardColumns.map((column, index) =>
                      column.stackInCard ? (
                        <div key={index} className="col-span-2 grid gap-0.5">
                          <dt className="text-gray-600">{column.header}</dt>
                          <dd className={cn("min-w-0 text-gray-900", column.className)}>{column.cell(row)}</dd>
                        </div>
                      ) : (
                        <div key={index} className="contents">
                          <dt className="text-gray-600">{column.header}</dt>
                          <dd className={cn("text-right text-gray-900", alignClass(column), column.className)}>
                            {column.cell(row)}
                          </dd>
                        </div>
                      ),
                    )}
                  </dl>
                )}
                <CardFooter>{cardFooter?.(row)}</CardFooter>
              </>
            )}
          </li>
        ))}
      </ul>
      <div className={cn("ui-list-table-wrap", framed && "ui-list-framed")}>
        <table className="ui-list-table" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className={cn("ui-list-th", column.align === "end" && "text-right")}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="ui-list-tr" data-testid={rowTestId?.(row)}>
                {columns.map((column, index) =>
                  column.rowHeader ? (
                    <th
                      key={index}
                      scope="row"
                      className={cn("ui-list-td font-medium", alignClass(column), column.className)}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={index} className={cn("ui-list-td", alignClass(column), column.className)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The card's buttons, when the row has any (a footer that renders nothing leaves no gap). */
function CardFooter({ children }: { children: ReactNode }) {
  return children === null || children === undefined || children === false ? null : (
    <div className="mt-3">{children}</div>
  );
}

function alignClass(column: { align?: "start" | "end" }) {
  return column.align === "end" ? "whitespace-nowrap text-right tabular-nums" : undefined;
}
