import type { Route } from "./+types/page";
import { StatementPage } from "~/components/statement/statement-page";
import { balances } from "~/domain/ledger/accounts.server";
import { formatKobo } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { toStatementItem } from "~/domain/statement/statement-lines";
import { memberStatement } from "~/domain/statement/statement.server";
import { pageTitle } from "~/lib/meta";
import { requireMember } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Statement");

/** GET /statement: every movement of the member's money, newest first (members only: staff earn nothing). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMember(request, context);
  const { db } = context.services;
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const [statement, money] = await Promise.all([memberStatement(db, user.id, { page }), balances(db, user.id)]);
  return {
    available: formatKobo(money.availableKobo),
    held: formatKobo(money.heldKobo),
    lines: statement.lines.map(toStatementItem),
    page: statement.page,
    pageCount: statement.pageCount,
    total: statement.total,
  };
}

export default function Statement({ loaderData }: Route.ComponentProps) {
  return <StatementPage {...loaderData} />;
}
