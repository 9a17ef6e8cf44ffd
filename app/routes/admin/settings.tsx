import { useEffect, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { FormError, FormField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import type { Actor } from "~/domain/audit/audit.server";
import { bpsToPercentText } from "~/domain/referrals/referral-settings-validation";
import { AdvertMoneyLimitsSchema } from "~/domain/settings/advert-money-limits-validation";
import { CampaignFeeSchema } from "~/domain/settings/campaign-fee-validation";
import { getAppSettings } from "~/domain/settings/app-settings";
import {
  updateAdvertMoneyLimits,
  updateBranding,
  updateCampaignFee,
} from "~/domain/settings/update-app-settings.server";
import { brandingSchema, logoUrlSchema } from "~/domain/settings/validation";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { FieldErrors } from "~/lib/forms";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Application Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const settings = await getAppSettings(context.services.db);
  return {
    appName: settings.appName,
    logoUrl: settings.logoUrl,
    // The app's public origin: the logo preview refuses what the server would (images there).
    appOrigin: context.services.config.appUrl.origin,
    maxAdvertReward: koboToDecimal(settings.maxAdvertRewardKobo),
    maxAdvertBudget: koboToDecimal(settings.maxAdvertBudgetKobo),
    campaignFee: bpsToPercentText(settings.campaignFeeBps),
  };
}

const ECHO = ["appName", "logoUrl"] as const;
const LIMITS_INTENT = "advert-limits";
const LIMITS_ECHO = ["intent", "maxAdvertReward", "maxAdvertBudget"] as const;
const FEE_INTENT = "campaign-fee";
const FEE_ECHO = ["intent", "campaignFee"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const values = await readForm(request);
  // Three forms: the advert money limits and the campaign fee say so; anything else is the branding form.
  if (values.intent === LIMITS_INTENT) return saveAdvertLimits(context, actorFrom(user, context), values);
  if (values.intent === FEE_INTENT) return saveCampaignFee(context, actorFrom(user, context), values);
  const parsed = parseForm(brandingSchema(context.services.config.appUrl), values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ECHO),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateBranding(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: "Application settings have been updated.",
  });
}

async function saveAdvertLimits(context: Route.ActionArgs["context"], actor: Actor, values: Record<string, string>) {
  const parsed = parseForm(AdvertMoneyLimitsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, LIMITS_ECHO),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateAdvertMoneyLimits(context.services.db, actor, parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `Adverts can now pay at most ${formatKobo(parsed.data.maxAdvertRewardKobo)} per click and ${formatKobo(parsed.data.maxAdvertBudgetKobo)} in all.`,
  });
}

async function saveCampaignFee(context: Route.ActionArgs["context"], actor: Actor, values: Record<string, string>) {
  const parsed = parseForm(CampaignFeeSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, FEE_ECHO),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateCampaignFee(context.services.db, actor, parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `New campaigns pay a platform fee of ${bpsToPercentText(parsed.data.campaignFeeBps)}% of each view's reward. Existing campaigns keep their fee.`,
  });
}

export default function ApplicationSettings({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submittingIntent =
    navigation.state === "submitting" ? (navigation.formData?.get("intent") ?? "branding") : null;
  const submitting = submittingIntent !== null && submittingIntent !== LIMITS_INTENT && submittingIntent !== FEE_INTENT;
  const submittingLimits = submittingIntent === LIMITS_INTENT;
  const submittingFee = submittingIntent === FEE_INTENT;
  useToastFrom(actionData?.toast);
  // A refused submit's errors and echoed values belong to the form it came from.
  const limitsFailed = actionData?.values?.intent === LIMITS_INTENT;
  const feeFailed = actionData?.values?.intent === FEE_INTENT;
  const brandingFailed = !limitsFailed && !feeFailed;
  const errors = brandingFailed ? (actionData?.errors ?? {}) : {};
  const values = brandingFailed ? actionData?.values : undefined;
  const feeErrors = feeFailed ? (actionData?.errors ?? {}) : {};
  const feeValues = feeFailed ? actionData?.values : undefined;
  const limitErrors = limitsFailed ? (actionData?.errors ?? {}) : {};
  const limitValues = limitsFailed ? actionData?.values : undefined;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold">Application Settings</h1>
      <Card>
        <CardTitle>Branding</CardTitle>
        <CardDescription>The name and logo shown in the top bar, page titles and emails.</CardDescription>
        {/* Keyed by the saved values: after a successful save the inputs start again from them. */}
        <BrandingForm
          key={`${loaderData.appName}\n${loaderData.logoUrl}`}
          appName={values?.appName ?? loaderData.appName}
          logoUrl={values?.logoUrl ?? loaderData.logoUrl}
          appOrigin={loaderData.appOrigin}
          errors={errors}
          submitting={submitting}
        />
      </Card>
      <Card>
        <CardTitle>Advert limits</CardTitle>
        <CardDescription>
          The most one advert may pay: per click, and in all (reward × max clicks). Adverts over either limit cannot be
          created, and an edit cannot raise an advert over them.
        </CardDescription>
        <AdvertLimitsForm
          key={`${loaderData.maxAdvertReward}\n${loaderData.maxAdvertBudget}`}
          maxAdvertReward={limitValues?.maxAdvertReward ?? loaderData.maxAdvertReward}
          maxAdvertBudget={limitValues?.maxAdvertBudget ?? loaderData.maxAdvertBudget}
          errors={limitErrors}
          submitting={submittingLimits}
        />
      </Card>
      <Card>
        <CardTitle>Campaign fee</CardTitle>
        <CardDescription>
          The platform&apos;s fee on advertisers&apos; campaigns, as a share of each view&apos;s reward: the advertiser
          pays reward + fee for every view. A change applies to campaigns created afterwards; existing campaigns keep
          the fee they were created with.
        </CardDescription>
        <CampaignFeeForm
          key={loaderData.campaignFee}
          campaignFee={feeValues?.campaignFee ?? loaderData.campaignFee}
          errors={feeErrors}
          submitting={submittingFee}
        />
      </Card>
    </div>
  );
}

