import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useProfileForm, type RenderedFailure } from "./profile-form";

/** Edit name: posts to /profile/name. */
export function NameCard({ name, rendered }: { name: string; rendered?: RenderedFailure }) {
  const form = useProfileForm("name", rendered);
  return (
    <Card>
      <CardTitle>Edit name</CardTitle>
      {/* Keyed by the saved name: after a successful save the field starts again from it. */}
      <form.Form key={name} method="post" action={form.action} className="mt-4 grid gap-4" noValidate>
        <FormField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={form.values?.name ?? name}
          error={form.errors.name}
        />
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save"}
        </Button>
      </form.Form>
    </Card>
  );
}
