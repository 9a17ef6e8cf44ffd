import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type FieldProps = ComponentProps<"input"> & { label: string; error?: string; hint?: string; name: string };

/** Label, input and error wired for screen readers (aria-invalid, aria-describedby). */
export function FormField({ label, error, hint, id, ...inputProps }: FieldProps) {
  const field = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={field.inputId}>
      <Input id={field.inputId} {...field.aria} {...inputProps} />
    </FieldFrame>
  );
}

/** The "Email" field of the sign-in, sign-up and account forms. */
export function EmailField(props: Omit<FieldProps, "label" | "name">) {
  return (
    <FormField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required {...props} />
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, ...inputProps }: FieldProps) {
  const field = useFieldIds(id, hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} inputId={field.inputId}>
      <div className="relative">
        <Input
          id={field.inputId}
          type={visible ? "text" : "password"}
          className="pr-12"
          {...field.aria}
          {...inputProps}
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

/** The input's id (given or generated) and the aria attributes pointing at its hint and error. */
function useFieldIds(id: string | undefined, hint: string | undefined, error: string | undefined) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return {
    inputId,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined },
  };
}

function FieldFrame({
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

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