function AdvertLimitsForm({
  maxAdvertReward,
  maxAdvertBudget,
  errors,
  submitting,
}: {
  maxAdvertReward: string;
  maxAdvertBudget: string;
  errors: FieldErrors;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="mt-5 grid gap-5" noValidate>
      <input type="hidden" name="intent" value={LIMITS_INTENT} />
      <FormError message={errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Maximum reward per click (₦)"
          name="maxAdvertReward"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={24}
          hint="In naira, up to 2 decimal places."
          defaultValue={maxAdvertReward}
          error={errors.maxAdvertReward}
        />
        <FormField
          label="Maximum budget per advert (₦)"
          name="maxAdvertBudget"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={24}
          hint="Reward × max clicks, in naira."
          defaultValue={maxAdvertBudget}
          error={errors.maxAdvertBudget}
        />
      </div>
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Limits"}
      </Button>
    </Form>
  );
}

function CampaignFeeForm({
  campaignFee,
  errors,
  submitting,
}: {
  campaignFee: string;
  errors: FieldErrors;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="mt-5 grid gap-5" noValidate>
      <input type="hidden" name="intent" value={FEE_INTENT} />
      <FormError message={errors.form} />
      <FormField
        label="Campaign fee (%)"
        name="campaignFee"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={12}
        hint="From 0 to 100, up to 2 decimal places (for example 20 or 12.5). Above 0, each view's fee is rounded up to the kobo, so it is at least ₦0.01."
        defaultValue={campaignFee}
        error={errors.campaignFee}
      />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Fee"}
      </Button>
    </Form>
  );
}

function BrandingForm({
  appName,
  logoUrl,
  appOrigin,
  errors,
  submitting,
}: {
  appName: string;
  logoUrl: string;
  appOrigin: string;
  errors: FieldErrors;
  submitting: boolean;
}) {
  const [typedLogo, setTypedLogo] = useState(logoUrl);
  return (
    <Form method="post" className="mt-5 grid gap-5" noValidate>
      <FormError message={errors.form} />
      <FormField
        label="Application Name"
        name="appName"
        autoComplete="off"
        required
        maxLength={60}
        defaultValue={appName}
        error={errors.appName}
      />
      <FormField
        label="Logo URL"
        name="logoUrl"
        type="text"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={500}
        placeholder="/logo.svg or https://example.com/logo.png"
        hint="Only an https:// image address on another site, or the path of one of this site's images (such as /logo.svg), is accepted."
        defaultValue={logoUrl}
        onChange={(event) => setTypedLogo(event.currentTarget.value)}
        error={errors.logoUrl}
      />
      <LogoPreview value={typedLogo} appOrigin={appOrigin} />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Saving..." : "Save Settings"}
      </Button>
    </Form>
  );
}

/** The value after typing has paused, so the browser does not fetch every partial address. */
function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The preview shows the entered address, but only one the server would accept. */
function LogoPreview({ value, appOrigin }: { value: string; appOrigin: string }) {
  // An unacceptable value clears the preview at once; an acceptable one is loaded once typing pauses.
  const settled = useSettled(value, 400);
  const acceptable = (candidate: string) => {
    const parsed = logoUrlSchema(appOrigin).safeParse(candidate);
    return parsed.success ? parsed.data : null;
  };
  const src = acceptable(value) === null ? null : acceptable(settled);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  let note: string;
  if (!src) note = "Enter an acceptable logo address to see the logo.";
  else if (failed) note = "The image at this address could not be loaded.";
  else note = "This is how the logo will look.";

  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium text-gray-800">Logo preview</p>
      <div className="flex items-center gap-4">
        <div
          className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-gray-300 bg-gray-50"
          data-testid="logo-preview"
        >
          {src && !failed ? (
            <img
              key={src}
              src={src}
              alt="Logo preview"
              width={80}
              height={80}
              referrerPolicy="no-referrer"
              className="h-full w-full object-contain"
              onError={() => setFailedSrc(src)}
              // An image that failed before hydration fires no React onError: check it on mount.
              ref={(img) => {
                if (img && img.complete && img.naturalWidth === 0 && img.src) setFailedSrc(src);
              }}
            />
          ) : null}
        </div>
        <p className="text-sm text-gray-600" aria-live="polite">
          {note}
        </p>
      </div>
    </div>
  );
}
