import { PayoutDownloadForm } from "./payout-download";
import { WithdrawalActions } from "./withdrawal-actions";
import { WithdrawalStatusBadge } from "./status-badge";
import type { AdminWithdrawalRow } from "./types";

function BankDetails({ row }: { row: AdminWithdrawalRow }) {
  return (
    <>
      <span className="block">{row.bankName}</span>
      <span className="block font-mono">{row.accountNumber}</span>
      <span className="block text-gray-600">{row.accountHolderName}</span>
    </>
  );
}

/** A processing withdrawal already downloaded: the payout file it is in, and that file again. */
function PayoutFile({ row }: { row: AdminWithdrawalRow }) {
  if (row.status !== "processing" || !row.payoutBatch) return null;
  return (
    // A div, not a span: it holds a form.
    <div className="mt-1 text-xs text-gray-600">
      In payout file <span className="font-mono">{row.payoutBatch}</span>{" "}
      {/* The same file again (a form post: the download is audited). */}
      <PayoutDownloadForm batch={row.payoutBatch} className="inline">
        <button
          type="submit"
          className="cursor-pointer whitespace-nowrap text-blue-700 underline"
          aria-describedby="payout-reexport-warning"
        >
          Download again
          <span className="sr-only"> (payout file {row.payoutBatch})</span>
        </button>
      </PayoutDownloadForm>
    </div>
  );
}

function Status({ row }: { row: AdminWithdrawalRow }) {
  return (
    <>
      <WithdrawalStatusBadge status={row.status} />
      <PayoutFile row={row} />
      {row.processedAt && row.processedAtText ? (
        <span className="mt-1 block text-xs text-gray-500">
          Paid <time dateTime={row.processedAt}>{row.processedAtText}</time>
        </span>
      ) : null}
    </>
  );
}

const th = "px-3 py-3 font-medium";
const td = "px-3 py-3 align-top";

/** Wide screens: a table. Phones (down to 360 px): one card per withdrawal. */
export function WithdrawalsTable({ rows, caption }: { rows: AdminWithdrawalRow[]; caption: string }) {
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
                Reference
              </th>
              <th scope="col" className={`${th} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${th} text-right`}>
                Fee
              </th>
              <th scope="col" className={`${th} text-right`}>
                Net
              </th>
              <th scope="col" className={th}>
                Bank Details
              </th>
              <th scope="col" className={th}>
                Requested
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid={`withdrawal-row-${row.reference}`}>
                <td className={`${td} min-w-44`}>
                  <span className="block font-medium">{row.userName}</span>
                  <span className="block break-all text-xs text-gray-600">{row.userEmail}</span>
                  <span className="block font-mono text-xs text-gray-500">{row.userDisplayId}</span>
                </td>
                <td className={`${td} font-mono`}>{row.reference}</td>
                <td className={`${td} whitespace-nowrap text-right font-medium tabular-nums`}>{row.amount}</td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{row.fee}</td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{row.net}</td>
                <td className={td}>
                  <BankDetails row={row} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={row.requestedAt}>{row.requestedAtText}</time>
                </td>
                <td className={td}>
                  <Status row={row} />
                </td>
                <td className={td}>
                  <WithdrawalActions row={row} />
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
            data-testid={`withdrawal-card-${row.reference}`}
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{row.userName}</p>
                <p className="break-all text-sm text-gray-600">{row.userEmail}</p>
              </div>
              <WithdrawalStatusBadge status={row.status} />
            </div>
            <PayoutFile row={row} />
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Amount</dt>
              <dd className="font-medium tabular-nums">{row.amount}</dd>
              <dt className="text-gray-600">Fee</dt>
              <dd className="tabular-nums">{row.fee}</dd>
              <dt className="text-gray-600">Net</dt>
              <dd className="tabular-nums">{row.net}</dd>
              <dt className="text-gray-600">Bank</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <BankDetails row={row} />
              </dd>
              <dt className="text-gray-600">Requested</dt>
              <dd>
                <time dateTime={row.requestedAt}>{row.requestedAtText}</time>
              </dd>
              {row.processedAt && row.processedAtText ? (
                <>
                  <dt className="text-gray-600">Paid</dt>
                  <dd>
                    <time dateTime={row.processedAt}>{row.processedAtText}</time>
                  </dd>
                </>
              ) : null}
              <dt className="text-gray-600">Reference</dt>
              <dd className="font-mono">{row.reference}</dd>
            </dl>
            {row.status === "pending" || row.status === "processing" ? (
              <div className="mt-3">
                <WithdrawalActions row={row} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
