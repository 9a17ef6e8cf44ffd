import { SettingsFieldsCard, type SettingsField } from "./fields-card";
import type { RenderedFailure } from "./settings-form";

/** The saved automatic payout settings as the inputs show them: naira (empty: off / none), hours, days. */
export type AutoPayoutValues = {
  autoPayoutMax: string;
  autoPayoutDailyMax: string;
  bankChangeHoldHours: string;
  minAccountAgeDays: string;
};

const FIELDS: SettingsField<AutoPayoutValues>[] = [
  {
    name: "autoPayoutMax",
    label: "Pay withdrawals automatically up to (₦)",
    hint: "For example 5000 or 5,000.00. Empty: off.",
    inputMode: "decimal",
    maxLength: 20,
  },
  {
    name: "autoPayoutDailyMax",
    label: "Automatic payouts per day, in all (₦)",
    hint: "Past it, withdrawals wait for an admin until the day ends in Lagos. Empty: no daily total.",
    inputMode: "decimal",
    maxLength: 20,
  },
  {
    name: "bankChangeHoldHours",
    label: "Hours after bank details change",
    hint: "Withdrawals to bank details changed this recently wait for an admin. 0 to 720.",
    inputMode: "numeric",
    maxLength: 20,
  },
  {
    name: "minAccountAgeDays",
    label: "Minimum account age (days)",
    hint: "Withdrawals of younger accounts wait for an admin. 0 to 365.",
    inputMode: "numeric",
    maxLength: 20,
  },
];

/** Automatic payouts through Paystack: posts to /admin/settings/auto-payout. */
export function AutoPayoutCard({
  saved,
  payByTransfer,
  rendered,
}: {
  saved: AutoPayoutValues;
  payByTransfer: boolean;
  rendered?: RenderedFailure;
}) {
  return (
    <SettingsFieldsCard
      form="auto-payout"
      title="Automatic payouts"
      description={
        <>
          Withdrawals up to this amount are paid by Paystack transfer as soon as they are requested, when the member is
          approved, not restricted, has not frozen their payouts, has no referral held for review, and Paystack
          confirmed an account name that is the member&apos;s own. Anything else, and any transfer Paystack refuses,
          waits for an admin on Withdrawal Requests. Leave the amount empty to turn automatic payouts off.
          {payByTransfer ? null : " Paystack is not turned on, so this applies only once it is."}
        </>
      }
      fields={FIELDS}
      saved={saved}
      saveLabel="Save Automatic Payouts"
      rendered={rendered}
    />
  );
}
