import type { ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/withdrawals";
import { ListFilters, ListSearch } from "~/components/admin/list-controls";
import { errorToast } from "~/lib/toast";
import { Pager } from "~/components/ui/pager";
import { PayoutFileCard } from "~/components/withdrawals-admin/payout-file-card";
import { WithdrawalsHeading } from "~/components/withdrawals-admin/withdrawals-heading";
import { PaySelectedForm } from "~/components/withdrawals-admin/pay-selected";
import { PayoutProgressPanel } from "~/components/withdrawals-admin/payout-progress";
import { WithdrawalsTable } from "~/components/withdrawals-admin/withdrawals-table";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { statusLabels } from "~/domain/shared/status-badges";
import { toAdminWithdrawalRow } from "~/domain/withdrawals/admin-withdrawal-row";
import { WITHDRAWAL_LIFECYCLE, WITHDRAWAL_STATUS_BADGES } from "~/domain/withdrawals/lifecycle";
import { listWithdrawalsForAdmin } from "~/domain/withdrawals/list-withdrawals.server";
import { payoutExportCounts } from "~/domain/withdrawals/payout-export.server";
import { listPayoutProgress } from "~/domain/withdrawals/payout-progress.server";
import { payoutStatesOf } from "~/domain/withdrawals/payout-queue.server";
import { completeWithdrawal, rejectWithdrawal, startProcessing } from "~/domain/withdrawals/process-withdrawal.server";
import {
  PROCESS_INTENTS,
  PROCESS_REFUSED,
  TRANSFER_IN_FLIGHT_TEXT,
  withdrawalUpdatedText,
  type ProcessIntent,
} from "~/domain/withdrawals/process-words";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { pageTitle } from "~/lib/meta";
import { requireFreshFactor } from "~/server/second-factor.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Withdrawal Requests");

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";

/** The filters in the order a withdrawal goes through them. */
const FILTERS = ["all", ...WITHDRAWAL_LIFECYCLE] as const;
type Filter = (typeof FILTERS)[number];

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(FILTERS).catch("all"),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_withdrawals", DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = context.services;
  const payByTransfer = context.services.paymentProvider !== undefined;
  const [result, payouts, batches] = await Promise.all([
    listWithdrawalsForAdmin(db, {
      search: query.q || undefined,
      status: query.status === "all" ? undefined : query.status,
      page: query.page,
    }),
    // The next payout CSV takes every processing withdrawal in no file yet, whatever the search narrows the list to.
    payoutExportCounts(db),
    payByTransfer ? listPayoutProgress(db) : [],
  ]);
  // Without Paystack nothing is ever on its way there: no ids, no states.
  const payoutStates = await payoutStatesOf(db, payByTransfer ? result.rows.map((w) => w.id) : []);
  const rows = result.rows.map((w) =>
    toAdminWithdrawalRow(w, { payoutState: payoutStates.get(w.id) ?? null, payByTransfer }),
  );
  return {
    query,
    rows,
    counts: result.counts,
    /** Processing withdrawals in no payout file yet: what the next download takes. */
    newPayoutCount: payouts.unexported,
    /** Processing withdrawals already in a payout file (downloaded, not yet marked as completed). */
    exportedPayoutCount: payouts.exported,
    /** Paystack is on: processing withdrawals can be paid by transfer from here. */
    payByTransfer,
    /** The latest presses of Pay via Paystack, each withdrawal with where it stands. */
    batches,
    page: result.page,
    pageCount: result.pageCount,
  };
}

const ActionSchema = z.object({
  intent: z.enum(PROCESS_INTENTS),
  withdrawalId: z.string().trim().min(1).max(64),
});

const TRANSITIONS = {
  "start-processing": startProcessing,
  reject: rejectWithdrawal,
  complete: completeWithdrawal,
} satisfies Record<ProcessIntent, unknown>;

const updateFailed = (description: string) => errorToast("Update Failed", description);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_withdrawals", DENIED);
  await requireFreshFactor(request, context);
  const parsed = ActionSchema.safeParse(await readForm(request));
  if (!parsed.success) return actionAnswer(updateFailed("Could not update the withdrawal."));
  const { intent, withdrawalId } = parsed.data;
  const result = await TRANSITIONS[intent](context.services.db, actorFrom(admin, context), withdrawalId);
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.status === "not-found") {
    return actionAnswer(updateFailed("This withdrawal request no longer exists."), { status: 404, intent });
  }
  if (result.status === "conflict") {
    // Another admin (or another tab) moved it first: nothing changed here; the list reloads to show the truth.
    const current = WITHDRAWAL_STATUS_BADGES[result.current].label;
    return actionAnswer(
      updateFailed(
        `This withdrawal is ${current} (another admin may have just updated it), so it cannot be ${PROCESS_REFUSED[intent]}. The list has been refreshed.`,
      ),
      { status: 409, intent },
    );
  }
  if (result.status === "transfer-in-flight") {
    return actionAnswer(updateFailed(TRANSFER_IN_FLIGHT_TEXT), { status: 409, intent });
  }
  void context.services.flushMail();
  const { withdrawal } = result;
  return actionAnswer({
    type: "success",
    title: "Withdrawal Updated",
    description: withdrawalUpdatedText(withdrawal.status, withdrawal.reference, formatKobo(withdrawal.amountKobo)),
  });
}

/** A refusal (409: moved by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

const FILTER_LABELS: Record<Filter, string> = { all: "All", ...statusLabels(WITHDRAWAL_STATUS_BADGES) };

export default function WithdrawalRequests({ loaderData }: Route.ComponentProps) {
  const { query, rows, counts, newPayoutCount, exportedPayoutCount, payByTransfer, batches, page, pageCount } =
    loaderData;
  const href = (changes: Partial<typeof query>) => {
    const next = { ...query, ...changes };
    return listHref({ q: next.q, status: next.status === "all" ? undefined : next.status, page: next.page });
  };
  const caption = `Withdrawal requests${query.status !== "all" ? ` (${FILTER_LABELS[query.status]})` : ""}${
    query.q ? ` matching “${query.q}”` : ""
  }, page ${page} of ${pageCount}`;
  return (
    <div className="grid gap-4">
      <WithdrawalsHeading payByTransfer={payByTransfer} />
      <PayoutProgressPanel batches={batches} />
      <PayoutFileCard
        newPayoutCount={newPayoutCount}
        exportedPayoutCount={exportedPayoutCount}
        // "Download again" links point at the card's warning, so it is there whenever one is.
        downloadedInList={rows.some((row) => row.payoutBatch !== null && row.status === "processing")}
      />
      <ListSearch
        id="withdrawal-search"
        label="Search by user name"
        placeholder="Search by user name"
        q={query.q}
        keep={{ status: query.status !== "all" ? query.status : undefined }}
      />
      <ListFilters
        label="Filter withdrawals by status"
        filters={FILTERS}
        current={query.status}
        labels={FILTER_LABELS}
        counts={counts}
        hrefFor={(status) => href({ status, page: 1 })}
      />
      {payByTransfer && rows.some((row) => row.payable) ? <PaySelectedForm /> : null}
      <WithdrawalsTable rows={rows} caption={caption} />
      <Pager page={page} pageCount={pageCount} hrefFor={(page) => href({ page })} />
    </div>
  );
}
