import { SettingsFieldsCard, type SettingsField } from "./fields-card";
import type { RenderedFailure } from "./settings-form";

/** The saved withdrawal limits as the inputs show them: naira, and the fee as a percentage. */
export type WithdrawalLimitsValues = {
  minWithdrawal: string;
  maxWithdrawal: string;
  advertiserMaxWithdrawal: string;
  withdrawalFee: string;
};

/** The card's fields: three amounts in naira, then the fee as a percentage. */
const FIELDS: SettingsField<WithdrawalLimitsValues>[] = [
  {
    name: "minWithdrawal",
    label: "Minimum withdrawal (₦)",
    hint: "For members and advertisers alike.",
    inputMode: "decimal",
    maxLength: 24,
    required: true,
  },
  {
    name: "maxWithdrawal",
    label: "Members' maximum withdrawal (₦)",
    hint: "The most a member may withdraw in one request.",
    inputMode: "decimal",
    maxLength: 24,
    required: true,
  },
  {
    name: "advertiserMaxWithdrawal",
    label: "Advertisers' maximum withdrawal (₦)",
    hint: "The most an advertiser may withdraw in one request.",
    inputMode: "decimal",
    maxLength: 24,
    required: true,
  },
  {
    name: "withdrawalFee",
    label: "Withdrawal fee (%)",
    hint: "From 0 to 50, up to 2 decimal places (for example 2 or 2.5).",
    inputMode: "decimal",
    maxLength: 24,
    required: true,
  },
];

/** Withdrawal limits: posts to /admin/settings/withdrawals. */
export function WithdrawalLimitsCard({
  saved,
  rendered,
}: {
  saved: WithdrawalLimitsValues;
  rendered?: RenderedFailure;
}) {
  return (
    <SettingsFieldsCard
      form="withdrawal-limits"
      title="Withdrawal limits"
      description="How much one withdrawal request may be, and the fee taken from it. Advertisers have a maximum of their own, so a refunded campaign budget can come back in one request. Changes apply to requests made afterwards."
      fields={FIELDS}
      saved={saved}
      saveLabel="Save Withdrawal Limits"
      rendered={rendered}
    />
  );
}
