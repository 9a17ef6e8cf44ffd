import { koboToDecimal, type Kobo } from "~/domain/shared/money";
import { csvCell } from "~/domain/shared/csv";

/** One Lagos day of a campaign's report: verified views and what they took from the escrow. */
export type CampaignReportDay = {
  /** Africa/Lagos calendar day, "YYYY-MM-DD". */
  day: string;
  views: number;
  rewardsKobo: Kobo;
  feesKobo: Kobo;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a campaign runs from: its activation by an admin, or its first day when that came later;
 * null until it is activated (it may never be).
 */
export function campaignStart(campaign: { startsAt: Date | null; activatedAt: Date | null }): Date | null {
  const { startsAt, activatedAt } = campaign;
  if (!activatedAt) return null;
  return startsAt && startsAt > activatedAt ? startsAt : activatedAt;
}

/** The day after a "YYYY-MM-DD" day (calendar arithmetic in UTC: no time zone involved). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** At most this many days in a chart or file (a campaign running a year and more shows its last year). */
export const REPORT_MAX_DAYS = 366;

/**
 * Every day from `from` to `to` (both included, "YYYY-MM-DD"), the days with views from `rows`
 * and zeros between, oldest first; the last REPORT_MAX_DAYS when longer. Rows outside the range
 * widen it, so no verified view is ever left out of the total.
 */
export function fillReportDays(rows: readonly CampaignReportDay[], from: string, to: string): CampaignReportDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = rows.map((r) => r.day).sort();
  let first = days[0] && days[0] < from ? days[0] : from;
  const last = days.at(-1) && days.at(-1)! > to ? days.at(-1)! : to;
  if (first > last) return [];
  const span = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
  if (span > REPORT_MAX_DAYS) {
    first = new Date(Date.parse(`${last}T00:00:00Z`) - (REPORT_MAX_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  }
  const out: CampaignReportDay[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    out.push(byDay.get(day) ?? { day, views: 0, rewardsKobo: 0n, feesKobo: 0n });
  }
  return out;
}

export const CAMPAIGN_REPORT_CSV_HEADER = "date,verified_views,rewards_paid,fees,spend";

/**
 * The campaign report's daily rows as a CSV file (RFC 4180, CRLF after every record, amounts in
 * naira with two decimals), cells escaped as the payout file's.
 */
export function campaignReportCsv(days: readonly CampaignReportDay[]): string {
  const lines = [CAMPAIGN_REPORT_CSV_HEADER];
  for (const d of days) {
    lines.push(
      [
        d.day,
        String(d.views),
        koboToDecimal(d.rewardsKobo),
        koboToDecimal(d.feesKobo),
        koboToDecimal(d.rewardsKobo + d.feesKobo),
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return lines.map((line) => `${line}\r\n`).join("");
}
