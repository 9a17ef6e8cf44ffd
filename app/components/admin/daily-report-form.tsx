import { Download } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { lagosDay, lagosMonth } from "~/lib/lagos-time";

/** Where the daily report is downloaded: a POST (every download is audited). */
export const DAILY_REPORT_CSV_PATH = "/admin/reports/daily.csv";

/**
 * "Download report": the accountant's daily figures for a range of Lagos days, as a CSV. A plain
 * form post whose answer is the file (an attachment), so the browser downloads it and stays on
 * the page, with or without JavaScript (a plain <form>: React Router never turns it into a
 * fetch). Defaults: the current Lagos month, from its first day to today.
 */
export function DailyReportForm({ now = new Date() }: { now?: Date }) {
  const today = lagosDay(now);
  const monthStart = lagosDay(lagosMonth(now).start);
  return (
    <Card aria-labelledby="daily-report-title">
      <h2 id="daily-report-title" className="text-lg font-semibold">
        Download Report
      </h2>
      <p id="daily-report-help" className="mt-1 text-sm text-gray-600">
        Daily figures per Lagos day (rewards, withdrawals, upgrades, new members) with a totals row. At most 366 days.
      </p>
      <form
        method="post"
        action={DAILY_REPORT_CSV_PATH}
        className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end"
        aria-describedby="daily-report-help"
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="daily-report-from">From</Label>
          <Input id="daily-report-from" name="from" type="date" required defaultValue={monthStart} max={today} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="daily-report-to">To</Label>
          <Input id="daily-report-to" name="to" type="date" required defaultValue={today} max={today} />
        </div>
        <Button type="submit" className="sm:self-end">
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </Button>
      </form>
    </Card>
  );
}
