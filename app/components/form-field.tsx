import { useId, useState, type ChangeEvent, type ComponentProps, type ReactNode } from "react";
import { useFetchers, useNavigation } from "react-router";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";

type FieldProps = ComponentProps<"input"> & { label: string; error?: string; hint?: string; name: string };

/**
 * Label, input and error wired for screen readers (aria-invalid, aria-describedby). The error
 * clears as soon as the field is edited (useFieldError).
 */
export function FormField({ label, error, hint, id, onChange, ...inputProps }: FieldProps) {
  const shown = useFieldError(error);
  const field = useFieldIds(id, hint, shown.error);
  return (
    <FieldFrame label={label} hint={hint} error={shown.error} inputId={field.inputId}>
      <Input id={field.inputId} {...field.aria} {...inputProps} onChange={shown.editedWith(onChange)} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = ComponentProps<"textarea"> & { label: string; error?: string; hint?: string; name: string };

/** A many-line field (a description, a reason, a notice's content), wired as FormField is. */
export function TextAreaField({ label, error, hint, id, onChange, className, ...textareaProps }: TextAreaFieldProps) {
  const shown = useFieldError(error);
  const field = useFieldIds(id, hint, shown.error);
  return (
    <FieldFrame label={label} hint={hint} error={shown.error} inputId={field.inputId}>
      <textarea
        id={field.inputId}
        rows={4}
        className={cn("ui-input resize-y", className)}
        {...field.aria}
        {...textareaProps}
        onChange={shown.editedWith(onChange)}
      />
    </FieldFrame>
  );
}

/** The "Email" field of the sign-in, sign-up and account forms. */
export function EmailField(props: Omit<FieldProps, "label" | "name">) {
  return (
    <FormField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required {...props} />
  );
}

/** Password input with a show/hide toggle; its error clears when edited, as FormField's. */
export function PasswordField({ label, error, hint, id, onChange, ...inputProps }: FieldProps) {
  const shown = useFieldError(error);
  const field = useFieldIds(id, hint, shown.error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={shown.error} inputId={field.inputId}>
      <div className="relative">
        <Input
          id={field.inputId}
          type={visible ? "text" : "password"}
          className="pr-12"
          {...field.aria}
          {...inputProps}
          onChange={shown.editedWith(onChange)}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-gray-500 hover:text-gray-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 rounded-r-md"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={field.inputId}
        >
          {visible ? <EyeOff className="h-5 w-5" aria-hidden /> : <Eye className="h-5 w-5" aria-hidden />}
        </button>
      </div>
    </FieldFrame>
  );
}

/**
 * The error a field shows. A refused submit's error stays until the member edits the field:
 * they are correcting it, so the old error (and aria-invalid with it) goes at once rather than
 * staying on screen while the corrected form is sent. The next answer to a submit on the page
 * shows its errors again, even the same text. Without JavaScript nothing is edited in place: the
 * server's page shows the error as it is.
 */
export function useFieldError(error: string | undefined) {
  const round = useAnsweredSubmits();
  const [editedAway, setEditedAway] = useState<{ error: string; round: number } | null>(null);
  const hidden = editedAway !== null && editedAway.error === error && editedAway.round === round;
  const shownError = hidden ? undefined : error;
  /** Call when the member changes the field's value. */
  const edited = () => {
    if (shownError) setEditedAway({ error: shownError, round });
  };
  return {
    error: shownError,
    edited,
    /** An onChange that does the same, then the field's own. */
    editedWith:
      <E extends ChangeEvent<HTMLInputElement | HTMLTextAreaElement>>(onChange?: (event: E) => void) =>
      (event: E) => {
        edited();
        onChange?.(event);
      },
  };
}

/**
 * How many submits (form navigations and fetchers, with JavaScript) the page has had answered:
 * it goes up once everything is idle again after a submit, when the answer is on the page.
 */
function useAnsweredSubmits(): number {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting = navigation.state === "submitting" || fetchers.some((f) => f.state === "submitting");
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [seen, setSeen] = useState({ pending: false, answered: 0 });
  // Adjusted while rendering (React's pattern for state that follows other state).
  if (submitting && !seen.pending) setSeen({ pending: true, answered: seen.answered });
  else if (!busy && seen.pending) setSeen({ pending: false, answered: seen.answered + 1 });
  return seen.answered;
}

/** The input's id (given or generated) and the aria attributes pointing at its hint and error. */
export function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return {
    inputId,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined },
  };
}

export function FieldFrame({
  label,
  hint,
  error,
  inputId,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  inputId: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
