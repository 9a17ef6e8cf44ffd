import { useId, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  AttentionCheckFields,
  EMPTY_ATTENTION_CHECK,
  type AttentionCheckValues,
} from "~/components/attention-check-fields";
import { FormField, TextAreaField } from "~/components/form-field";
import { FormError } from "~/components/ui/form-error";
import { ImageUploadField } from "~/components/image-upload-field";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ADVERT_LIMITS } from "~/domain/adverts/validation";
import { budgetPreview } from "~/domain/campaigns/budget-preview";
import { MIN_CAMPAIGN_REWARD_KOBO, REWARD_BELOW_MINIMUM_MESSAGE } from "~/domain/campaigns/rules";
import { formatKobo } from "~/domain/shared/money";
import { formatBps } from "~/domain/shared/percentage";

export type CampaignFormValues = {
  title: string;
  description: string;
  /** An image a refused submit (or "Show budget") already stored (`/images/<id>`). */
  uploadedImage: string;
  rewardAmount: string;
  viewsWanted: string;
  startDate: string;
  endDate: string;
} & AttentionCheckValues;

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  title: "",
  description: "",
  uploadedImage: "",
  rewardAmount: "",
  viewsWanted: "",
  startDate: "",
  endDate: "",
  ...EMPTY_ATTENTION_CHECK,
};

/**
 * What the campaign will cost, from the reward and views typed: rewards + the platform's fee =
 * the total to pay. Rendered by the server from the echoed values too, so it shows without
 * JavaScript after any refused submit or a "Show budget" press.
 */
export function BudgetSummary({
  rewardAmount,
  viewsWanted,
  feeBps,
}: {
  rewardAmount: string;
  viewsWanted: string;
  feeBps: number;
}) {
  const preview = budgetPreview(rewardAmount, viewsWanted, feeBps);
  return (
    <div
      className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm"
      aria-live="polite"
      data-testid="budget-preview"
    >
      <h3 className="font-semibold text-gray-900">Budget</h3>
      {preview.status === "ok" ? (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt className="text-gray-700">
            Rewards ({formatKobo(preview.rewardsKobo / BigInt(preview.viewsWanted))} ×{" "}
            {preview.viewsWanted.toLocaleString("en-NG")} views)
          </dt>
          <dd className="text-right tabular-nums" data-testid="budget-rewards">
            {formatKobo(preview.rewardsKobo)}
          </dd>
          <dt className="text-gray-700">Platform fee ({preview.feePercent})</dt>
          <dd className="text-right tabular-nums" data-testid="budget-fee">
            {formatKobo(preview.feeKobo)}
          </dd>
          <dt className="border-t border-gray-200 pt-1 font-semibold text-gray-900">Total to pay</dt>
          <dd
            className="border-t border-gray-200 pt-1 text-right font-semibold tabular-nums"
            data-testid="budget-total"
          >
            {formatKobo(preview.budgetKobo)}
          </dd>
        </dl>
      ) : preview.status === "reward-below-minimum" ? (
        <p className="mt-1 text-red-700" data-testid="budget-refusal">
          {REWARD_BELOW_MINIMUM_MESSAGE}
        </p>
      ) : (
        <p className="mt-1 text-gray-700">
          Enter the reward per view and the number of views to see the total. The platform fee is {formatBps(feeBps)} of
          each reward.
        </p>
      )}
    </div>
  );
}

/**
 * The new campaign form: a plain multipart POST (it carries the image file, decision 024) to the
 * page's action (intent "create", or "preview" for the budget).
 */
export function CampaignForm({
  values,
  errors = {},
  feeBps,
  limits,
  disabled,
  submitting,
}: {
  values: CampaignFormValues;
  errors?: Record<string, string | undefined>;
  feeBps: number;
  limits: { maxReward: string; maxBudget: string };
  disabled?: boolean;
  submitting?: boolean;
}) {
  const ids = useId();
  const hydrated = useHydrated();
  const [money, setMoney] = useState({ rewardAmount: values.rewardAmount, viewsWanted: values.viewsWanted });
  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardTitle id={`${ids}-title`}>New campaign</CardTitle>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4"
        noValidate
        onInput={(event) => {
          const form = event.currentTarget;
          const read = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
          setMoney({ rewardAmount: read("rewardAmount"), viewsWanted: read("viewsWanted") });
        }}
      >
        <FormError message={errors.form} />
        <fieldset disabled={disabled} className="grid gap-4">
          <FormField
            label="Title"
            name="title"
            required
            maxLength={ADVERT_LIMITS.titleMax}
            defaultValue={values.title}
            error={errors.title}
          />
          <TextAreaField
            label="Description"
            name="description"
            required
            maxLength={ADVERT_LIMITS.descriptionMax}
            defaultValue={values.description}
            error={errors.description}
          />
          <ImageUploadField
            currentSrc={values.uploadedImage || null}
            uploadedImage={values.uploadedImage || undefined}
            error={errors.image ?? errors.uploadedImage}
            title={values.title}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Reward per verified view (₦)"
              name="rewardAmount"
              inputMode="decimal"
              required
              defaultValue={values.rewardAmount}
              error={errors.rewardAmount}
              hint={`At least ${formatKobo(MIN_CAMPAIGN_REWARD_KOBO)} and at most ${limits.maxReward} a view.`}
            />
            <FormField
              label="Number of views wanted"
              name="viewsWanted"
              inputMode="numeric"
              required
              defaultValue={values.viewsWanted}
              error={errors.viewsWanted}
              hint={`Rewards in all at most ${limits.maxBudget}.`}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Start date (optional)"
              name="startDate"
              type="date"
              defaultValue={values.startDate}
              error={errors.startDate}
              hint="Runs from midnight, Lagos time. Empty: as soon as it is approved."
            />
            <FormField
              label="End date (optional)"
              name="endDate"
              type="date"
              defaultValue={values.endDate}
              error={errors.endDate}
              hint="The last day it runs, to midnight Lagos time. Empty: until its views are done."
            />
          </div>
          <AttentionCheckFields values={values} errors={errors} />
          <BudgetSummary rewardAmount={money.rewardAmount} viewsWanted={money.viewsWanted} feeBps={feeBps} />
          {/* Create comes first in the markup: Enter in a field submits it. */}
          <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <Button type="submit" name="intent" value="create" disabled={submitting}>
              {submitting ? "Creating..." : "Create campaign"}
            </Button>
            {/* Without JavaScript the budget above shows what the server last saw: ask it again. */}
            {hydrated ? null : (
              <Button type="submit" name="intent" value="preview" variant="outline">
                Show budget
              </Button>
            )}
          </div>
        </fieldset>
      </Form>
    </Card>
  );
}
