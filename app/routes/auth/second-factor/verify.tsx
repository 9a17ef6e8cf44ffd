import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/verify";
import { useFormAnswer } from "~/components/form-answer";
import { SecondFactorCodeFields } from "~/components/second-factor/code-fields";
import { PasskeySignIn } from "~/components/second-factor/passkey-sign-in";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/form-error";
import { homePathFor } from "~/domain/permissions/permissions";
import { countPasskeys } from "~/domain/second-factor/passkeys.server";
import { getCurrentUser, getSignInInProgress } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { MISSING_CODE_MESSAGE, proveSecondFactor, typedCode, WRONG_CODE_MESSAGE } from "~/server/second-factor.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Two-step verification");

/** The sign-in step after the password, for an account with its second factor on. */
async function signInAwaitingCode(request: Request, context: Route.LoaderArgs["context"]) {
  const inProgress = await getSignInInProgress(request, context);
  if (inProgress?.step === "verify") return inProgress.user;
  if (inProgress) throw redirect(`/login/${inProgress.step}`);
  const user = await getCurrentUser(request, context);
  throw redirect(user ? homePathFor(user.role) : "/login");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await signInAwaitingCode(request, context);
  return { hasPasskeys: (await countPasskeys(context.services.db, user.id)) > 0 };
}

// Without this, React Router drops an action's headers (all but Set-Cookie) from the page response.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const FAILED = "Login Failed";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await signInAwaitingCode(request, context);
  const values = await readForm(request);
  const proved = await proveSecondFactor(request, context, user, typedCode(values));
  switch (proved.status) {
    case "missing":
      return formFailure({ secondFactorCode: MISSING_CODE_MESSAGE }, { toastTitle: FAILED });
    case "wrong-code":
      return formFailure({ secondFactorCode: WRONG_CODE_MESSAGE }, { toastTitle: FAILED, status: 401 });
    case "too-many":
      return formFailure(
        { form: proved.message },
        { toastTitle: FAILED, status: 429, headers: { "Retry-After": String(proved.retryAfter) } },
      );
    case "ok":
      break;
  }
  const codesLeft =
    proved.recoveryCodesLeft === undefined
      ? ""
      : ` You have ${proved.recoveryCodesLeft} recovery code${proved.recoveryCodesLeft === 1 ? "" : "s"} left: make new ones on your Security page.`;
  return redirectWithToast(context, homePathFor(user.role), {
    type: "success",
    title: "Login Successful",
    description: `Welcome back, ${user.name}!${codesLeft}`,
  });
}

export default function VerifySecondFactor({ loaderData }: Route.ComponentProps) {
  const { errors, submitting } = useFormAnswer(useActionData<typeof action>());
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Two-step verification</h1>
        <p className="mt-1 text-sm text-gray-600">
          Your password was right. To finish logging in, enter the code from your authenticator app.
        </p>
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <SecondFactorCodeFields error={errors.secondFactorCode} />
          <Button type="submit" size="lg" disabled={submitting} className="w-full">
            {submitting ? "Checking..." : "Verify"}
          </Button>
        </Form>
        {loaderData.hasPasskeys ? <PasskeySignIn /> : null}
        <Form method="post" action="/logout" className="mt-4 text-center">
          <button type="submit" className="text-sm text-gray-600 underline hover:text-gray-900">
            Cancel and log out
          </button>
        </Form>
      </Card>
    </div>
  );
}
