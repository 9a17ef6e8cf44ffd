import { useEffect, useRef, type RefObject } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormError, FormField, PasswordField } from "~/components/form-field";
import { useToastFrom } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { EarningsHistory } from "~/components/dashboard/earnings-history";
import { changePassword } from "~/domain/accounts/change-password.server";
import { updateProfileName } from "~/domain/accounts/update-profile.server";
import { ChangePasswordSchema, ProfileNameSchema } from "~/domain/accounts/validation";
import { advertEarningsHistory } from "~/domain/adverts/earnings-history.server";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { formatKobo } from "~/domain/shared/money";
import { getSessionToken, requireUser } from "~/server/auth.server";
import { formFailure, readForm, safeValues, zodFailure } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const db = context.services.db;
  const [earned, history] = await Promise.all([earnedTotals(db, user.id), advertEarningsHistory(db, user.id, { limit: 50 })]);
  return {
    name: user.name,
    email: user.email,
    displayId: user.displayId,
    joined: user.createdAt.toISOString(),
    totalEarnings: formatKobo(earned.totalKobo),
    earnings: history.map((row) => ({
      id: row.viewId,
      date: formatLagosDateTime(row.earnedAt),
      advert: row.advertTitle,
      amount: formatKobo(row.amountKobo),
    })),
  };
}

const INTENTS = ["update-name", "change-password"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: string | undefined): value is Intent => INTENTS.includes(value as Intent);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  if (!isIntent(values.intent)) throw data({ message: "Unknown form action." }, { status: 400 });
  if (values.intent === "update-name") return updateName(context, user.id, values);
  return changeOwnPassword(request, context, user.id, values);
}

type Context = Route.ActionArgs["context"];

async function updateName(context: Context, userId: string, values: Record<string, string>) {
  const parsed = ProfileNameSchema.safeParse(values);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, {
      toast: { type: "error", title: "Update Failed", description: first },
      values: safeValues(values, ["name"]),
    });
  }
  await updateProfileName(context.services.db, userId, parsed.data.name);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Profile Updated",
    description: "User profile has been updated.",
  });
}

const passwordFailed = (description: string) => ({ type: "error" as const, title: "Password Change Failed", description });

async function changeOwnPassword(request: Request, context: Context, userId: string, values: Record<string, string>) {
  const parsed = ChangePasswordSchema.safeParse(values);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, { toast: passwordFailed(first) });
  }
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword) {
    return formFailure({ confirmPassword: "Passwords don't match!" }, { toast: passwordFailed("Passwords don't match!") });
  }
  // Someone holding a stolen session must not be able to guess the current password at leisure.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", userId);
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure({ form: message }, { toast: passwordFailed(message), status: 429 });
  }
  const result = await changePassword(context.services.db, {
    userId,
    currentPassword,
    newPassword,
    keepSessionToken: (await getSessionToken(request, context)) ?? undefined,
  });
  if (!result.ok) {
    if (result.field === "currentPassword") await context.services.rateLimits.consume("passwordChange", userId);
    return formFailure({ [result.field]: result.message }, { toast: passwordFailed(result.message) });
  }
  await context.services.rateLimits.reset("passwordChange", userId);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Password Changed",
    description: "Your password has been successfully updated.",
  });
}

const dateFormat = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  useToastFrom(actionData?.toast);
  const errors = actionData?.errors ?? {};
  const passwordForm = useRef<HTMLFormElement>(null);
  usePasswordFormReset(passwordForm, submittingIntent === "change-password", navigation.state === "idle", actionData != null);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <h1 className="text-2xl font-bold lg:col-span-2">Profile</h1>
      <div className="grid gap-6">
        <Card>
          <CardTitle>Account information</CardTitle>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-600">Name</dt>
            <dd className="break-words font-medium">{loaderData.name}</dd>
            <dt className="text-gray-600">Email</dt>
            <dd className="break-all font-medium">{loaderData.email}</dd>
            <dt className="text-gray-600">User ID</dt>
            <dd className="font-mono font-medium">{loaderData.displayId}</dd>
            <dt className="text-gray-600">Joined</dt>
            <dd className="font-medium">{dateFormat.format(new Date(loaderData.joined))}</dd>
            <dt className="text-gray-600">Total earnings</dt>
            <dd className="font-medium tabular-nums">{loaderData.totalEarnings}</dd>
          </dl>
        </Card>
        <Card>
          <CardTitle>Edit name</CardTitle>
          {/* Keyed by the saved name: after a successful save the field starts again from it. */}
          <Form key={loaderData.name} method="post" className="mt-4 grid gap-4" noValidate>
            <input type="hidden" name="intent" value="update-name" />
            <FormField
              label="Name"
              name="name"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={actionData?.values?.name ?? loaderData.name}
              error={errors.name}
            />
            <Button type="submit" disabled={submittingIntent != null} className="w-full sm:w-auto sm:justify-self-start">
              {submittingIntent === "update-name" ? "Saving..." : "Save"}
            </Button>
          </Form>
        </Card>
      </div>
      <Card>
        <CardTitle>Change password</CardTitle>
        <Form ref={passwordForm} method="post" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="change-password" />
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
          <Button type="submit" disabled={submittingIntent != null}>
            {submittingIntent === "change-password" ? "Saving..." : "Change Password"}
          </Button>
        </Form>
        <p className="mt-3 text-xs text-gray-500">Changing your password signs you out on every other device.</p>
      </Card>
      <div className="lg:col-span-2">
        <EarningsHistory rows={loaderData.earnings} />
      </div>
    </div>
  );
}

/**
 * Empties the password fields after a successful change (the redirect back to /profile keeps
 * the page mounted, so the typed passwords would otherwise stay in the inputs).
 */
function usePasswordFormReset(form: RefObject<HTMLFormElement | null>, submitting: boolean, idle: boolean, failed: boolean) {
  const pending = useRef(false);
  useEffect(() => {
    if (submitting) pending.current = true;
    else if (idle && pending.current) {
      pending.current = false;
      if (!failed) form.current?.reset();
    }
  }, [form, submitting, idle, failed]);
}
