import { redirect } from "react-router";
import type { Route } from "./+types/csv";
import { statementCsv } from "~/domain/statement/statement-lines";
import { monthParam, monthPeriod } from "~/domain/statement/statement-period";
import { fullStatement } from "~/domain/statement/statement.server";
import { lagosDay } from "~/lib/lagos-time";
import { requireMember } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";

/**
 * The statement as a CSV download (a resource route): all of it, or the month posted with it. A
 * POST, from the statement page's "Download CSV" button, so it passes the origin check in
 * server/app.ts and no other site can make a signed-in browser fetch it; a GET downloads nothing
 * and goes to the statement.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember(request, context);
  throw redirect("/statement");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const month = monthParam.parse((await readForm(request)).month);
  const csv = statementCsv(await fullStatement(context.services.db, user.id, monthPeriod(month)));
  const name = month ? `adnaira-statement-${month}` : `adnaira-statement-${lagosDay(new Date())}`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
