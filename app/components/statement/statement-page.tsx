import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Pager } from "~/components/ui/pager";
import { listHref } from "~/domain/shared/paging";
import type { StatementItem } from "~/domain/statement/statement-lines";
import type { MonthOption } from "~/domain/statement/statement-period";
import { StatementList } from "./statement-list";

/** A period's figures as the page shows them: opening + in − out = closing. */
export type StatementSummaryView = { opening: string; in: string; out: string; closing: string };

export type StatementData = {
  available: string;
  held: string;
  lines: StatementItem[];
  page: number;
  pageCount: number;
  total: number;
  /** The month shown ("2026-11"), or undefined for the whole statement. */
  month: string | undefined;
  months: MonthOption[];
  summary: StatementSummaryView;
};

/** The month to read: a GET form, so it works before JavaScript loads and the URL can be kept. */
function PeriodForm({ month, months }: { month: string | undefined; months: MonthOption[] }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Choose the statement's period">
      <div className="grid min-w-48 flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor="statement-month">Period</Label>
        <select id="statement-month" name="month" defaultValue={month ?? ""} className="ui-input">
          <option value="">All time</option>
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}

function PeriodFigures({ summary, label }: { summary: StatementSummaryView; label: string }) {
  const figures: [string, string, string][] = [
    ["Opening balance", summary.opening, "statement-opening"],
    ["Money in", summary.in, "statement-in"],
    ["Money out", summary.out, "statement-out"],
    ["Closing balance", summary.closing, "statement-closing"],
  ];
  return (
    <section aria-label={`${label}: balance, money in and money out`} className="mt-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([name, value, testId]) => (
          <div key={name} className="rounded-md bg-gray-50 px-3 py-2">
            <dt className="text-xs text-gray-600">{name}</dt>
            <dd className="font-semibold tabular-nums text-gray-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A member's statement: every movement of their money, newest first, with the balance after each,
 * paged, for all time or one month with its opening and closing balances; a CSV of the same lines
 * (a POST: a plain form, so it downloads before JavaScript has loaded).
 */
export function StatementPage({
  available,
  held,
  lines,
  page,
  pageCount,
  total,
  month,
  months,
  summary,
}: StatementData) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/statement";
  const periodLabel = months.find((m) => m.value === month)?.label ?? "All time";
  return (
    <div className="grid gap-6">
      <header>
        <p className="text-sm">
          <Link to="/profile" className="text-brand-700 underline underline-offset-2">
            Back to your profile
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Statement</h1>
        <p className="mt-1 text-gray-600">
          Every naira that came into or left your AdNaira balance, newest first. Times are Lagos time.
        </p>
      </header>
      <Card aria-labelledby="statement-title">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <CardTitle id="statement-title">Your money</CardTitle>
            <CardDescription>
              Balance <strong className="tabular-nums text-gray-900">{available}</strong> · Held for withdrawals and
              upgrades <strong className="tabular-nums text-gray-900">{held}</strong>
            </CardDescription>
          </div>
          {total > 0 ? (
            // A plain form: the browser downloads the file, with or without JavaScript.
            <form method="post" action="/statement/csv">
              {month ? <input type="hidden" name="month" value={month} /> : null}
              <Button type="submit" variant="outline">
                Download CSV
              </Button>
            </form>
          ) : null}
        </div>
        {months.length > 0 ? (
          <div className="mt-4">
            <PeriodForm month={month} months={months} />
            <PeriodFigures summary={summary} label={periodLabel} />
          </div>
        ) : null}
        <p className="mt-3 text-sm text-gray-600">
          Money in and out is what entered and left your balance. A withdrawal leaves it when you ask for it; the
          payment to your bank is then made from the held amount. Referral rewards on hold or voided, and upgrades paid
          by bank transfer or online, are listed for your records but do not change your balance.
        </p>
        <div className="mt-4" aria-busy={loading}>
          {loading ? (
            <p role="status" className="mb-2 text-sm text-gray-600">
              Loading…
            </p>
          ) : null}
          <div className={loading ? "opacity-60" : undefined}>
            <StatementList rows={lines} />
          </div>
        </div>
        <Pager
          className="mt-4"
          page={page}
          pageCount={pageCount}
          hrefFor={(p) => listHref({ month, page: p }, "/statement")}
          label="Statement pages"
        />
      </Card>
    </div>
  );
}
