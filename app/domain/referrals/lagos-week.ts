import { lagosDay } from "~/domain/adverts/lagos-day";

/** Africa/Lagos is UTC+1 all year (no daylight saving since 1919): a Lagos midnight is 23:00 UTC. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Africa/Lagos calendar week holding `at` (weeks start on Sunday): the instant the
 * week starts (Sunday 00:00 Lagos) and the instant the next one starts.
 */
export function lagosWeek(at: Date): { start: Date; end: Date } {
  const [year, month, day] = lagosDay(at).split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day); // the Lagos date, as a UTC midnight
  const weekday = new Date(midnightUtc).getUTCDay(); // 0 = Sunday
  const start = midnightUtc - weekday * DAY_MS - LAGOS_OFFSET_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}
