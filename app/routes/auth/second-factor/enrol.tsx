import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/enrol";
import { useFormAnswer } from "~/components/form-answer";
import { AuthenticatorSetup } from "~/components/second-factor/authenticator-setup";
import { RecoveryCodes } from "~/components/second-factor/recovery-codes";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/form-error";
import { homePathFor, type Role } from "~/domain/permissions/permissions";
import { enrolAuthenticatorApp } from "~/domain/second-factor/factors.server";
import { markFactorChecked } from "~/domain/sessions/sessions.server";
import { getCurrentUser, getSessionToken, getSignInInProgress } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { authenticatorOffer, MISSING_CODE_MESSAGE } from "~/server/second-factor.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Set up two-step verification");

/**
 * Staff enrol an authenticator app before any admin screen opens (decision 030): the sign-in
 * step after the password for a staff account without one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const inProgress = await getSignInInProgress(request, context);
  if (inProgress?.step === "verify") throw redirect("/login/verify");
  if (inProgress?.step === "enrol") {
    const { offer } = await authenticatorOffer(request, context, inProgress.user);
    return { status: "offer" as const, offer };
  }
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect("/login");
  // Nothing to set up here without a second factor (a member turns one on from /security).
  if (!user.hasSecondFactor) throw redirect(homePathFor(user.role));
  // Enrolled (the page just after the code shows the recovery codes): it goes on from here.
  return { status: "enrolled" as const };
}

const NOT_RIGHT = "That code is not right. Check the key in your app and enter the code it shows now.";

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const signedIn = await getCurrentUser(request, context);
  // "I have saved my recovery codes": the sign-in is complete; its welcome shows now.
  if (values.intent === "continue" && signedIn) return welcome(context, signedIn);
  const inProgress = await getSignInInProgress(request, context);
  if (inProgress?.step !== "enrol")
    throw redirect(inProgress ? "/login/verify" : signedIn ? homePathFor(signedIn.role) : "/login");
  const { user } = inProgress;
  const code = values.secondFactorCode?.trim() ?? "";
  if (!code) return formFailure({ secondFactorCode: MISSING_CODE_MESSAGE });
  const { secret } = await authenticatorOffer(request, context, user);
  const { db } = context.services;
  const result = await enrolAuthenticatorApp(db, user.id, secret, code);
  if (result.status === "wrong-code") return formFailure({ secondFactorCode: NOT_RIGHT }, { status: 401 });
  // "enrolled": another tab finished first; this one goes on to the code step.
  if (result.status === "enrolled") throw redirect("/login/verify");
  const token = await getSessionToken(request, context);
  if (token) await markFactorChecked(db, token);
  return { ok: true as const, recoveryCodes: result.recoveryCodes };
}

function welcome(context: Route.ActionArgs["context"], user: { role: Role; name: string }) {
  return redirectWithToast(context, homePathFor(user.role), {
    type: "success",
    title: "Login Successful",
    description: `Welcome back, ${user.name}!`,
  });
}

function ContinueButton({ label }: { label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="continue" />
      <Button type="submit" size="lg" className="w-full">
        {label}
      </Button>
    </Form>
  );
}

export default function EnrolSecondFactor({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { errors, submitting } = useFormAnswer(answer && "errors" in answer ? answer : undefined);
  const codes = answer && "recoveryCodes" in answer ? answer : null;
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Set up two-step verification</h1>
        {codes ? (
          <div className="mt-4 grid gap-4">
            <p className="text-sm text-green-800">Two-step verification is on for your account.</p>
            <RecoveryCodes codes={codes.recoveryCodes} />
            <ContinueButton label="I have saved my recovery codes" />
          </div>
        ) : loaderData.status === "offer" ? (
          <>
            <p className="mt-1 text-sm text-gray-600">
              Staff accounts move members&apos; money, so they need a second step at every login: a code from an
              authenticator app on your phone.
            </p>
            <Form method="post" className="mt-6 grid gap-4" noValidate>
              <FormError message={errors.form} />
              <AuthenticatorSetup offer={loaderData.offer} error={errors.secondFactorCode} />
              <Button type="submit" size="lg" disabled={submitting} className="w-full">
                {submitting ? "Checking..." : "Turn on"}
              </Button>
            </Form>
          </>
        ) : (
          <div className="mt-4 grid gap-4">
            <p className="text-sm text-gray-700">Two-step verification is on for your account.</p>
            <ContinueButton label="Continue" />
          </div>
        )}
        {loaderData.status === "offer" && !codes ? (
          <Form method="post" action="/logout" className="mt-4 text-center">
            <button type="submit" className="text-sm text-gray-600 underline hover:text-gray-900">
              Cancel and log out
            </button>
          </Form>
        ) : null}
      </Card>
    </div>
  );
}
