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
