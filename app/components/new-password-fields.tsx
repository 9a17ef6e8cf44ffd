import { PasswordField } from "~/components/form-field";
import { PASSWORD_MIN } from "~/domain/accounts/validation";

/**
 * A new password and its confirmation, as every form that sets one asks for it (sign-up, the
 * advertiser sign-up, the password reset, the change of password): both `new-password` for
 * password managers; with `showMinimum`, the first states (and the browser checks) the minimum.
 */
export function NewPasswordFields({
  name = "password",
  label = "Password",
  confirmLabel = "Confirm Password",
  showMinimum = false,
  error,
  confirmError,
}: {
  /** The new password's field name; its confirmation is always `confirmPassword`. */
  name?: string;
  label?: string;
  confirmLabel?: string;
  showMinimum?: boolean;
  error?: string;
  confirmError?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        required
        {...(showMinimum ? { minLength: PASSWORD_MIN, hint: `At least ${PASSWORD_MIN} characters.` } : {})}
        error={error}
      />
      <PasswordField
        label={confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={confirmError}
      />
    </>
  );
}
