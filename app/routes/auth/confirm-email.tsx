import { Form, Link } from "react-router";
import type { Route } from "./+types/confirm-email";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { confirmEmail } from "~/domain/accounts/confirm-email.server";
import { peekEmailToken } from "~/domain/accounts/email-tokens.server";
import { TokenSchema } from "~/domain/accounts/validation";
import { readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Confirm your email");

// Opening the link only shows a button: confirming is a POST, so link scanners and
// prefetchers cannot consume the token.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid =
    token.length > 0 &&
    token.length <= 200 &&
    (await peekEmailToken(context.services.db, token, "confirm_email")) !== null;
  return { token: valid ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = TokenSchema.safeParse(await readForm(request));
  const confirmed = parsed.success && (await confirmEmail(context.services.db, parsed.data.token)).status === "ok";
  if (!confirmed) {
    return redirectWithToast(context, "/login", {
      type: "error",
      title: "Confirmation Failed",
      description: "This confirmation link is invalid or has expired. Log in to request a new one.",
    });
  }
  return redirectWithToast(context, "/login", {
    type: "success",
    title: "Email Confirmed",
    description: "Your email address is confirmed. You can now log in.",
  });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Confirm your email</h1>
        {loaderData.token ? (
          <Form method="post" className="mt-6 grid gap-4">
            <p className="text-sm text-gray-700">
              Press the button to confirm your email address and finish setting up your account.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" size="lg" className="w-full">
              Confirm my email
            </Button>
          </Form>
        ) : (
          <div className="mt-4 grid gap-4 text-sm text-gray-700">
            <p>This confirmation link is invalid or has expired.</p>
            <p>
              <Link to="/login" className="font-medium text-brand-700 hover:underline">
                Log in
              </Link>{" "}
              with your email and password and we will offer to send a new link.
            </p>
          </div>
        )}
      </Card>
    </div>
  );
}
