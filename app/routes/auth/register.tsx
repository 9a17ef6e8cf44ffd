import { Form, Link, useActionData } from "react-router";
import { useFormAnswer } from "~/components/form-answer";
import { requestSignals } from "~/server/request-signals.server";
import type { Route } from "./+types/register";
import { DeviceFingerprintField } from "~/components/device-fingerprint-field";
import { EmailField, FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { SignUpTerms } from "~/components/sign-up-terms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isReferralCode, registerUser } from "~/domain/accounts/register-user.server";
import { RegisterSchema } from "~/domain/accounts/validation";
import { redirectIfSignedIn } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { appNameFrom, pageTitle } from "~/lib/meta";
import { openGraphTags, referralCodeForLink } from "~/lib/open-graph";
import { signedUp, signUpRefusal } from "./sign-up.server";

/**
 * With ?ref= (a member's referral link) the page, and what a shared link shows, says a friend
 * invited you when the code is a member's: never who. A code that finds no member (a link cut
 * short, a typo) invites nobody: the field shows it with "Referral code not found", to fix or clear.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const appName = appNameFrom(matches);
  const code = loaderData?.invited ? referralCodeForLink(loaderData.referralCode) : null;
  const title = code ? `You're invited to join ${appName}` : `Sign up to ${appName}`;
  const description = code
    ? `A friend invited you to ${appName}: earn naira by viewing adverts. Sign up with their referral code.`
    : `Create your ${appName} account and earn naira by viewing adverts.`;
  return [
    ...(code ? [{ title }] : pageTitle(matches, "Sign Up")),
    { name: "description", content: description },
    ...(loaderData
      ? openGraphTags({
          appName,
          origin: loaderData.origin,
          path: code ? `/register?ref=${code}` : "/register",
          title,
          description,
        })
      : []),
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const referralCode = (new URL(request.url).searchParams.get("ref") ?? "").trim().slice(0, 32).toUpperCase();
  const code = referralCodeForLink(referralCode);
  const invited = code !== null && (await isReferralCode(context.services.db, code));
  return { referralCode, invited, origin: context.services.config.appUrl.origin };
}

const REFERRAL_NOT_FOUND = "Referral code not found";

const ECHO = ["name", "email", "referralCode"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const values = await readForm(request);
  const echo = echoValues(values, ECHO);
  const parsed = parseForm(RegisterSchema, values, { values: echo });
  if (parsed.status !== "ok") return parsed.failure;
  const input = parsed.data;
  const refused = await signUpRefusal(context, input, echo);
  if (refused) return refused;

  const result = await registerUser(services.db, {
    ...input,
    appUrl: services.config.appUrl,
    clientIp: context.clientIp,
    signals: requestSignals(context, values),
  });
  if (result.status === "referral-not-found") {
    return formFailure({ referralCode: REFERRAL_NOT_FOUND }, { values: echo });
  }
  return signedUp(context);
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { errors, values, submitting } = useFormAnswer(actionData);
  // A link's code that finds no member is said before the first answer (then the answer says it).
  const linkRefused = !actionData && loaderData.referralCode !== "" && !loaderData.invited;
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Create your account</h1>
        <p className="mt-1 text-sm text-gray-600">Earn naira for viewing adverts. An admin approves new accounts.</p>
        {loaderData.invited ? (
          <p className="mt-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800" data-testid="invited">
            A friend invited you: their referral code is filled in below.
          </p>
        ) : null}
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <DeviceFingerprintField />
          <FormField
            label="Full Name"
            name="name"
            autoComplete="name"
            required
            defaultValue={values?.name}
            error={errors.name}
          />
          <EmailField defaultValue={values?.email} error={errors.email} />
          <NewPasswordFields showMinimum error={errors.password} confirmError={errors.confirmPassword} />
          <FormField
            label="Referral Code (Optional)"
            name="referralCode"
            autoComplete="off"
            autoCapitalize="characters"
            defaultValue={values?.referralCode ?? loaderData.referralCode}
            error={errors.referralCode ?? (linkRefused ? REFERRAL_NOT_FOUND : undefined)}
          />
          <SignUpTerms />
          <Button type="submit" size="lg" disabled={submitting} className="w-full">
            {submitting ? "Creating account..." : "Sign Up"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-gray-600">
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
      </Card>
    </div>
  );
}
