import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { PermissionCheckboxes } from "~/components/admin/permissions";
import { EmailField, FormField, PasswordField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { PASSWORD_MIN } from "~/domain/accounts/validation";
import type { FieldErrors } from "~/lib/forms";

type Props = {
  errors: FieldErrors;
  /** Echoed after a failed submit (never the password). */
  values?: { name?: string; email?: string; permissions: readonly string[] };
  defaultPermissions: readonly string[];
  submitting: boolean;
};

/**
 * "Create New Admin": a plain POST form (intent=create-admin) that works before JavaScript loads.
 * The page remounts it after every submission (keyed by location), so a success clears it and a
 * failure shows the echoed values; the first field in error then takes focus.
 */
export function CreateAdminForm({ errors, values, defaultPermissions, submitting }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>(
      "[aria-invalid='true'], fieldset[aria-describedby] input",
    );
    invalid?.focus();
  }, [errors]);

  return (
    <Form ref={formRef} method="post" className="mt-4 grid gap-4" noValidate>
      <input type="hidden" name="intent" value="create-admin" />
      <FormError message={errors.form} />
      <FormField
        label="Name"
        name="name"
        autoComplete="off"
        required
        maxLength={100}
        defaultValue={values?.name}
        error={errors.name}
      />
      <EmailField autoComplete="off" defaultValue={values?.email} error={errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. Share it with the new admin privately.`}
        error={errors.password}
      />
      <PermissionCheckboxes
        idPrefix="create-admin"
        checked={values?.permissions ?? defaultPermissions}
        error={errors.permissions}
      />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        {submitting ? "Creating..." : "Create Admin"}
      </Button>
    </Form>
  );
}
