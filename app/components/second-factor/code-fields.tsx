import { FormField } from "~/components/form-field";

/** The names the server reads (app/server/second-factor.server.ts: FACTOR_CODE_FIELD, RECOVERY_CODE_FIELD). */
const CODE = "secondFactorCode";
const RECOVERY_CODE = "secondFactorRecoveryCode";

/**
 * The second factor's inputs: the authenticator app's 6-digit code (a number pad on a phone,
 * filled in from an SMS-style autofill where the phone offers one), and a recovery code behind
 * "Use a recovery code instead" (a native details element: it opens without JavaScript).
 */
export function SecondFactorCodeFields({ error, autoFocus = true }: { error?: string; autoFocus?: boolean }) {
  return (
    <div className="grid gap-3">
      <FormField
        label="Authentication code"
        name={CODE}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        hint="The 6-digit code your authenticator app shows now."
        error={error}
        autoFocus={autoFocus}
      />
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-700 hover:underline">Use a recovery code instead</summary>
        <div className="mt-3">
          <FormField
            label="Recovery code"
            name={RECOVERY_CODE}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            hint="One of the ten codes you saved when you set up two-step verification. Each works once."
          />
        </div>
      </details>
    </div>
  );
}
