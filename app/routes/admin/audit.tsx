import { z } from "zod";
import type { Route } from "./+types/audit";
import { AuditEntries, AuditFilters } from "~/components/admin/audit-log";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { AUDIT_ACTIONS } from "~/domain/audit/actions";
import { listAudit, listAuditActors } from "~/domain/audit/audit.server";
import { listHref, pageParam } from "~/domain/shared/paging";
import { payoutProgressOfJobs } from "~/domain/withdrawals/payout-progress.server";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Audit Log");

/** ?actor=&action=&page= — anything unusable falls back to "no filter" / page 1. */
const AuditQuery = z.object({
  actor: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined)
    .catch(undefined),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "view_reports");
  const query = AuditQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = context.services;
  const [log, actors] = await Promise.all([
    listAudit(db, admin, { actorId: query.actor, action: query.action, page: query.page }),
    listAuditActors(db),
  ]);
  // Payouts queued by transfer: where each stands now (Sent, Paid, Not paid…).
  const payouts = await payoutProgressOfJobs(
    db,
    log.entries.flatMap((e) => (e.payoutJobId ? [e.payoutJobId] : [])),
  );
  return {
    filters: { actor: query.actor, action: query.action },
    actions: AUDIT_ACTIONS,
    actors,
    page: log.page,
    pageCount: log.pageCount,
    entries: log.entries.map(({ createdAt, payoutJobId, ...entry }) => ({
      ...entry,
      at: createdAt.toISOString(),
      payout: (payoutJobId && payouts.get(payoutJobId)) || null,
    })),
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, actions, actors, entries, page, pageCount } = loaderData;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Audit Log</h1>
        <p className="mt-1 text-sm text-gray-600">
          Every admin action: who, what, when and from where. Times are Lagos time.
        </p>
      </div>
      <Card>
        <AuditFilters actors={actors} actions={actions} actor={filters.actor} action={filters.action} />
      </Card>
      <Card aria-label="Audit entries" className="grid gap-4 p-3 sm:p-5">
        <AuditEntries entries={entries} />
        <Pager
          page={page}
          pageCount={pageCount}
          hrefFor={(page) => listHref({ ...filters, page }, "/admin/audit")}
          label="Audit log pages"
        />
      </Card>
    </div>
  );
}
