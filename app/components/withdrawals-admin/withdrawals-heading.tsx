import { Link } from "react-router";

/** The page's title, with the way to the reconciliation page while Paystack pays withdrawals. */
export function WithdrawalsHeading({ payByTransfer }: { payByTransfer: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold">Withdrawal Requests</h1>
      {payByTransfer ? (
        <Link to="/admin/reconciliation" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Reconciliation with Paystack
        </Link>
      ) : null}
    </div>
  );
}
