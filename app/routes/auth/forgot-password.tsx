import { Form, Link, useActionData } from "react-router";
import { useFormAnswer } from "~/components/form-answer";
import type { Route } from "./+types/forgot-password";
import { EmailField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requestPasswordReset } from "~/domain/accounts/reset-password.server";
import { EmailOnlySchema } from "~/domain/accounts/validation";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { refundOnFailure, tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Forgot password");

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const values = await readForm(request);
  const parsed = parseForm(EmailOnlySchema, values, { values: echoValues(values, ["email"]) });
  if (parsed.status !== "ok") return parsed.failure;
  const { email } = parsed.data;
  // Per address: a refusal depends only on the requester's own address.
  const wait = await services.rateLimits.consume("resetIp", context.clientNetwork);
  if (wait) return formFailure({ form: tooManyAttemptsMessage(wait) }, { values: { email }, status: 429 });
  // Per account: past the limit nothing is sent, but the answer is the usual one, so nobody can
  // use up someone else's allowance and have them refused.
  if ((await services.rateLimits.consume("resetAccount", email)) === null) {
    await refundOnFailure(services.rateLimits, "resetAccount", email, () =>
      requestPasswordReset(services.db, email, services.config.appUrl),
    );
    void services.flushMail();
  }
  // The same answer whether or not an account exists (and whether or not a mail was sent).
  return redirectWithToast(context, "/login", {
    type: "success",
    title: "Check Your Email",
    description:
      "If an account exists for that email, we've sent a link to reset your password. It is valid for 1 hour.",
  });
}

export default function ForgotPassword() {
  const { errors, values, submitting } = useFormAnswer(useActionData<typeof action>());
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        <p className="mt-1 text-sm text-gray-600">
          Enter your email and we will send you a link to choose a new password.
        </p>
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <EmailField defaultValue={values?.email} error={errors.email} />
          <Button type="submit" disabled={submitting} className="w-full">
            {submitting ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="text-brand-700 hover:underline">
            Back to login
          </Link>
        </p>
      </Card>
    </div>
  );
}
