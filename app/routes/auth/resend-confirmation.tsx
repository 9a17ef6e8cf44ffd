import { redirect } from "react-router";
import type { Route } from "./+types/resend-confirmation";
import { resendConfirmation } from "~/domain/accounts/confirm-email.server";
import { EmailOnlySchema } from "~/domain/accounts/validation";
import { readForm } from "~/server/forms.server";
import { refundOnFailure, tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";

export const loader = () => redirect("/login");

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const parsed = EmailOnlySchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return redirectWithToast(context, "/login", {
      type: "error",
      title: "Error",
      description: "Enter a valid email address.",
    });
  }
  // Per address: a refusal depends only on the requester's own address.
  const wait = await services.rateLimits.consume("resendIp", context.clientNetwork);
  if (wait) {
    return redirectWithToast(context, "/login", {
      type: "error",
      title: "Error",
      description: tooManyAttemptsMessage(wait),
    });
  }
  // Per account: past the limit nothing is sent, and the answer is the usual one.
  if ((await services.rateLimits.consume("resendAccount", parsed.data.email)) === null) {
    await refundOnFailure(services.rateLimits, "resendAccount", parsed.data.email, () =>
      resendConfirmation(services.db, parsed.data.email, services.config.appUrl),
    );
    void services.flushMail();
  }
  return redirectWithToast(context, "/login", {
    type: "success",
    title: "Confirmation Email Sent",
    description: "If your account still needs confirming, a new link is on its way to your inbox.",
  });
}
