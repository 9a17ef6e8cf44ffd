import { Download } from "lucide-react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/withdrawals";
import { ListFilters, ListSearch } from "~/components/admin/list-controls";
import { errorToast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { PayoutDownloadForm } from "~/components/withdrawals-admin/payout-download";
import type { AdminWithdrawalRow } from "~/components/withdrawals-admin/types";
import { WithdrawalsHeading } from "~/components/withdrawals-admin/withdrawals-heading";
import { PaySelectedForm } from "~/components/withdrawals-admin/pay-selected";
import { PayoutProgressPanel } from "~/components/withdrawals-admin/payout-progress";
import { WithdrawalsTable } from "~/components/withdrawals-admin/withdrawals-table";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { statusLabels } from "~/domain/shared/status-badges";
import { WITHDRAWAL_STATUS_BADGES, WITHDRAWAL_STATUSES } from "~/domain/withdrawals/lifecycle";
import { reviewNoteOf } from "~/domain/withdrawals/auto-pay-holds";
import { listWithdrawalsForAdmin } from "~/domain/withdrawals/list-withdrawals.server";
import { payoutExportCounts } from "~/domain/withdrawals/payout-export.server";
import { offersPayByTransfer } from "~/domain/withdrawals/payout-progress";
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
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Withdrawal Requests");

const DENIED = "Access Denied. You do not have permission to manage withdrawals.";

const FILTERS = ["all", ...WITHDRAWAL_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

/** The filters in the order a withdrawal goes through them: Sent between Processing and Completed. */
const LIFECYCLE_POSITION: Record<Filter, number> = {
  all: 0,
  pending: 1,
  processing: 2,
  sent: 3,
  completed: 4,
  rejected: 5,
};
const SHOWN_FILTERS = [...FILTERS].sort((a, b) => LIFECYCLE_POSITION[a] - LIFECYCLE_POSITION[b]);

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
  const rows: AdminWithdrawalRow[] = result.rows.map((w) => ({
    id: w.id,
    reference: w.reference,
    userId: w.userId,
    // An advertiser's payout reads as their business, marked as such (the person is on the next line's email).
    userName: w.businessName ? `${w.businessName} (advertiser: ${w.userName})` : w.userName,
    userEmail: w.userEmail,
    userDisplayId: w.userDisplayId,
    amount: formatKobo(w.amountKobo),
    fee: formatKobo(w.feeKobo),
    net: formatKobo(w.netKobo),
    status: w.status,
    bankName: w.bankName,
    bankCode: w.bankCode,
    accountNumber: w.accountNumber,
    accountHolderName: w.accountHolderName,
    requestedAt: w.requestedAt.toISOString(),
    requestedAtText: formatLagosDateTime(w.requestedAt),
    processedAt: w.processedAt ? w.processedAt.toISOString() : null,
    processedAtText: w.processedAt ? formatLagosDateTime(w.processedAt) : null,
    payoutBatch: w.payoutBatch,
    transferCode: w.transferCode,
    sentAtText: w.sentAt ? formatLagosDateTime(w.sentAt) : null,
    transferFailureReason: w.transferFailureReason,
    payoutState: payoutStates.get(w.id) ?? null,
    reviewNote: reviewNoteOf(w),
    payable: payByTransfer && offersPayByTransfer(w, payoutStates.has(w.id)),
  }));
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
  // "Download again" links point at this warning, so it is there whenever one is.
  const showReexportWarning =
    exportedPayoutCount > 0 || rows.some((row) => row.payoutBatch !== null && row.status === "processing");
  const revalidator = useRevalidator();
  // The download takes its withdrawals into a payout file: reload the list once it has.
  const afterDownload = () => window.setTimeout(() => void revalidator.revalidate(), 1500);
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
      {newPayoutCount > 0 || showReexportWarning ? (
        <Card className="grid gap-3">
          {newPayoutCount > 0 ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-gray-700" id="payout-csv-hint">
                {newPayoutCount === 1 ? "1 processing withdrawal is" : `${newPayoutCount} processing withdrawals are`}{" "}
                in no payout file yet. Download them as a CSV for your bank&apos;s bulk-transfer upload, then mark each
                as completed once paid. Each download holds only withdrawals not downloaded before.
              </p>
              {/* A form post that answers with the file. The list reloads shortly after, so the
                  withdrawals show the payout file they went into. */}
              <PayoutDownloadForm onSubmit={afterDownload}>
                <Button type="submit" variant="outline" aria-describedby="payout-csv-hint">
                  <Download className="h-4 w-4" aria-hidden />
                  Download payout CSV ({newPayoutCount} new)
                </Button>
              </PayoutDownloadForm>
            </div>
          ) : null}
          {showReexportWarning ? (
            <p className="text-sm text-amber-800" id="payout-reexport-warning">
              {exportedPayoutCount === 1
                ? "1 processing withdrawal is already in a payout file. "
                : exportedPayoutCount > 1
                  ? `${exportedPayoutCount} processing withdrawals are already in a payout file. `
                  : null}
              “Download again” gives the same file once more, in case it was lost: never upload a payout file to the
              bank twice, the bank would pay every withdrawal in it again.
            </p>
          ) : null}
        </Card>
      ) : null}
      <ListSearch
        id="withdrawal-search"
        label="Search by user name"
        placeholder="Search by user name"
        q={query.q}
        keep={{ status: query.status !== "all" ? query.status : undefined }}
      />
      <ListFilters
        label="Filter withdrawals by status"
        filters={SHOWN_FILTERS}
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
