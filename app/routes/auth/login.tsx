import { Form, Link, redirect, useActionData, useNavigation, useRouteLoaderData } from "react-router";
import { recordRequestSignals } from "~/server/request-signals.server";
import { DeviceFingerprintField } from "~/components/device-fingerprint-field";
import type { Route } from "./+types/login";
import { EmailField, PasswordField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { SAYS_REDIRECT_TOAST, useToastFrom } from "~/components/ui/toaster";
import { ToastInPage } from "~/components/ui/toast-without-script";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { authenticate } from "~/domain/accounts/authenticate.server";
import { LoginSchema } from "~/domain/accounts/validation";
import { homePathFor, isStaff } from "~/domain/permissions/permissions";
import { hasSecondFactor } from "~/domain/second-factor/factors.server";
import {
  isKnownDevice,
  pathAfterPassword,
  redirectIfSignedIn,
  rememberDevice,
  startSession,
} from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { tooManyAttemptsMessage } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Login");

/**
 * What brought the member here (Registration Successful: check your email; Email Confirmed; a
 * password reset) is said under the heading, not in a toast over it (a phone's toasts sit at the
 * top of the page), and stays until the next answer.
 */
export const handle = SAYS_REDIRECT_TOAST;

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

// Without this, React Router drops an action's headers (all but Set-Cookie) from the page response.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const FAILED = "Login Failed";
const UNCONFIRMED = "Please confirm your email address before logging in. Check your inbox for the link.";

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const values = await readForm(request);
  const parsed = parseForm(LoginSchema, values, { values: echoValues(values, ["email"]) });
  if (parsed.status !== "ok") return parsed.failure;
  const { email, password } = parsed.data;
  const echo = { email };
  const { rateLimits } = services;
  // Only failed sign-ins count, and none of the limits can be set off against someone else:
  // - per address (30): many subscribers share one carrier address, so successes are free, and a
  //   browser with a known-device cookie for the account (it signed in to it before, with the
  //   current password) is never held by it (decision 021);
  // - per account *and* address (10): guessing from one place is stopped, but nobody can lock
  //   another person (say, the super admin) out of their account from elsewhere. A known device
  //   counts on its own (per account, whatever the address), so guessing from the same carrier
  //   address does not pause the owner's phone;
  // - per account from every address: a growing delay (at most a few seconds), never a refusal.
  // "Address" means the client's network (an IPv6 client's /64), which a phone cannot rotate past.
  const knownDevice = await isKnownDevice(request, context, email);
  const accountKey = `${email}|${knownDevice ? "known-device" : context.clientNetwork}`;

  // The address's point is taken before the password check (so parallel guesses are bounded too)
  // and given back unless the password was wrong.
  const wait =
    (await rateLimits.blockedFor("loginAccount", accountKey)) ??
    (knownDevice ? null : await rateLimits.consume("loginIp", context.clientNetwork));
  if (wait) {
    const message = tooManyAttemptsMessage(wait);
    return formFailure(
      { form: message },
      { toastTitle: FAILED, values: echo, status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const refundAddress = async () => {
    if (!knownDevice) await rateLimits.refund("loginIp", context.clientNetwork);
  };
  await rateLimits.slowDown("loginAccountSlowDown", email);

  // Given back whatever else happens, a database outage (503) included: only a wrong password keeps it.
  const result = await authenticate(services.db, { email, password, clientIp: context.clientIp }).catch(
    async (err: unknown) => {
      await refundAddress();
      throw err;
    },
  );
  if (result.status !== "wrong-credentials") await refundAddress();
  switch (result.status) {
    case "wrong-credentials": {
      await rateLimits.consume("loginAccount", accountKey);
      await rateLimits.consume("loginAccountSlowDown", email);
      const message = "Invalid email or password";
      return formFailure({ form: message }, { toastTitle: FAILED, values: echo, status: 401 });
    }
    case "restricted":
    case "deactivated": {
      const message =
        result.status === "restricted" ? "Your account is restricted." : "Your account has been deactivated.";
      return formFailure({ form: message }, { toastTitle: FAILED, values: echo, status: 403 });
    }
    case "unconfirmed":
      return formFailure({ form: UNCONFIRMED }, { toastTitle: FAILED, values: echo, status: 403 });
    case "ok":
      break;
  }
  await rateLimits.reset("loginAccount", accountKey);
  if (!isStaff(result.user.role)) await recordRequestSignals(context, result.user.id, values);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context, result.user.id));
  headers.append("Set-Cookie", rememberDevice(request, context, result.user));
  // Staff, and members who turned it on, prove the second factor next; the welcome waits for it.
  const next = pathAfterPassword({
    role: result.user.role,
    hasSecondFactor: await hasSecondFactor(services.db, result.user.id),
  });
  if (next !== homePathFor(result.user.role)) return redirect(next, { headers });
  return redirectWithToast(
    context,
    homePathFor(result.user.role),
    { type: "success", title: "Login Successful", description: `Welcome back, ${result.user.name}!` },
    { headers },
  );
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/login";
  useToastFrom(actionData?.toast);
  const broughtHere = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  const errors = actionData?.errors ?? {};
  const unconfirmed = errors.form === UNCONFIRMED;
  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold">Log in</h1>
        <p className="mt-1 text-sm text-gray-600">
          Welcome back. Log in to view adverts and track your earnings, or to run your campaigns.
        </p>
        <ToastInPage toast={broughtHere} className="mt-4" />
        <Form method="post" className="mt-6 grid gap-4" noValidate>
          <FormError message={errors.form} />
          <DeviceFingerprintField />
          <EmailField defaultValue={actionData?.values?.email} error={errors.email} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" disabled={submitting} className="w-full">
            {submitting ? "Logging in..." : "Log In"}
          </Button>
        </Form>
        {unconfirmed ? (
          <Form method="post" action="/resend-confirmation" className="mt-4">
            <input type="hidden" name="email" value={actionData?.values?.email ?? ""} />
            <Button type="submit" variant="outline" className="w-full">
              Resend confirmation email
            </Button>
          </Form>
        ) : null}
        <p className="mt-6 text-center text-sm text-gray-600">
          Don&apos;t have an account?{" "}
          <Link to="/register" className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </p>
        <p className="mt-2 text-center text-sm text-gray-600">
          A business?{" "}
          <Link to="/advertise" className="font-medium text-brand-700 hover:underline">
            Advertise with us
          </Link>
        </p>
      </Card>
    </div>
  );
}
