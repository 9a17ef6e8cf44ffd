import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useSettingsForm, type RenderedFailure } from "./settings-form";

/** Advert limits: posts to /admin/settings/limits. */
export function AdvertLimitsCard({
  maxAdvertReward,
  maxAdvertBudget,
  rendered,
}: {
  maxAdvertReward: string;
  maxAdvertBudget: string;
  rendered?: RenderedFailure;
}) {
  const form = useSettingsForm("advert-limits", rendered);
  return (
    <Card>
      <CardTitle>Advert limits</CardTitle>
      <CardDescription>
        The most one advert may pay: per click, and in all (reward × max clicks). Adverts over either limit cannot be
        created, and an edit cannot raise an advert over them.
      </CardDescription>
      {/* Keyed by the saved values: after a successful save the inputs start again from them. */}
      <form.Form
        key={`${maxAdvertReward}\n${maxAdvertBudget}`}
        method="post"
        action={form.action}
        className="mt-5 grid gap-5"
        noValidate
      >
        <FormError message={form.errors.form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Maximum reward per click (₦)"
            name="maxAdvertReward"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={24}
            hint="In naira, up to 2 decimal places."
            defaultValue={form.values?.maxAdvertReward ?? maxAdvertReward}
            error={form.errors.maxAdvertReward}
          />
          <FormField
            label="Maximum budget per advert (₦)"
            name="maxAdvertBudget"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={24}
            hint="Reward × max clicks, in naira."
            defaultValue={form.values?.maxAdvertBudget ?? maxAdvertBudget}
            error={form.errors.maxAdvertBudget}
          />
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Limits"}
        </Button>
      </form.Form>
    </Card>
  );
}
