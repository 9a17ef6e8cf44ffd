import type { Route } from "./+types/reports-export";
import { dailyReport, MAX_REPORT_DAYS } from "~/domain/stats/daily-report.server";
import { errorToast } from "~/lib/toast";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

const DENIED = "Access Denied. You do not have permission to view reports.";

const POST_ONLY =
  "The daily report is downloaded with the Download CSV button on the admin dashboard (a form post): opening this address changes nothing.";

const INVALID_RANGE = `Choose a From and a To date (Lagos days), To not before From, at most ${MAX_REPORT_DAYS} days.`;

/**
 * The accountant's daily figures as a CSV (a resource route: no page), never cached. A POST
 * (through the origin check in server/app.ts), because every download is audited, which no GET
 * that any page can trigger may do.
 *   POST /admin/reports/daily.csv  from=YYYY-MM-DD to=YYYY-MM-DD → the file (an attachment);
 *        an invalid range → back to /admin with an error toast
 *   GET                                                          → 405 (Allow: POST), nothing changes
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "view_reports", DENIED);
  return text(405, POST_ONLY, { Allow: "POST" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "view_reports", DENIED);
  const { from = "", to = "" } = await readForm(request);
  const result = await dailyReport(context.services.db, actorFrom(admin, context), {
    from: from.trim(),
    to: to.trim(),
  });
  switch (result.status) {
    case "forbidden":
      throw forbidden(DENIED);
    case "invalid-range":
      return redirectWithToast(context, "/admin", errorToast("Report Not Downloaded", INVALID_RANGE));
    case "ok":
      return new Response(result.csv, {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${result.filename}"`,
          ...PRIVATE,
        },
      });
  }
}

const PRIVATE = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

function text(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE, ...headers },
  });
}
