import { useEffect, useRef } from "react";
import { PasswordField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/new-password-fields";
import { Card, CardTitle } from "~/components/ui/card";
import { useProfileForm, type RenderedFailure } from "./profile-form";

/** Change password: posts to /profile/password. */
export function PasswordCard({ rendered }: { rendered?: RenderedFailure }) {
  const form = useProfileForm("password", rendered);
  const element = useRef<HTMLFormElement>(null);
  // Empties the fields after a successful change: the page stays mounted through the redirect
  // back to /profile, so the typed passwords would otherwise stay in the inputs.
  const pending = useRef(false);
  useEffect(() => {
    if (form.submitting) pending.current = true;
    else if (form.state === "idle" && pending.current) {
      pending.current = false;
      if (!form.failed) element.current?.reset();
    }
  }, [form.submitting, form.state, form.failed]);
  const errors = form.errors;
  return (
    <Card>
      <CardTitle>Change password</CardTitle>
      <form.Form ref={element} method="post" action={form.action} className="mt-4 grid gap-4" noValidate>
        <FormError message={errors.form} />
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <NewPasswordFields
          name="newPassword"
          label="New Password"
          confirmLabel="Confirm New Password"
          error={errors.newPassword}
          confirmError={errors.confirmPassword}
        />
        <Button type="submit" disabled={form.busy}>
          {form.submitting ? "Saving..." : "Change Password"}
        </Button>
      </form.Form>
      <p className="mt-3 text-xs text-gray-500">Changing your password signs you out on every other device.</p>
    </Card>
  );
}
