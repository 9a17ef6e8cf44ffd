import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import type { ReferralRewardType } from "~/domain/referrals/referral-settings-validation";
import type { FormFailure } from "~/lib/forms";

/** The referral rule as the form shows it (the saved one, formatted on the server). */
export type ReferralSettingsValues = {
  referralActive: boolean;
  rewardType: ReferralRewardType;
  fixedAmount: string;
  percentage: string;
};

/** Where the form posts: its own route (app/routes/admin/referrals/settings.tsx). */
export const REFERRAL_SETTINGS_ACTION = "/admin/referrals/settings";

/** The fields a refused submit echoes back into the form. */
export const REFERRAL_SETTINGS_FIELDS = ["referralActive", "rewardType", "fixedAmount", "percentage"] as const;

/**
 * The referral reward form: the switch, the reward type and the input of that type. A refusal
 * (`failure`) shows what was typed with the field's message; otherwise the saved rule.
 */
export function ReferralSettingsForm({
  saved,
  failure,
  action,
}: {
  saved: ReferralSettingsValues;
  failure?: FormFailure;
  /** REFERRAL_SETTINGS_ACTION with the list's search and filter, kept by the page that answers a refusal. */
  action: string;
}) {
  const navigation = useNavigation();
  const echoed = failure?.values;
  const rewardType =
    echoed?.rewardType === "fixed" || echoed?.rewardType === "percentage" ? echoed.rewardType : saved.rewardType;
  const errors = failure?.errors ?? {};
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(REFERRAL_SETTINGS_ACTION);
  // The matching input is chosen by CSS (:has), so the form works the same before JavaScript loads.
  return (
    <Form
      // A saved rule starts the form afresh from what was saved.
      key={`${saved.referralActive}\n${saved.rewardType}\n${saved.fixedAmount}\n${saved.percentage}`}
      method="post"
      action={action}
      className="group mt-5 grid gap-5"
      noValidate
    >
      <FormError message={errors.form} />
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="grid gap-0.5">
          <span className="text-sm font-medium text-gray-800">Enable Referral System</span>
          <span className="text-sm text-gray-600">When off, no referral rewards are paid.</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          name="referralActive"
          defaultChecked={echoed ? echoed.referralActive === "on" : saved.referralActive}
          className="peer sr-only"
        />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Reward Type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <RewardTypeOption value="fixed" label="Fixed Amount" checked={rewardType === "fixed"} />
          <RewardTypeOption value="percentage" label="Percentage" checked={rewardType === "percentage"} />
        </div>
      </fieldset>
      <div className="hidden group-has-[input[value=fixed]:checked]:block">
        <FormField
          label="Fixed Amount (₦)"
          name="fixedAmount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          hint="Paid to the referrer for each referred member's first approved upgrade, in naira."
          defaultValue={echoed?.fixedAmount ?? saved.fixedAmount}
          error={errors.fixedAmount}
        />
      </div>
      <div className="hidden group-has-[input[value=percentage]:checked]:block">
        <FormField
          label="Percentage (%)"
          name="percentage"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={10}
          hint="Of the price paid for the referred member's first approved upgrade: 0 to 100, up to 2 decimal places."
          defaultValue={echoed?.percentage ?? saved.percentage}
          error={errors.percentage}
        />
      </div>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Settings"}
      </Button>
    </Form>
  );
}

function RewardTypeOption({ value, label, checked }: { value: ReferralRewardType; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
      <input
        type="radio"
        name="rewardType"
        value={value}
        defaultChecked={checked}
        className="h-4 w-4 accent-brand-600"
      />
      {label}
    </label>
  );
}
