/**
 * The `?period=` queries a page with Weekly, Monthly and Yearly tabs is asked with, and the
 * period each one shows: an unknown or empty period is the week.
 */
export const PERIOD_QUERIES = [
  ["", "week"],
  ["?period=week", "week"],
  ["?period=month", "month"],
  ["?period=year", "year"],
  ["?period=decade", "week"],
  ["?period=", "week"],
] as const;
