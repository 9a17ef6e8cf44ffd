import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormError, PasswordField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { changePassword } from "~/domain/accounts/change-password.server";
import { ChangePasswordSchema } from "~/domain/accounts/validation";
import { getSessionToken, requireUser } from "~/server/auth.server";
import { formFailure, readForm, zodFailure } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return {
    name: user.name,
    email: user.email,
    displayId: user.displayId,
    joined: user.createdAt.toISOString(),
  };
}

const failed = (description: string) => ({ type: "error" as const, title: "Password Change Failed", description });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = ChangePasswordSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, { toast: failed(first) });
  }
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) {
    return formFailure({ confirmPassword: "Passwords don't match!" }, { toast: failed("Passwords don't match!") });
  }
  const result = await changePassword(context.services.db, {
    userId: user.id,
    currentPassword,
    newPassword,
    keepSessionToken: (await getSessionToken(request, context)) ?? undefined,
  });
  if (!result.ok) return formFailure({ [result.field]: result.message }, { toast: failed(result.message) });
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Password Changed",
    description: "Your password has been successfully updated.",
  });
}

const dateFormat = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  useToastFrom(actionData?.toast);
  const errors = actionData?.errors ?? {};
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <h1 className="text-2xl font-bold lg:col-span-2">Profile</h1>
      <Card>
        <CardTitle>Account information</CardTitle>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-gray-600">Name</dt>
          <dd className="font-medium">{loaderData.name}</dd>
          <dt className="text-gray-600">Email</dt>
          <dd className="break-all font-medium">{loaderData.email}</dd>
          <dt className="text-gray-600">User ID</dt>
          <dd className="font-mono font-medium">{loaderData.displayId}</dd>
          <dt className="text-gray-600">Joined</dt>
          <dd className="font-medium">{dateFormat.format(new Date(loaderData.joined))}</dd>
        </dl>
      </Card>
      <Card>
        <CardTitle>Change password</CardTitle>
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <PasswordField label="Current Password" name="currentPassword" autoComplete="current-password" required error={errors.currentPassword} />
          <PasswordField label="New Password" name="newPassword" autoComplete="new-password" required error={errors.newPassword} />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving..." : "Change Password"}
          </Button>
        </Form>
        <p className="mt-3 text-xs text-gray-500">Changing your password signs you out on every other device.</p>
      </Card>
    </div>
  );
}
