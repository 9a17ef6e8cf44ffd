import { data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/campaigns";
import { ApprovalBanner } from "~/components/advertiser/approval-banner";
import { CampaignForm, EMPTY_CAMPAIGN_FORM, type CampaignFormValues } from "~/components/advertiser/campaign-form";
import { CampaignList, toCampaignListItem } from "~/components/advertiser/campaign-list";
import { useToastFrom } from "~/components/ui/toaster";
import { findAdvertiserProfile, listAdvertiserCampaigns } from "~/domain/campaigns/advertiser-campaigns.server";
import { createCampaign } from "~/domain/campaigns/create-campaign.server";
import { REWARD_BELOW_MINIMUM_MESSAGE } from "~/domain/campaigns/rules";
import { CAMPAIGN_FORM_FIELDS, campaignFormSchema } from "~/domain/campaigns/validation";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo } from "~/domain/shared/money";
import { pageTitle } from "~/lib/meta";
import { requireAdvertiser } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, type FailureOptions } from "~/server/forms.server";
import { advertImageFromForm, IMAGE_FIELD, readFormWithImage } from "~/server/image-upload.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Campaigns");

// A refusal past the hourly image uploads says when to try again (the action's Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const NOT_APPROVED_MESSAGE = "Your business is awaiting approval: campaigns can be created once it is approved.";
const ENDS_IN_PAST_MESSAGE = "The end date has already passed.";
const NO_IMAGE_CHOICE = { uploadedImage: null, removeImage: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  const [profile, campaigns, settings] = await Promise.all([
    findAdvertiserProfile(db, user.id),
    listAdvertiserCampaigns(db, user.id),
    getAppSettings(db),
  ]);
  return {
    approval: { status: profile?.status ?? "pending", rejectionReason: profile?.rejectionReason ?? null },
    feeBps: settings.campaignFeeBps,
    limits: {
      maxReward: formatKobo(settings.maxAdvertRewardKobo),
      maxBudget: formatKobo(settings.maxAdvertBudgetKobo),
    },
    campaigns: campaigns.map((c) => toCampaignListItem(c)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdvertiser(request, context);
  const { db } = context.services;
  // Only an approved business makes campaigns: nobody else gets an image re-encoded and stored.
  const profile = await findAdvertiserProfile(db, user.id);
  if (profile?.status !== "approved") {
    return formFailure({ form: NOT_APPROVED_MESSAGE }, { toastTitle: "Campaign Not Created", status: 403 });
  }
  // A multipart post with the advert's image file (decision 024).
  const { fields: form, image } = await readFormWithImage(request);
  const values = echoValues(form, [...CAMPAIGN_FORM_FIELDS, "uploadedImage"]);
  const failed: FailureOptions = { toastTitle: "Campaign Not Created", values };

  // Each file counts against the advertiser's uploads an hour (previews included).
  const allowance = { rateLimits: context.services.rateLimits, advertiserId: user.id };

  // "Show budget" without JavaScript: the page again, with what was typed and its budget.
  // A file chosen is stored now, so it need not be sent again; nothing uses it until the campaign
  // is created with it, so it is deleted a day later if that never happens.
  if (form.intent === "preview") {
    const picked = image ? await advertImageFromForm(db, user.id, image, NO_IMAGE_CHOICE, allowance) : null;
    // A refused file is the one refusal here: the page still shows the budget (so a 200, or a 429
    // past the hourly uploads), and the image's error.
    if (picked?.status === "refused") return imageRefused(picked, { values, status: 200 });
    if (picked?.imageUrl) values.uploadedImage = picked.imageUrl;
    return { ok: true as const, preview: true as const, values };
  }
  if (form.intent !== "create") throw data({ message: "Unknown action." }, { status: 400 });

  const parsed = parseForm(campaignFormSchema(), form, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const { image: choice, ...campaign } = parsed.data;
  const picked = await advertImageFromForm(db, user.id, image, choice, allowance);
  if (picked.status === "refused") return imageRefused(picked, failed);
  // A refusal from here on keeps the stored image: the advertiser does not send it again.
  if (picked.imageUrl) values.uploadedImage = picked.imageUrl;

  const result = await createCampaign(db, user.id, { ...campaign, imageUrl: picked.imageUrl ?? null });
  switch (result.status) {
    case "not-approved":
      return formFailure({ form: NOT_APPROVED_MESSAGE }, { ...failed, status: 403 });
    case "ends-in-past":
      return formFailure({ endDate: ENDS_IN_PAST_MESSAGE }, failed);
    case "reward-below-minimum":
      return formFailure({ rewardAmount: REWARD_BELOW_MINIMUM_MESSAGE }, failed);
    case "over-limits": {
      // The advert limits, worded for a campaign (the domain keys them by the admin form's fields).
      const settings = await getAppSettings(db);
      const errors: Record<string, string> = {};
      if (result.errors.rewardAmount) {
        errors.rewardAmount = `Reward per view can be at most ${formatKobo(settings.maxAdvertRewardKobo)}.`;
      }
      if (result.errors.maxClicks) {
        const rewards = parsed.data.rewardKobo * BigInt(parsed.data.viewsWanted);
        errors.viewsWanted = `Rewards in all (reward × views) can be at most ${formatKobo(settings.maxAdvertBudgetKobo)}; this campaign's are ${formatKobo(rewards)}.`;
      }
      return formFailure(errors, failed);
    }
    case "ok":
      return redirectWithToast(context, `/advertiser/campaigns/${result.campaign.id}`, {
        type: "success",
        title: "Campaign Created",
        description: `"${result.campaign.title}" is saved as a draft: pay its budget to send it for review.`,
      });
  }
}

/** The image field's refusal; past the hourly uploads a 429 saying when to try again. */
function imageRefused(refusal: { message: string; retryAfter?: number }, options: FailureOptions) {
  const { retryAfter } = refusal;
  return formFailure(
    { [IMAGE_FIELD]: refusal.message },
    retryAfter ? { ...options, status: 429, headers: { "Retry-After": String(retryAfter) } } : options,
  );
}

export default function AdvertiserCampaigns({ loaderData }: Route.ComponentProps) {
  const { approval, feeBps, limits, campaigns } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useToastFrom(actionData && "toast" in actionData ? actionData.toast : undefined);
  const values: CampaignFormValues = { ...EMPTY_CAMPAIGN_FORM, ...(actionData?.values ?? {}) };
  const approved = approval.status === "approved";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Campaigns</h1>
        <p className="mt-1 text-gray-600">
          Members are paid for each verified view of your advert; you pay the budget up front.
        </p>
      </div>
      <ApprovalBanner status={approval.status} rejectionReason={approval.rejectionReason} />
      {approved ? (
        <CampaignForm
          // A refused submit renders afresh with what was typed (the budget preview included).
          key={JSON.stringify(actionData?.values ?? null)}
          values={values}
          errors={actionData?.ok === false ? actionData.errors : undefined}
          feeBps={feeBps}
          limits={limits}
          submitting={submitting}
        />
      ) : null}
      <section aria-labelledby="campaign-list-title" className="grid gap-3">
        <h2 id="campaign-list-title" className="text-lg font-semibold">
          Your campaigns
        </h2>
        <CampaignList campaigns={campaigns} />
      </section>
    </div>
  );
}
