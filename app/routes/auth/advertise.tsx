import { Form, Link, useActionData } from "react-router";
import { useFormAnswer } from "~/components/form-answer";
import { requestSignals } from "~/server/request-signals.server";
import type { Route } from "./+types/advertise";
import { DeviceFingerprintField } from "~/components/device-fingerprint-field";
import { EmailField, FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { SignUpTerms } from "~/components/sign-up-terms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { registerAdvertiser } from "~/domain/advertisers/register-advertiser.server";
import { AdvertiserRegisterSchema, BUSINESS_NAME_MAX } from "~/domain/advertisers/validation";
import { viewPricing } from "~/domain/campaigns/rules";
import { getAppSettings } from "~/domain/settings/app-settings";
import { redirectIfSignedIn } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { pageTitle } from "~/lib/meta";
import { signedUp, signUpRefusal } from "./sign-up.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Advertise with us");

/** What views cost, from the live fee setting: said before a business signs up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const settings = await getAppSettings(context.services.db);
  return { pricing: viewPricing(settings.campaignFeeBps) };
}

const ECHO = ["businessName", "name", "email", "phone"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const values = await readForm(request);
  const echo = echoValues(values, ECHO);
  const parsed = parseForm(AdvertiserRegisterSchema, values, { values: echo });
  if (parsed.status !== "ok") return parsed.failure;
  const input = parsed.data;
  const refused = await signUpRefusal(context, input, echo);
  if (refused) return refused;
  await registerAdvertiser(services.db, input, {
    appUrl: services.config.appUrl,
    clientIp: context.clientIp,
    signals: requestSignals(context, values),
  });
  return signedUp(context);
}

export default function Advertise({ loaderData: { pricing } }: Route.ComponentProps) {
  const { errors, values, submitting } = useFormAnswer(useActionData<typeof action>());
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Advertise with us</h1>
        <p className="mt-1 text-sm text-gray-600">
          Reach real people across Nigeria. Create an advertiser account: once you confirm your email and an admin
          approves your business, you can run campaigns and pay only for verified views.
        </p>
        <p className="mt-3 text-sm text-gray-700" data-testid="advertise-pricing">
          <span className="font-semibold text-gray-900">What views cost:</span> you choose the reward members earn for
          each verified view, at least <strong>{pricing.minReward}</strong>, and the platform&apos;s fee is{" "}
          <strong>{pricing.feePercent}</strong> of each reward: at {pricing.minReward} a view, each view costs you{" "}
          <strong>{pricing.minViewCost}</strong>. You pay a campaign&apos;s budget up front; what it does not spend
          returns to your balance.
        </p>
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <DeviceFingerprintField />
          <FormField
            label="Business Name"
            name="businessName"
            autoComplete="organization"
            required
            maxLength={BUSINESS_NAME_MAX}
            defaultValue={values?.businessName}
            error={errors.businessName}
          />
          <FormField
            label="Contact Name"
            name="name"
            autoComplete="name"
            required
            defaultValue={values?.name}
            error={errors.name}
          />
          <EmailField defaultValue={values?.email} error={errors.email} />
          <FormField
            label="Phone Number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            hint="11 digits starting with 0 (e.g. 08031234567), or +234 and 10 digits."
            defaultValue={values?.phone}
            error={errors.phone}
          />
          <NewPasswordFields showMinimum error={errors.password} confirmError={errors.confirmPassword} />
          <SignUpTerms />
          <Button type="submit" size="lg" disabled={submitting} className="w-full">
            {submitting ? "Creating account..." : "Create Advertiser Account"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-gray-600">
          Already have an advertiser account?{" "}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
        <p className="mt-2 text-center text-sm text-gray-600">
          Want to earn by viewing adverts instead?{" "}
          <Link to="/register" className="font-medium text-brand-700 hover:underline">
            Sign up as a member
          </Link>
        </p>
      </Card>
    </div>
  );
}
