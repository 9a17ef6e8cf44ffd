import { Form, useActionData, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { PasswordField } from "~/components/form-field";
import { AuthenticatorSetup } from "~/components/second-factor/authenticator-setup";
import { PasskeyList, type PasskeyRow } from "~/components/second-factor/passkey-list";
import { RecoveryCodes } from "~/components/second-factor/recovery-codes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { FormError } from "~/components/ui/form-error";
import { useToastFrom } from "~/components/ui/toaster";
import type { AuthenticatorOffer } from "~/domain/second-factor/totp";
import type { FieldErrors } from "~/lib/forms";
import type { Toast } from "~/lib/toast";

/** The Security page's data (app/routes/user/security/layout.tsx). */
export type SecurityData = {
  staff: boolean;
  enrolled: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyRow[];
  /** The authenticator app offered for turning it on (null once it is on). */
  offer: AuthenticatorOffer | null;
};

/** What a form of the page answered: new recovery codes, or a refusal. */
export type SecurityAnswer = { recoveryCodes?: string[]; errors?: FieldErrors; toast?: Toast | null };

const SECURITY_ROUTE_ID = "routes/user/security/layout";

const TURN_OFF = {
  title: "Turn off two-step verification?",
  description:
    "Anyone who learns your password could then log in, change your bank details and withdraw your earnings.",
};

/**
 * The Security page, rendered by /security and by each form's route, which passes its answer
 * (new recovery codes, shown once; a refusal when posted without JavaScript).
 */
export function SecurityPage({ answer }: { answer?: SecurityAnswer }) {
  const data = useRouteLoaderData(SECURITY_ROUTE_ID) as SecurityData;
  const fetched = useActionData() as SecurityAnswer | undefined;
  const shown = answer ?? fetched;
  useToastFrom(shown?.toast);
  const submitting = useNavigation().state === "submitting";
  const errors = shown?.errors ?? {};
  // Before JavaScript loads, "Turn off" leads here and the question is asked on the page.
  const askingToTurnOff = useSearchParams()[0].get("confirm") === "turn-off" && data.enrolled && !data.staff;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold">Security</h1>
      {askingToTurnOff ? (
        <ConfirmPanel
          title={TURN_OFF.title}
          description={TURN_OFF.description}
          confirmLabel="Turn off"
          action="/security/turn-off"
          cancelHref="/security"
          fields={{}}
          destructive
        />
      ) : null}
      <Card aria-labelledby="two-step-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="two-step-heading">Two-step verification</CardTitle>
          <Badge tone={data.enrolled ? "green" : "gray"}>{data.enrolled ? "On" : "Off"}</Badge>
        </div>
        {shown?.recoveryCodes ? (
          <div className="mt-4">
            <RecoveryCodes codes={shown.recoveryCodes} />
          </div>
        ) : null}
        {data.enrolled ? (
          <div className="mt-4 grid gap-4 text-sm text-gray-700">
            <p>
              {data.staff
                ? "Every login asks for a code from your authenticator app, and paying, payout settings, permissions and the review queue ask again after 15 minutes."
                : "Logging in, changing your bank details and withdrawing ask for a code from your authenticator app."}
            </p>
            <p>
              Recovery codes left: <strong>{data.recoveryCodesLeft}</strong>
            </p>
            <Form method="post" action="/security/recovery-codes">
              <Button type="submit" variant="outline" disabled={submitting}>
                Make new recovery codes
              </Button>
            </Form>
            {data.staff ? (
              <p className="text-gray-600">
                Staff accounts always use two-step verification. Lost your phone? Log in with a recovery code, or ask
                the super admin to reset it.
              </p>
            ) : (
              <div>
                <ConfirmAction
                  trigger={
                    <Button type="button" variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
                      Turn off two-step verification
                    </Button>
                  }
                  title={TURN_OFF.title}
                  description={TURN_OFF.description}
                  confirmLabel="Turn off"
                  action="/security/turn-off"
                  fields={{}}
                  destructive
                  fallbackHref="/security?confirm=turn-off"
                />
              </div>
            )}
          </div>
        ) : data.offer ? (
          <>
            <CardDescription>
              Protect your earnings: with two-step verification on, logging in, changing your bank details and
              withdrawing ask for a code from an authenticator app on your phone, so your password alone is not enough.
            </CardDescription>
            <Form method="post" action="/security/turn-on" className="mt-4 grid gap-4" noValidate>
              <FormError message={errors.form} />
              <AuthenticatorSetup offer={data.offer} error={errors.secondFactorCode} />
              <PasswordField
                label="Current password"
                name="currentPassword"
                autoComplete="current-password"
                required
                error={errors.currentPassword}
              />
              <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
                Turn on
              </Button>
            </Form>
          </>
        ) : null}
      </Card>
      {data.enrolled ? <PasskeyList passkeys={data.passkeys} /> : null}
    </div>
  );
}
