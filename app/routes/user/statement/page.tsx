import type { Route } from "./+types/page";
import { StatementPage } from "~/components/statement/statement-page";
import { balances } from "~/domain/ledger/accounts.server";
import { formatKobo } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { toStatementItem } from "~/domain/statement/statement-lines";
import { monthParam, monthPeriod, statementMonths } from "~/domain/statement/statement-period";
import { memberStatement, statementSummary } from "~/domain/statement/statement.server";
import { pageTitle } from "~/lib/meta";
import { requireMember } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Statement");

/**
 * GET /statement[?month=YYYY-MM][&page=N]: every movement of the member's money, newest first, for
 * all time or one Lagos month with its opening and closing balances (members only: staff earn nothing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const page = pageParam.parse(params.get("page") ?? undefined);
  const month = monthParam.parse(params.get("month") ?? undefined);
  const period = monthPeriod(month);
  const [statement, summary, money] = await Promise.all([
    memberStatement(db, user.id, { page, period }),
    statementSummary(db, user.id, period),
    balances(db, user.id),
  ]);
  return {
    available: formatKobo(money.availableKobo),
    held: formatKobo(money.heldKobo),
    lines: statement.lines.map((line) => toStatementItem(line, "member")),
    page: statement.page,
    pageCount: statement.pageCount,
    total: statement.total,
    month,
    months: statementMonths(summary.firstAt, new Date()),
    summary: {
      opening: formatKobo(summary.openingKobo),
      in: formatKobo(summary.inKobo),
      out: formatKobo(summary.outKobo),
      closing: formatKobo(summary.closingKobo),
    },
  };
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  return <StatementPage {...loaderData} />;
}
