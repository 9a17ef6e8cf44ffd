import type { ReactNode } from "react";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure, type SettingsForm } from "./settings-form";

/** One text field of a settings card: its name in the form and in the saved values. */
export type SettingsField<V> = {
  name: keyof V & string;
  label: string;
  hint: string;
  inputMode: "decimal" | "numeric";
  maxLength: number;
  required?: boolean;
};

/**
 * A settings card made of text fields (amounts, percentages, counts) in a two-column grid and one
 * save button, posting to its own route (SETTINGS_FORM_ACTIONS). Keyed by the saved values: after
 * a successful save the inputs start again from them.
 */
export function SettingsFieldsCard<V extends Record<string, string>>({
  form: formName,
  title,
  description,
  fields,
  saved,
  saveLabel,
  rendered,
}: {
  form: SettingsForm;
  title: string;
  description: ReactNode;
  fields: readonly SettingsField<V>[];
  saved: V;
  /** The button's words, e.g. "Save Withdrawal Limits". */
  saveLabel: string;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm(formName, rendered);
  return (
    <Card>
      <CardTitle>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
      <form.Form
        key={Object.values(saved).join("\n")}
        method="post"
        action={form.action}
        className="mt-5 grid gap-5"
        noValidate
      >
        <FormError message={form.errors.form} />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              name={field.name}
              type="text"
              inputMode={field.inputMode}
              autoComplete="off"
              required={field.required}
              maxLength={field.maxLength}
              hint={field.hint}
              defaultValue={form.values?.[field.name] ?? saved[field.name]}
              error={form.errors[field.name]}
            />
          ))}
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : saveLabel}
        </Button>
      </form.Form>
    </Card>
  );
}
