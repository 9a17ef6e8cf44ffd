import { redirect } from "react-router";
import type { Route } from "./+types/csv";
import { statementCsv } from "~/domain/statement/statement-lines";
import { fullStatement } from "~/domain/statement/statement.server";
import { lagosDay } from "~/lib/lagos-time";
import { requireMember } from "~/server/auth.server";

/**
 * The statement as a CSV download (a resource route). A POST, from the statement page's
 * "Download CSV" button, so it passes the origin check in server/app.ts and no other site can
 * make a signed-in browser fetch it; a GET downloads nothing and goes to the statement.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMember(request, context);
  throw redirect("/statement");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const csv = statementCsv(await fullStatement(context.services.db, user.id));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="adnaira-statement-${lagosDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
