/**
 * The Africa/Lagos calendar day of an instant, as "YYYY-MM-DD" (the form of a PostgreSQL `date`).
 * Daily limits, weeks and months follow this calendar. Lagos is UTC+1
 * all year (no daylight saving), so the day changes at 23:00 UTC; Intl is used anyway so the
 * rule stays the time-zone database's, not ours.
 */
const lagosDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function lagosDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("lagosDay: invalid date");
  const parts = Object.fromEntries(lagosDate.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
