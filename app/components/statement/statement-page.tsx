import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { listHref } from "~/domain/shared/paging";
import type { StatementItem } from "~/domain/statement/statement-lines";
import { StatementList } from "./statement-list";

export type StatementData = {
  available: string;
  held: string;
  lines: StatementItem[];
  page: number;
  pageCount: number;
  total: number;
};

/**
 * A member's statement: every movement of their money, newest first, with the balance after each,
 * paged; a CSV of all of it (a POST: a plain form, so it downloads before JavaScript has loaded).
 */
export function StatementPage({ available, held, lines, page, pageCount, total }: StatementData) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/statement";
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
              <Button type="submit" variant="outline">
                Download CSV
              </Button>
            </form>
          ) : null}
        </div>
        <p className="mt-3 text-sm text-gray-600">
          Referral rewards on hold or voided, and upgrades paid by bank transfer or online, are listed for your records
          but do not change your balance.
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
          hrefFor={(p) => listHref({ page: p }, "/statement")}
          label="Statement pages"
        />
      </Card>
    </div>
  );
}
