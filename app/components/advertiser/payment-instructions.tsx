import { CopyRow } from "~/components/ui/copy-text";
import type { ReceivingAccount } from "~/domain/memberships/receiving-account";

/**
 * How to pay a campaign by bank transfer: the amount, the platform's receiving account and the
 * CMP-… reference, each to copy. Shown only once the receiving account is set.
 */
export function PaymentInstructions({
  amount,
  reference,
  account,
}: {
  amount: string;
  reference: string;
  account: ReceivingAccount;
}) {
  return (
    <div className="grid gap-2 text-sm" data-testid="payment-instructions">
      <p className="text-gray-800">
        Pay <strong className="tabular-nums">{amount}</strong> by bank transfer to the account below and put the
        reference <strong className="font-mono">{reference}</strong> in the transfer narration. An admin confirms the
        payment once the money arrives, then reviews the campaign.
      </p>
      <CopyRow label="Amount" value={amount} what="amount" testId="payment-amount" />
      <CopyRow label="Reference" value={reference} what="payment reference" testId="campaign-reference" />
      <p className="text-gray-600">
        Bank: <span className="font-medium text-gray-900">{account.bankName}</span>
      </p>
      <CopyRow
        label="Account number"
        value={account.accountNumber}
        what="account number"
        testId="receiving-account-number"
      />
      <CopyRow label="Account name" value={account.accountName} what="account name" testId="receiving-account-name" />
    </div>
  );
}
