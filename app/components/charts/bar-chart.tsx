import { cn } from "~/lib/cn";
import { barHeights, type ChartValue, labelVisibility, maxIndex, valueAnchor } from "./bar-chart-scale";

export type BarChartDatum = {
  /** Stable key, e.g. the day "2026-11-26". */
  key: string;
  /** The x-axis label, short ("26 Nov"). */
  label: string;
  /** The bar named in full, for its tooltip and the table ("26 Nov 2026"). */
  description: string;
  /** The amount the bar's height shows (kobo as bigint, or a count). */
  value: ChartValue;
  /** The value as people read it ("₦12.50"). */
  formatted: string;
};

export type BarChartProps = {
  /** The chart's accessible name, also the caption of its table. */
  title: string;
  data: BarChartDatum[];
  /** Zero, formatted like the values ("₦0.00"): the foot of the y-axis. */
  zeroFormatted: string;
  /** Column headings of the table of figures. */
  labelHeading: string;
  valueHeading: string;
  /**
   * A small chart, sharing the width with others (e.g. two to a row): its x-axis keeps to a few
   * labels at every width instead of showing them all on a wide screen.
   */
  compact?: boolean;
  className?: string;
};

// Heights in px; widths are percentages of the plot, so text keeps its size at any width.
const VALUE_ROOM = 22; // above the tallest bar, for the value shown on hover or focus
const PLOT_HEIGHT = 128;
const AXIS_ROOM = 22; // below the bars, for the x-axis labels
const PLOT_BOTTOM = VALUE_ROOM + PLOT_HEIGHT;
const HEIGHT = PLOT_BOTTOM + AXIS_ROOM;

/** Room on the left for the y-axis labels, from the longer one's length. */
function gutterClass(longest: number): string {
  if (longest <= 5) return "pl-12";
  if (longest <= 8) return "pl-16";
  if (longest <= 10) return "pl-20";
  return "pl-24";
}

/** When an x-axis label shows: a few on a phone, more from `sm`, all from `lg` (unless compact). */
function labelClass(index: number, count: number, compact: boolean): string {
  const { narrow, medium } = labelVisibility(index, count);
  return cn(
    !narrow && "hidden",
    narrow !== medium && (medium ? "sm:inline" : "sm:hidden"),
    !medium && !compact && "lg:inline",
  );
}

const pct = (n: number) => `${Number(n.toFixed(4))}%`;

/**
 * A bar chart drawn on the server as SVG: no script is needed to see it. The y-axis shows zero
 * and the largest value; each bar can be focused (and hovered) to show its figure, and its
 * `<title>` gives the browser's own tooltip. The figures are also in a table under "Show the
 * figures", the chart's text alternative.
 */
export function BarChart({
  title,
  data,
  zeroFormatted,
  labelHeading,
  valueHeading,
  compact = false,
  className,
}: BarChartProps) {
  const count = data.length;
  const heights = barHeights(
    data.map((d) => d.value),
    PLOT_HEIGHT,
  );
  const top = maxIndex(data.map((d) => d.value));
  const maxFormatted = top === -1 ? zeroFormatted : data[top]!.formatted;
  const slot = count > 0 ? 100 / count : 100;
  return (
    <div className={cn("min-w-0", className)}>
      {/* The right padding holds the half of the last axis label that passes the last bar. */}
      <div className={cn("relative pr-4", gutterClass(Math.max(maxFormatted.length, zeroFormatted.length)))}>
        <svg
          role="group"
          aria-label={title}
          width="100%"
          height={HEIGHT}
          className="block overflow-visible text-[11px] tabular-nums"
          data-testid="bar-chart"
        >
          {/* The y-axis: the largest value at the top, zero at the foot. */}
          <g aria-hidden="true" className="fill-gray-600">
            <line x1="0" x2="100%" y1={VALUE_ROOM} y2={VALUE_ROOM} className="stroke-gray-200" strokeDasharray="4 4" />
            <line x1="0" x2="100%" y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} className="stroke-gray-300" />
            <text x={-8} y={VALUE_ROOM} textAnchor="end" dominantBaseline="middle" data-testid="y-max">
              {maxFormatted}
            </text>
            <text x={-8} y={PLOT_BOTTOM} textAnchor="end" dominantBaseline="middle">
              {zeroFormatted}
            </text>
          </g>
          {data.map((d, i) => {
            const height = heights[i] ?? 0;
            const anchor = valueAnchor(i, count);
            const name = `${d.description}: ${d.formatted}`;
            return (
              <g
                key={d.key}
                role="img"
                aria-label={name}
                tabIndex={0}
                className="group outline-none"
                data-testid="bar"
                data-value={d.formatted}
              >
                <title>{name}</title>
                {/* The whole column answers the pointer, so a short or empty day can be hovered too. */}
                <rect
                  x={pct(slot * i)}
                  y={VALUE_ROOM}
                  width={pct(slot)}
                  height={PLOT_HEIGHT}
                  className="fill-transparent stroke-transparent stroke-2 group-hover:fill-brand-50 group-focus:fill-brand-50 group-focus:stroke-brand-700"
                />
                {height > 0 ? (
                  <rect
                    x={pct(slot * i + slot * 0.2)}
                    y={PLOT_BOTTOM - height}
                    width={pct(slot * 0.6)}
                    height={height}
                    rx={2}
                    className="fill-brand-600 group-hover:fill-brand-800 group-focus:fill-brand-800"
                  />
                ) : null}
                <text
                  x={pct(anchor === "start" ? slot * i : slot * (i + 1))}
                  y={Math.max(14, PLOT_BOTTOM - height - 8)}
                  textAnchor={anchor}
                  className="hidden fill-gray-900 text-xs font-semibold group-hover:inline group-focus:inline"
                  data-testid="bar-value"
                >
                  {name}
                </text>
                <text
                  x={pct(slot * (i + 0.5))}
                  y={PLOT_BOTTOM + 16}
                  textAnchor="middle"
                  className={cn("fill-gray-600", labelClass(i, count, compact))}
                  aria-hidden="true"
                >
                  {d.label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          Show the figures
        </summary>
        <table className="mt-2 w-full text-left" data-testid="bar-chart-table">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-gray-200 text-gray-600">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {labelHeading}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.key} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-normal text-gray-700">
                  {d.description}
                </th>
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{d.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
