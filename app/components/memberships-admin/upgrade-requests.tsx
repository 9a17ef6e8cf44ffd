import { Form } from "react-router";
import { ListSearch } from "~/components/admin/list-controls";
import { MemberLink, userColumn } from "~/components/admin/user-column";
import { ConfirmAction } from "~/components/confirm-action";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PROVIDER_PAYMENT_STATUS_BADGES, type ProviderPaymentStatus } from "~/domain/payments/payment-status";
import { METHOD_LABELS, type AdminUpgradeRow } from "./types";

/** What an online request's payment status means for the admin (a held one shows its reason instead). */
const ONLINE_PAYMENT_NOTES: Record<Exclude<ProviderPaymentStatus, "held">, string> = {
  initialized: "Approved by itself once Paystack confirms the payment",
  succeeded: "Paystack confirmed the payment",
  failed: "Nothing was received: the member may try again or cancel",
  abandoned: "The member left Paystack's checkout: nothing was received",
};

/** What rejecting does to the money, said before the admin confirms. */
function rejectEffect(row: AdminUpgradeRow): string {
  if (row.method === "balance") return `${row.amount} goes back to their available balance.`;
  if (row.payment === "held") return "Nothing was booked: refund the held payment in Paystack's dashboard.";
  return "Nothing is recorded as received.";
}

/**
 * Approve and Reject, each behind a confirmation dialog; the server checks the request is still
 * pending. Without JavaScript (no dialog can open) each is a plain form that posts at once.
 */
function UpgradeActions({ row, action }: { row: AdminUpgradeRow; action: string }) {
  const hydrated = useHydrated();
  const who = `${row.reference} (${row.tierName}, ${row.amount}) for ${row.userName}`;
  const paid =
    row.method === "balance"
      ? `${row.amount} held from ${row.userName}'s balance is taken as payment.`
      : `Approve only once ${row.amount} has arrived in the receiving account with reference ${row.reference}.`;
  const approve = { intent: "approve", requestId: row.id };
  // Paid online: Paystack's confirmation approves it, never an admin (the server refuses it too).
  const approvable = row.method !== "online";
  const reject = { intent: "reject", requestId: row.id };
  if (!hydrated) {
    return (
      <div className="flex flex-wrap gap-2">
        {approvable ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={approve.intent} />
            <input type="hidden" name="requestId" value={row.id} />
            <Button type="submit" size="sm" aria-label={`Approve upgrade ${who}`}>
              Approve
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={reject.intent} />
          <input type="hidden" name="requestId" value={row.id} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            className="text-red-700"
            aria-label={`Reject upgrade ${who}`}
          >
            Reject
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {approvable ? (
        <ConfirmAction
          trigger={
            <Button size="sm" aria-label={`Approve upgrade ${who}`}>
              Approve
            </Button>
          }
          title="Approve upgrade?"
          description={
            <>
              {row.userName} moves from {row.fromTierName} to {row.tierName} at once. {paid} A referrer&apos;s reward,
              if any, is paid now.
            </>
          }
          confirmLabel="Approve"
          fields={approve}
          action={action}
        />
      ) : null}
      <ConfirmAction
        trigger={
          <Button size="sm" variant="outline" className="text-red-700" aria-label={`Reject upgrade ${who}`}>
            Reject
          </Button>
        }
        title="Reject upgrade?"
        description={`${row.userName} stays on ${row.fromTierName}. ${rejectEffect(row)} This cannot be undone.`}
        confirmLabel="Reject"
        fields={reject}
        action={action}
        destructive
      />
    </div>
  );
}

function Method({ row }: { row: AdminUpgradeRow }) {
  return (
    <>
      <span className="block">{METHOD_LABELS[row.method]}</span>
      <span className="block font-mono text-xs text-gray-600">{row.reference}</span>
      {row.payment ? (
        <span className="mt-1 block" data-testid="upgrade-payment">
          <StatusBadge status={row.payment} badges={PROVIDER_PAYMENT_STATUS_BADGES} />
        </span>
      ) : null}
      {row.payment && row.payment !== "held" ? (
        <span className="block text-xs text-gray-600">{ONLINE_PAYMENT_NOTES[row.payment]}</span>
      ) : null}
      {row.heldReason ? (
        <span className="block text-xs font-medium text-amber-800" data-testid="upgrade-held-reason">
          Payment held: {row.heldReason} Refund it in Paystack&apos;s dashboard, then reject the request.
        </span>
      ) : null}
    </>
  );
}

const columns = (action: string): ListColumn<AdminUpgradeRow>[] => [
  userColumn((row) => ({ id: row.userId, name: row.userName, email: row.userEmail, displayId: row.userDisplayId })),
  {
    header: "Requested Tier",
    cell: (row) => (
      <>
        <span className="block font-medium">{row.tierName}</span>
        <span className="block text-xs text-gray-600">from {row.fromTierName}</span>
      </>
    ),
  },
  { header: "Amount", cell: (row) => row.amount, align: "end", className: "font-medium" },
  { header: "Method", cell: (row) => <Method row={row} /> },
  {
    header: "Date",
    cell: (row) => <time dateTime={row.requestedAt}>{row.requestedAtText}</time>,
    className: "whitespace-nowrap",
  },
  { header: "Actions", cell: (row) => <UpgradeActions row={row} action={action} />, hideInCard: true },
];

/**
 * "Upgrade Requests": the search, the pending requests (a table on wide screens, one card per
 * request on phones and tablets) and the pager.
 */
export function UpgradeRequests({
  q,
  rows,
  total,
  page,
  pageCount,
  action,
  hrefFor,
}: {
  q: string;
  rows: AdminUpgradeRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Where Approve and Reject post (/admin/memberships, with the list's search). */
  action: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <section aria-labelledby="upgrades-heading" className="grid gap-4">
      <h2 id="upgrades-heading" className="text-xl font-bold">
        Upgrade Requests{total > 0 ? ` (${total.toLocaleString("en-NG")})` : ""}
      </h2>
      <p className="text-sm text-gray-600">
        A request paid online is approved by itself once Paystack confirms the payment: it waits for an admin only when
        its payment is held for review.
      </p>
      <ListSearch
        id="upgrade-search"
        label="Search upgrade requests"
        placeholder="Search by name, email or reference"
        q={q}
        keep={{}}
      />
      <ResponsiveList
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns(action)}
        caption={`Pending upgrade requests${q ? ` matching “${q}”` : ""}, page ${page} of ${pageCount}`}
        framed
        tableFrom="lg"
        empty={
          <p className="text-base text-gray-700">
            {q ? "No pending upgrade requests match your search." : "No pending upgrade requests"}
          </p>
        }
        rowTestId={(row) => `upgrade-row-${row.reference}`}
        cardTestId={(row) => `upgrade-card-${row.reference}`}
        cardHeader={(row) => (
          <>
            <p className="[overflow-wrap:anywhere]">
              <MemberLink id={row.userId}>{row.userName}</MemberLink>
            </p>
            <p className="break-all text-gray-600">{row.userEmail}</p>
          </>
        )}
        cardFooter={(row) => <UpgradeActions row={row} action={action} />}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </section>
  );
}
