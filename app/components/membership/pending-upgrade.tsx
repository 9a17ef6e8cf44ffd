import { Clock } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmAction } from "~/components/confirm-action";
import { TryAgainForm } from "~/components/payments/payment-return";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CopyRow } from "~/components/ui/copy-text";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import {
  UPGRADE_CANCEL_PATH,
  UPGRADE_METHOD_LABELS,
  UPGRADE_PAY_PATH,
  UPGRADE_REQUEST_PATH,
  type UpgradeView,
} from "~/domain/memberships/upgrade-view";

type Pending = NonNullable<UpgradeView["pending"]>;

/** What cancelling does to the money, said before the member confirms. */
const cancelEffect = (p: Pending) =>
  p.method === "balance"
    ? `The ${p.amount} held from your balance returns to your available balance.`
    : p.method === "online"
      ? "If Paystack has already taken your payment, contact support and quote the reference instead of cancelling."
      : "If you have already paid by bank transfer, contact support and quote the reference before cancelling.";

/** Where a pending online payment is: waiting for the member, or failed or left (nothing paid). */
function OnlinePaymentNote({ pending }: { pending: Pending }) {
  const ended = pending.payment === "failed" ? "failed" : pending.payment === "abandoned" ? "was not completed" : null;
  const reference = <span className="font-mono">{pending.reference}</span>;
  return ended ? (
    <p className="text-gray-800">
      Your last online payment of <strong>{pending.amount}</strong> (reference {reference}) {ended}: nothing was paid.
      Try again, or cancel the request.
    </p>
  ) : (
    <p className="text-gray-800">
      Waiting for your online payment of <strong>{pending.amount}</strong> (reference {reference}). Your upgrade is
      approved as soon as Paystack confirms it. If you left the checkout, try again.
    </p>
  );
}

/**
 * The member's pending upgrade request: tier, amount, method, and for a bank transfer the
 * reference and the account to pay into (each with a Copy button), and Cancel request behind a
 * confirmation. Without JavaScript the dashboard links to the upgrade page, where the cancel
 * form itself is the confirmation (`plainCancel`).
 */
export function PendingUpgrade({
  pending,
  account,
  plainCancel = false,
}: {
  pending: Pending;
  account: UpgradeView["receivingAccount"];
  plainCancel?: boolean;
}) {
  const hydrated = useHydrated();
  const bank = pending.method === "bank_transfer";
  return (
    <Card
      className="border-amber-300 bg-amber-50/40"
      data-testid="pending-upgrade"
      aria-labelledby="pending-upgrade-title"
    >
      <div className="flex items-start gap-3">
        <Clock className="mt-1 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-3">
          <CardTitle id="pending-upgrade-title">Upgrade request pending</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">Tier</dt>
            <dd className="font-medium">{pending.tierName}</dd>
            <dt className="text-gray-600">Amount</dt>
            <dd className="font-medium tabular-nums">{pending.amount}</dd>
            <dt className="text-gray-600">Payment</dt>
            <dd className="font-medium">{UPGRADE_METHOD_LABELS[pending.method]}</dd>
            <dt className="text-gray-600">Requested</dt>
            <dd className="font-medium">{pending.requested}</dd>
          </dl>
          {bank ? (
            <div className="grid gap-2 text-sm">
              <p className="text-gray-800">
                Pay <strong>{pending.amount}</strong> by bank transfer to the account below and put the reference{" "}
                <strong className="font-mono">{pending.reference}</strong> in the transfer narration. An admin approves
                the upgrade once the money arrives.
              </p>
              <CopyRow
                label="Reference"
                value={pending.reference}
                what="payment reference"
                testId="upgrade-reference"
              />
              {account ? (
                <>
                  <p className="text-gray-600">
                    Bank: <span className="font-medium text-gray-900">{account.bankName}</span>
                  </p>
                  <CopyRow
                    label="Account number"
                    value={account.accountNumber}
                    what="account number"
                    testId="receiving-account-number"
                  />
                  <CopyRow
                    label="Account name"
                    value={account.accountName}
                    what="account name"
                    testId="receiving-account-name"
                  />
                </>
              ) : (
                <p className="text-amber-800">The receiving account is being changed; contact support before paying.</p>
              )}
            </div>
          ) : pending.method === "online" && pending.payment === "held" ? (
            <p className="text-sm text-gray-800" data-testid="upgrade-payment-held">
              Paystack took your payment (reference <span className="font-mono">{pending.reference}</span>), but it did
              not match the {pending.amount} asked, so it is held for an admin to check. Do not pay again: an admin
              approves your upgrade or refunds the payment.
            </p>
          ) : pending.method === "online" ? (
            <div className="grid gap-2 text-sm">
              <OnlinePaymentNote pending={pending} />
              <TryAgainForm action={UPGRADE_PAY_PATH} fields={{ requestId: pending.id }} label="Try again" />
            </div>
          ) : (
            <p className="text-sm text-gray-800">
              {pending.amount} is held from your balance until an admin decides. If the request is rejected or you
              cancel it, the money returns to your available balance.
            </p>
          )}
          <div>
            {hydrated ? (
              <ConfirmAction
                trigger={
                  <Button type="button" variant="outline">
                    Cancel request
                  </Button>
                }
                title="Cancel upgrade request?"
                description={`Your request to upgrade to ${pending.tierName} (${pending.reference}) will be cancelled. ${cancelEffect(pending)}`}
                confirmLabel="Cancel request"
                action={UPGRADE_CANCEL_PATH}
                fields={{ requestId: pending.id }}
                destructive
              />
            ) : plainCancel ? (
              <Form method="post" action={UPGRADE_CANCEL_PATH} className="grid gap-2">
                <input type="hidden" name="requestId" value={pending.id} />
                <p className="text-sm text-gray-700">{cancelEffect(pending)}</p>
                <Button type="submit" variant="destructive" className="justify-self-start">
                  Cancel request
                </Button>
              </Form>
            ) : (
              <Link to={`${UPGRADE_REQUEST_PATH}#cancel`} className={buttonVariants({ variant: "outline" })}>
                Cancel request
              </Link>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
