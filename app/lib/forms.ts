import type { z } from "zod";
import type { Toast } from "~/lib/toast";

/** A form's errors: one message per field, `form` for the form as a whole. */
export type FieldErrors = Record<string, string>;

/**
 * A refused submit as the page gets it (app/server/forms.server.ts builds it): the errors, what
 * is echoed back into the form (never passwords) and, when the page stays, the error toast.
 */
export type FormFailure = {
  ok: false;
  errors: FieldErrors;
  values?: Record<string, string>;
  toast?: Toast;
};

/**
 * What an action that is not a form answers when the page stays (a button: approve, reject,
 * delete, mark as read): whether it was done, the toast that says so and, on a page with several
 * such buttons, which one (`intent`) so the page can show a refusal beside it.
 * `app/server/forms.server.ts` builds it: `actionAnswer(toast, { status: 409, intent: "delete" })`.
 */
export type ActionAnswer = { ok: boolean; toast: Toast; intent?: string };

/**
 * The first message of each field of a failed parse (`form` for an issue without a field), in
 * the form's field order when given (then the rest in the order found), so the first entry is
 * the first field the member has to fix.
 */
export function fieldErrors(error: z.ZodError, fieldOrder: readonly string[] = []): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
  const out: FieldErrors = {};
  for (const field of fieldOrder) if (field in found) out[field] = found[field]!;
  return Object.assign(out, found);
}

/** The message a refusal's toast shows: the first field's error. */
export const firstError = (errors: FieldErrors) => Object.values(errors)[0] ?? "Check the form and try again.";
