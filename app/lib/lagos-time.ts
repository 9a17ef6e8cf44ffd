/**
 * The Africa/Lagos calendar, the one the product keeps: daily limits, weeks and months follow it,
 * and dates are shown in it. Lagos is UTC+1 all year (no daylight saving since 1919), so a Lagos
 * day changes at 23:00 UTC; Intl is used anyway so the rule stays the time-zone database's.
 */

/**
 * Dates as Nigerians read them, in Africa/Lagos time: "21 Nov 2026" and "21 Nov 2026, 14:05".
 * Only the numeric parts come from Intl; month names are fixed here, so the server and every
 * browser print the same text (ICU versions disagree on "Sep" / "Sept"), and hydration matches.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const numeric = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function lagosParts(value: Date | string) {
  const parts = Object.fromEntries(numeric.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return {
    day: Number(parts.day),
    month: MONTHS[Number(parts.month) - 1] ?? "",
    year: parts.year ?? "",
    hour: (parts.hour ?? "00").padStart(2, "0"),
    minute: (parts.minute ?? "00").padStart(2, "0"),
  };
}

export function formatLagosDate(value: Date | string): string {
  const p = lagosParts(value);
  return `${p.day} ${p.month} ${p.year}`;
}

export function formatLagosDateTime(value: Date | string): string {
  const p = lagosParts(value);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

const lagosDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Lagos",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Africa/Lagos calendar day of an instant, as "YYYY-MM-DD" (the form of a PostgreSQL `date`). */
export function lagosDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("lagosDay: invalid date");
  const parts = Object.fromEntries(lagosDate.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
/** A Lagos day in milliseconds (Lagos has no daylight saving). */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Africa/Lagos calendar week holding `at` (weeks start on Sunday): the instant the week
 * starts (Sunday 00:00 Lagos, 23:00 UTC on Saturday) and the instant the next one starts.
 */
export function lagosWeek(at: Date): { start: Date; end: Date } {
  const [year, month, day] = lagosDay(at).split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day); // the Lagos date, as a UTC midnight
  const weekday = new Date(midnightUtc).getUTCDay(); // 0 = Sunday
  const start = midnightUtc - weekday * DAY_MS - LAGOS_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** The instant a Lagos calendar date ("YYYY-MM-DD" parts) begins: 00:00 Lagos, 23:00 UTC the day before. */
function lagosMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - LAGOS_OFFSET_MS);
}

/** The Africa/Lagos calendar month holding `at`: its first instant and the next month's. */
export function lagosMonth(at: Date): { start: Date; end: Date } {
  const [year, month] = lagosDay(at).split("-").map(Number) as [number, number, number];
  return { start: lagosMidnight(year, month, 1), end: lagosMidnight(year, month + 1, 1) };
}

/** The Africa/Lagos calendar year holding `at`: 1 January 00:00 Lagos to the next. */
export function lagosYear(at: Date): { start: Date; end: Date } {
  const [year] = lagosDay(at).split("-").map(Number) as [number, number, number];
  return { start: lagosMidnight(year, 1, 1), end: lagosMidnight(year + 1, 1, 1) };
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The Africa/Lagos month of an instant in words, "November 2026" (names fixed here, as above). */
export function formatLagosMonthYear(value: Date | string): string {
  const [year, month] = lagosDay(new Date(value)).split("-");
  return `${MONTH_NAMES[Number(month) - 1] ?? ""} ${year}`;
}

function dayParts(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The instant a Lagos calendar day ("YYYY-MM-DD") begins: 00:00 Lagos, 23:00 UTC the day before. */
export function lagosDayStart(day: string): Date {
  return lagosMidnight(...dayParts(day));
}

/** The `count` Lagos calendar days ending with the day of `at` (that day included), oldest first. */
export function lagosDaysEnding(at: Date, count: number): string[] {
  const [year, month, day] = dayParts(lagosDay(at));
  const last = Date.UTC(year, month - 1, day);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** A Lagos day ("YYYY-MM-DD") named briefly, as a chart axis shows it: "3 Nov". */
export function lagosDayLabel(day: string): string {
  const [, month, date] = dayParts(day);
  return `${date} ${MONTHS[month - 1] ?? ""}`;
}
