import { z } from "zod";
import { formatLagosMonthYear, lagosDay, lagosDayStart, lagosMonth } from "~/lib/lagos-time";

/** A stretch of the statement: from `start` (included) to `end` (excluded); null: all of it. */
export type StatementPeriod = { start: Date; end: Date } | null;

/** `?month=`: a Lagos calendar month, "2026-11"; anything else (or nothing) is the whole statement. */
export const monthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .optional()
  .catch(undefined);

/** The period of a month ("2026-11", Africa/Lagos), or the whole statement. */
export function monthPeriod(month: string | undefined): StatementPeriod {
  return month ? lagosMonth(lagosDayStart(`${month}-01`)) : null;
}

export type MonthOption = { value: string; label: string };

/**
 * The months a statement can be read by, newest first: from the month of its first line to the
 * current one (a month with no lines is still a month: its opening and closing balances agree).
 */
export function statementMonths(firstAt: Date | null, now: Date): MonthOption[] {
  if (!firstAt) return [];
  const months: MonthOption[] = [];
  let { start } = lagosMonth(now);
  const first = lagosMonth(firstAt).start;
  while (start >= first && months.length < 600) {
    months.push({ value: lagosDay(start).slice(0, 7), label: formatLagosMonthYear(start) });
    start = lagosMonth(new Date(start.getTime() - 1)).start;
  }
  return months;
}
