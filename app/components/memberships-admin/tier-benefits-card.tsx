import { TextAreaField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { usePageForm, type RenderedFailure } from "~/components/page-form";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { benefitsField, MAX_BENEFIT_LENGTH, MAX_BENEFITS } from "~/domain/memberships/benefits-validation";
import type { AdminTierRow } from "./types";

export const TIER_BENEFITS_ACTION = "/admin/memberships/benefits";

/** The benefits form's refusal rendered by its own route when it was posted without JavaScript. */
export type RenderedBenefitsFailure = RenderedFailure<"benefits">;

/**
 * Tier Benefits: a textarea per tier, one benefit per line, saved together. Posts to
 * /admin/memberships/benefits (through a fetcher once JavaScript has loaded; a plain post before).
 */
export function TierBenefitsCard({ tiers, rendered }: { tiers: AdminTierRow[]; rendered?: RenderedBenefitsFailure }) {
  const form = usePageForm("memberships", "benefits", TIER_BENEFITS_ACTION, rendered);
  return (
    <Card aria-labelledby="tier-benefits-title">
      <CardTitle id="tier-benefits-title">Tier Benefits</CardTitle>
      <CardDescription>
        What members read about each tier when they choose an upgrade. One benefit per line: 1 to {MAX_BENEFITS} lines
        per tier, each up to {MAX_BENEFIT_LENGTH} characters.
      </CardDescription>
      {/* Keyed by the saved lines: after a successful save the textareas start again from them. */}
      <form.Form
        key={tiers.map((t) => t.benefits.join("\n")).join("\n\n")}
        method="post"
        action={form.action}
        className="mt-5 grid gap-5"
        noValidate
      >
        <FormError message={form.errors.form} />
        <div className="grid items-start gap-4 md:grid-cols-2">
          {tiers.map((tier) => {
            const field = benefitsField(tier.id);
            const saved = tier.benefits.join("\n");
            return (
              <TextAreaField
                key={tier.id}
                label={`${tier.name} benefits`}
                name={field}
                rows={Math.min(Math.max(tier.benefits.length + 1, 3), MAX_BENEFITS)}
                // Grows with its lines where the browser can (wrapped lines included); `rows` elsewhere.
                className="min-h-20 field-sizing-content"
                required
                defaultValue={form.values?.[field] ?? saved}
                error={form.errors[field]}
              />
            );
          })}
        </div>
        <Button type="submit" disabled={form.busy} className="w-full sm:w-auto sm:justify-self-start">
          {form.submitting ? "Saving..." : "Save Benefits"}
        </Button>
      </form.Form>
    </Card>
  );
}
