import { z } from "zod";
import { listHref, pageParam } from "~/domain/shared/paging";

/** The reconciliation page, and the route of its Mark resolved form beside it. */
export const RECONCILIATION_PATH = "/admin/reconciliation";
export const RESOLVE_ACTION = `${RECONCILIATION_PATH}/resolve`;
export const REFUND_ACTION = `${RECONCILIATION_PATH}/refund`;

/** The page's two lists: what is still to look into, and what admins marked resolved. */
export const RECONCILIATION_VIEWS = ["open", "resolved"] as const;
export type ReconciliationView = (typeof RECONCILIATION_VIEWS)[number];

export const RECONCILIATION_VIEW_LABELS: Record<ReconciliationView, string> = {
  open: "To look into",
  resolved: "Resolved",
};

/** The page's query: the list shown, its page (Resolved is paged), and the entry whose Mark resolved dialog is open. */
export const ReconciliationQuerySchema = z.object({
  view: z.enum(RECONCILIATION_VIEWS).catch("open"),
  page: pageParam,
  /** "<kind>:<key>" (`resolveParam`, app/domain/payments/disagreements.ts). */
  resolve: z.string().max(240).optional().catch(undefined),
  /** The held payment (its reference) whose Refund dialog is open. */
  refund: z.string().max(240).optional().catch(undefined),
});
export type ReconciliationQuery = z.infer<typeof ReconciliationQuerySchema>;

export const readReconciliationQuery = (url: string) =>
  ReconciliationQuerySchema.parse(Object.fromEntries(new URL(url).searchParams));

/**
 * A link to the page with its list and page (defaults left out) and any extra parameters; with
 * `path`, to the Mark resolved form's route instead (so the page it renders after a refusal is
 * the same).
 */
export function reconciliationHref(
  query: { view: ReconciliationView; page: number },
  extra: Record<string, string | undefined> = {},
  path: string = RECONCILIATION_PATH,
) {
  return listHref({ view: query.view === "open" ? undefined : query.view, page: query.page, ...extra }, path);
}
