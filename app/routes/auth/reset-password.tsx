import { Form, Link, useActionData } from "react-router";
import { useFormAnswer } from "~/components/form-answer";
import type { Route } from "./+types/reset-password";
import { FormError } from "~/components/ui/form-error";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { newPasswordErrors } from "~/domain/accounts/change-password.server";
import { peekEmailToken } from "~/domain/accounts/email-tokens.server";
import { resetPassword } from "~/domain/accounts/reset-password.server";
import { ResetPasswordSchema } from "~/domain/accounts/validation";
import { formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Reset password");

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid =
    token.length > 0 &&
    token.length <= 200 &&
    (await peekEmailToken(context.services.db, token, "reset_password")) !== null;
  return { token: valid ? token : null };
}

const INVALID_LINK = "This reset link is invalid or has expired. Request a new one.";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ResetPasswordSchema, await readForm(request));
  if (parsed.status !== "ok") return parsed.failure;
  const { token, password, confirmPassword } = parsed.data;
  const refused = newPasswordErrors(password, confirmPassword);
  if (refused) return formFailure(refused);
  if ((await resetPassword(context.services.db, token, password)).status === "invalid-link")
    return formFailure({ form: INVALID_LINK });
  return redirectWithToast(context, "/login", {
    type: "success",
    title: "Password Reset",
    description: "Your password has been reset. Log in with your new password.",
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { errors, submitting } = useFormAnswer(useActionData<typeof action>());
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        {loaderData.token ? (
          <Form method="post" className="mt-6 grid gap-4" noValidate>
            <FormError message={errors.form} />
            <input type="hidden" name="token" value={loaderData.token} />
            <NewPasswordFields label="New Password" error={errors.password} confirmError={errors.confirmPassword} />
            <Button type="submit" disabled={submitting} className="w-full">
              {submitting ? "Saving..." : "Reset password"}
            </Button>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-gray-700">
            {INVALID_LINK}{" "}
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Send a new link
            </Link>
          </p>
        )}
      </Card>
    </div>
  );
}
