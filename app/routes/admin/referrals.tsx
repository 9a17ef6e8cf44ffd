import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/referrals";
import { FormError, FormField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { bpsToPercentText, ReferralSettingsSchema } from "~/domain/referrals/referral-settings-validation";
import { updateReferralSettings } from "~/domain/referrals/update-referral-settings.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { koboToDecimal } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { FieldErrors } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Referral System Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const settings = await getAppSettings(context.services.db);
  return {
    settings: {
      referralActive: settings.referralActive,
      rewardType: settings.referralRewardType,
      fixedAmount: koboToDecimal(settings.referralFixedKobo),
      percentage: bpsToPercentText(settings.referralPercentBps),
    },
  };
}

const ECHO = ["referralActive", "rewardType", "fixedAmount", "percentage"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(ReferralSettingsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ECHO),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateReferralSettings(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/referrals", {
    type: "success",
    title: "Success",
    description: "Referral settings updated.",
  });
}

export default function ReferralSystemSettings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useToastFrom(actionData?.toast);
  const saved = loaderData.settings;
  const echoed = actionData?.values;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold">Referral System Settings</h1>
      <Card>
        <CardTitle>Referral reward</CardTitle>
        <CardDescription>
          What a referrer earns when a member they referred has their first membership upgrade approved.
        </CardDescription>
        <SettingsForm
          key={`${saved.referralActive}\n${saved.rewardType}\n${saved.fixedAmount}\n${saved.percentage}`}
          active={echoed ? echoed.referralActive === "on" : saved.referralActive}
          rewardType={
            echoed?.rewardType === "fixed" || echoed?.rewardType === "percentage" ? echoed.rewardType : saved.rewardType
          }
          fixedAmount={echoed?.fixedAmount ?? saved.fixedAmount}
          percentage={echoed?.percentage ?? saved.percentage}
          errors={actionData?.errors ?? {}}
          submitting={navigation.state === "submitting"}
        />
      </Card>
    </div>
  );
}

function SettingsForm({
  active,
  rewardType,
  fixedAmount,
  percentage,
  errors,
  submitting,
}: {
  active: boolean;
  rewardType: "fixed" | "percentage";
  fixedAmount: string;
  percentage: string;
  errors: FieldErrors;
  submitting: boolean;
}) {
  // The matching input is chosen by CSS (:has), so the form works the same before JavaScript loads.
  return (
    <Form method="post" className="group mt-5 grid gap-5" noValidate>
      <FormError message={errors.form} />
      <label className="flex cursor-pointer items-center justify-between gap-4">
        <span className="grid gap-0.5">
          <span className="text-sm font-medium text-gray-800">Enable Referral System</span>
          <span className="text-sm text-gray-600">When off, no referral rewards are paid.</span>
        </span>
        <input type="checkbox" role="switch" name="referralActive" defaultChecked={active} className="peer sr-only" />
        <span
          aria-hidden
          className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Reward Type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="rewardType"
              value="fixed"
              defaultChecked={rewardType === "fixed"}
              className="h-4 w-4 accent-brand-600"
            />
            Fixed Amount
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="rewardType"
              value="percentage"
              defaultChecked={rewardType === "percentage"}
              className="h-4 w-4 accent-brand-600"
            />
            Percentage
          </label>
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
          defaultValue={fixedAmount}
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
          defaultValue={percentage}
          error={errors.percentage}
        />
      </div>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Settings"}
      </Button>
    </Form>
  );
}
