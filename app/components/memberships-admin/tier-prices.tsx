import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useFetcherDialog } from "~/components/ui/use-fetcher-dialog";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { limitField, MAX_DAILY_AD_VIEWS, priceField } from "~/domain/memberships/tier-prices-validation";
import type { FieldErrors } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import type { AdminTierRow } from "./types";

export const UPDATE_PRICES_INTENT = "update-prices";

const EXPLAIN =
  "Prices must rise with each tier; Basic stays free. A daily limit cannot be lower than the tier below's. Open upgrade requests keep the price they were made at.";

/** One row of inputs per tier: its price (none for the free tier) and its daily advert limit. */
function TierFields({
  tiers,
  errors,
  values,
}: {
  tiers: AdminTierRow[];
  errors: FieldErrors;
  values?: Record<string, string>;
}) {
  return (
    <div className="grid gap-4">
      <input type="hidden" name="intent" value={UPDATE_PRICES_INTENT} />
      <FormError message={errors.form} />
      {tiers.map((tier) => (
        <fieldset key={tier.id} className="grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-gray-800">{tier.name}</legend>
          {tier.free ? (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium text-gray-800">Price</p>
              <p className="text-sm text-gray-600">Free: the tier every member starts on.</p>
            </div>
          ) : (
            <FormField
              label={`${tier.name} price (₦)`}
              name={priceField(tier.id)}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={24}
              required
              defaultValue={values?.[priceField(tier.id)] ?? tier.priceDecimal}
              error={errors[priceField(tier.id)]}
            />
          )}
          <FormField
            label={`${tier.name} daily advert limit`}
            name={limitField(tier.id)}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DAILY_AD_VIEWS}
            step={1}
            required
            defaultValue={values?.[limitField(tier.id)] ?? String(tier.dailyAdViews)}
            error={errors[limitField(tier.id)]}
          />
        </fieldset>
      ))}
    </div>
  );
}

/** What changes when the saved tiers change: remounts the inputs so they show the new values. */
const savedKey = (tiers: AdminTierRow[]) => tiers.map((t) => `${t.id}:${t.priceDecimal}:${t.dailyAdViews}`).join("|");

/**
 * "Update Membership Prices": a button and its dialog, posting through a fetcher. The dialog
 * stays open (buttons disabled) until the server answers, closes when the change is saved, and
 * stays open with each field's error on a refusal, so nothing typed is lost.
 */
export function UpdatePricesDialog({ tiers, action }: { tiers: AdminTierRow[]; action: string }) {
  const { open, onOpenChange, fetcher, busy } = useFetcherDialog<{
    ok: boolean;
    errors?: FieldErrors;
    toast?: Toast;
  }>();
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button">Update Membership Prices</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>Update Membership Prices</DialogTitle>
        <DialogDescription>{EXPLAIN}</DialogDescription>
        <fetcher.Form key={savedKey(tiers)} method="post" action={action} className="grid gap-5" noValidate>
          <TierFields tiers={tiers} errors={errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same form on the page, for a browser without JavaScript (no dialog can open there): a
 * plain POST, its refusal rendered by the server with what was typed.
 */
export function UpdatePricesForm({
  tiers,
  action,
  errors,
  values,
}: {
  tiers: AdminTierRow[];
  /** Where it posts (/admin/memberships, with the list's search). */
  action: string;
  errors: FieldErrors;
  values?: Record<string, string>;
}) {
  return (
    <Card>
      <CardTitle>Update Membership Prices</CardTitle>
      <CardDescription>{EXPLAIN}</CardDescription>
      <Form key={savedKey(tiers)} method="post" action={action} className="mt-4 grid gap-5" noValidate>
        <TierFields tiers={tiers} errors={errors} values={values} />
        <Button type="submit" className="w-full sm:w-auto sm:justify-self-start">
          Save Changes
        </Button>
      </Form>
    </Card>
  );
}
