import { Form } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { METHOD_LABELS, type AdminUpgradeRow } from "./types";

/**
 * Approve and Reject, each behind a confirmation dialog; the server checks the request is still
 * pending. Without JavaScript (no dialog can open) each is a plain form that posts at once.
 */
function UpgradeActions({ row }: { row: AdminUpgradeRow }) {
  const hydrated = useHydrated();
  const who = `${row.reference} (${row.tierName}, ${row.amount}) for ${row.userName}`;
  const paid =
    row.method === "balance"
      ? `${row.amount} held from ${row.userName}'s balance is taken as payment.`
      : `Approve only once ${row.amount} has arrived in the receiving account with reference ${row.reference}.`;
  const approve = { intent: "approve", requestId: row.id };
  const reject = { intent: "reject", requestId: row.id };
  if (!hydrated) {
    return (
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value={approve.intent} />
          <input type="hidden" name="requestId" value={row.id} />
          <Button type="submit" size="sm" aria-label={`Approve upgrade ${who}`}>
            Approve
          </Button>
        </Form>
        <Form method="post">
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
      <ConfirmAction
        trigger={
          <Button size="sm" aria-label={`Approve upgrade ${who}`}>
            Approve
          </Button>
        }
        title="Approve upgrade?"
        description={
          <>
            {row.userName} moves from {row.fromTierName} to {row.tierName} at once. {paid} A referrer&apos;s reward, if
            any, is paid now.
          </>
        }
        confirmLabel="Approve"
        fields={approve}
      />
      <ConfirmAction
        trigger={
          <Button size="sm" variant="outline" className="text-red-700" aria-label={`Reject upgrade ${who}`}>
            Reject
          </Button>
        }
        title="Reject upgrade?"
        description={
          row.method === "balance"
            ? `${row.userName} stays on ${row.fromTierName}; ${row.amount} goes back to their available balance. This cannot be undone.`
            : `${row.userName} stays on ${row.fromTierName}. Nothing is recorded as received. This cannot be undone.`
        }
        confirmLabel="Reject"
        fields={reject}
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
    </>
  );
}

const th = "px-3 py-3 font-medium";
const td = "px-3 py-3 align-top";

/** Wide screens: a table. Phones (down to 360 px): one card per request. */
export function UpgradeRequestsTable({ rows, caption }: { rows: AdminUpgradeRow[]; caption: string }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th scope="col" className={th}>
                User
              </th>
              <th scope="col" className={th}>
                Requested Tier
              </th>
              <th scope="col" className={`${th} text-right`}>
                Amount
              </th>
              <th scope="col" className={th}>
                Method
              </th>
              <th scope="col" className={th}>
                Date
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid={`upgrade-row-${row.reference}`}>
                <td className={`${td} min-w-44`}>
                  <span className="block font-medium">{row.userName}</span>
                  <span className="block break-all text-xs text-gray-600">{row.userEmail}</span>
                  <span className="block font-mono text-xs text-gray-500">{row.userDisplayId}</span>
                </td>
                <td className={td}>
                  <span className="block font-medium">{row.tierName}</span>
                  <span className="block text-xs text-gray-600">from {row.fromTierName}</span>
                </td>
                <td className={`${td} whitespace-nowrap text-right font-medium tabular-nums`}>{row.amount}</td>
                <td className={td}>
                  <Method row={row} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={row.requestedAt}>{row.requestedAtText}</time>
                </td>
                <td className={td}>
                  <UpgradeActions row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 lg:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li
            key={row.id}
            className="rounded-lg border border-gray-200 bg-white p-4"
            data-testid={`upgrade-card-${row.reference}`}
          >
            <p className="font-medium [overflow-wrap:anywhere]">{row.userName}</p>
            <p className="break-all text-sm text-gray-600">{row.userEmail}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Tier</dt>
              <dd>
                {row.tierName} <span className="text-gray-600">(from {row.fromTierName})</span>
              </dd>
              <dt className="text-gray-600">Amount</dt>
              <dd className="font-medium tabular-nums">{row.amount}</dd>
              <dt className="text-gray-600">Method</dt>
              <dd>
                <Method row={row} />
              </dd>
              <dt className="text-gray-600">Date</dt>
              <dd>
                <time dateTime={row.requestedAt}>{row.requestedAtText}</time>
              </dd>
            </dl>
            <div className="mt-3">
              <UpgradeActions row={row} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
