import { Plus } from "lucide-react";
import { data, Link, useActionData, useLocation, useMatches, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/adverts";
import { ListFilters, ListPager } from "~/components/admin/list-controls";
import { CampaignReviewCard, type CampaignReviewView } from "~/components/campaigns-admin/campaign-review-card";
import { RejectCampaignDialog } from "~/components/campaigns-admin/reject-campaign-dialog";
import { AdvertCard } from "~/components/adverts-admin/advert-card";
import {
  AdvertFormDialog,
  EMPTY_ADVERT_FORM,
  type AdvertFormValues,
} from "~/components/adverts-admin/advert-form-dialog";
import { useToastFrom } from "~/components/toaster";
import { errorToast, type Toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import {
  createAdvert,
  deleteAdvert,
  getAdvert,
  listAdvertsForAdmin,
  updateAdvert,
  type AdminAdvert,
  type OverLimit,
} from "~/domain/adverts/manage-adverts.server";
import { advertFormSchema, advertImageRules } from "~/domain/adverts/validation";
import { listCampaignsForAdmin, type AdminCampaign } from "~/domain/campaigns/admin-campaigns.server";
import {
  activateCampaign,
  rejectCampaign,
  type ActivateCampaignResult,
} from "~/domain/campaigns/review-campaign.server";
import {
  ADMIN_CAMPAIGN_FILTERS,
  conflictMessage,
  REJECTION_REASON_MAX,
  RejectCampaignSchema,
  type AdminCampaignFilter,
} from "~/domain/campaigns/review-validation";
import { CAMPAIGN_STATUS_LABELS, FEE_RULE_REVIEW_REFUSALS, formatFeePercent } from "~/domain/campaigns/rules";
import { getAppSettings } from "~/domain/settings/app-settings";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm, type FailureOptions } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";
import { formatLagosDate } from "~/lib/lagos-time";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Adverts");

const DENIED = "Access Denied. You do not have permission to manage adverts.";
/** The id routes.ts gives /admin/adverts/new: this module opens the create dialog there. */
const NEW_ROUTE_ID = "routes/admin/adverts-new";
const LIST_PATH = "/admin/adverts";
const CREATE_BUTTON_ID = "create-advert";

const QuerySchema = z.object({
  page: pageParam,
  edit: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** The campaigns shown: In review unless the admin picked another filter. */
  campaigns: z.enum(ADMIN_CAMPAIGN_FILTERS).catch("in_review"),
  /** The campaigns' own page. */
  cpage: pageParam,
  /** The campaign whose reject dialog is open. */
  reject: z.string().trim().min(1).max(64).optional().catch(undefined),
});
type Query = z.infer<typeof QuerySchema>;

const readQuery = (request: Request) => QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));

const CAMPAIGN_FILTER_LABELS: Record<AdminCampaignFilter, string> = {
  in_review: "In review",
  awaiting_payment: "Awaiting payment",
  active: "Active",
};

/** A link to this page with the campaigns' filter and page (defaults left out), and any extra. */
function campaignsHref(query: Pick<Query, "page" | "campaigns" | "cpage">, extra: Record<string, string> = {}) {
  return listHref(
    {
      page: query.page,
      campaigns: query.campaigns === "in_review" ? undefined : query.campaigns,
      cpage: query.cpage > 1 ? query.cpage : undefined,
      ...extra,
    },
    LIST_PATH,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A campaign for the review card: money, fee and dates as people read them. */
const toCampaignView = (c: AdminCampaign, appUrl: URL): CampaignReviewView & { paid: boolean } => ({
  id: c.id,
  reference: c.reference,
  status: c.status as CampaignReviewView["status"],
  statusLabel: CAMPAIGN_STATUS_LABELS[c.status],
  businessName: c.businessName,
  advertiserEmail: c.advertiserEmail,
  title: c.title,
  description: c.description,
  imageSrc: displayImageUrl(c.imageUrl, advertImageRules(appUrl), null),
  rewardText: formatKobo(c.rewardKobo),
  viewsWanted: c.viewsWanted,
  viewsDone: c.viewsDone,
  budgetText: formatKobo(c.budgetKobo),
  feeText: `${formatFeePercent(c.feeBps)} (${formatKobo(c.feePerViewKobo)} a view)`,
  startsText: c.startsAt ? formatLagosDate(c.startsAt) : "On activation",
  // endsAt is the start of the day after the last: the last day is the one before it.
  endsText: c.endsAt ? formatLagosDate(new Date(c.endsAt.getTime() - DAY_MS)) : "When its views are used",
  createdText: formatLagosDate(c.createdAt),
  paid: c.fundedAt !== null,
});

/** `imageUrl` is the stored address (the edit form shows it); `imageSrc` what the card may load. */
const toCard = (a: AdminAdvert, appUrl: URL) => ({
  id: a.id,
  title: a.title,
  description: a.description,
  rewardText: formatKobo(a.rewardKobo),
  rewardAmount: koboToDecimal(a.rewardKobo),
  maxClicks: a.maxClicks,
  currentClicks: a.currentClicks,
  imageUrl: a.imageUrl,
  imageSrc: displayImageUrl(a.imageUrl, advertImageRules(appUrl), null),
  status: a.status,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", DENIED);
  const query = readQuery(request);
  const { db, config } = context.services;
  const appUrl = config.appUrl;
  const [list, editing, settings, campaignList] = await Promise.all([
    listAdvertsForAdmin(db, { page: query.page }),
    query.edit ? getAdvert(db, query.edit) : null,
    getAppSettings(db),
    listCampaignsForAdmin(db, { status: query.campaigns, page: query.cpage }),
  ]);
  const campaignsShown = campaignList.campaigns.map((c) => toCampaignView(c, appUrl));
  const rejecting = query.reject ? (campaignsShown.find((c) => c.id === query.reject) ?? null) : null;
  return {
    // The settings' money limits, shown as hints in the form (the domain enforces them).
    limits: {
      maxReward: formatKobo(settings.maxAdvertRewardKobo),
      maxBudget: formatKobo(settings.maxAdvertBudgetKobo),
    },
    page: list.page,
    pageCount: list.pageCount,
    adverts: list.adverts.map((a) => toCard(a, appUrl)),
    editing: editing ? toCard(editing, appUrl) : null,
    campaigns: {
      filter: query.campaigns,
      page: campaignList.page,
      pageCount: campaignList.pageCount,
      counts: campaignList.counts,
      list: campaignsShown,
      // The reject dialog (a running campaign stops at once).
      rejecting,
    },
  };
}

const IntentSchema = z.object({
  intent: z.enum(["create", "update", "delete", "activate-campaign", "reject-campaign"]),
});
const CampaignIdSchema = z.object({ campaignId: z.string().trim().min(1).max(64) });
const AdvertIdSchema = z.object({ advertId: z.string().trim().min(1).max(64) });
const ECHO = ["title", "description", "rewardAmount", "maxClicks", "imageUrl"] as const;

const GONE = "This advert no longer exists. It may have been deleted by another admin.";

/** Back to the list the admin came from (its page), without the edit dialog. */
function listUrl(request: Request) {
  const page = readQuery(request).page;
  return listHref({ page }, LIST_PATH);
}

const CAMPAIGN_GONE = "This campaign no longer exists.";

/** A review step the campaign refused: the toast, on the page as it was (409, or 404 when gone). */
function campaignRefusal(
  title: string,
  result: Exclude<ActivateCampaignResult, { status: "ok" } | { status: "forbidden" }>,
) {
  let description: string;
  let status = 409;
  switch (result.status) {
    case "not-found":
      description = CAMPAIGN_GONE;
      status = 404;
      break;
    case "conflict":
      description = conflictMessage(result.current, CAMPAIGN_STATUS_LABELS[result.current]);
      break;
    case "ended":
      description =
        "Its end date passed while it waited for review, so it cannot run. Reject it instead: its budget returns to the advertiser.";
      break;
    case "reward-below-minimum":
    case "fee-missing":
      description = FEE_RULE_REVIEW_REFUSALS[result.status];
      break;
  }
  return data({ ok: false as const, intent: "campaign" as const, toast: errorToast(title, description) }, { status });
}

/** Activate or reject a campaign; every outcome answered with a toast. */
async function reviewCampaign(
  request: Request,
  context: Route.ActionArgs["context"],
  actor: ReturnType<typeof actorFrom>,
  intent: "activate-campaign" | "reject-campaign",
  form: Record<string, string>,
) {
  const { db } = context.services;
  const query = readQuery(request);
  const back = campaignsHref(query);
  if (intent === "activate-campaign") {
    const target = CampaignIdSchema.safeParse(form);
    if (!target.success) throw data({ message: "Choose a campaign to activate." }, { status: 400 });
    const result = await activateCampaign(db, actor, target.data.campaignId);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status !== "ok") return campaignRefusal("Activation Failed", result);
    return redirectWithToast(context, back, {
      type: "success",
      title: "Campaign Activated",
      description: `"${result.campaign.title}" (${result.campaign.reference}) is now running as an advert, paid from its escrow.`,
    });
  }
  const failed: FailureOptions = {
    toastTitle: "Rejection Failed",
    values: { ...echoValues(form, ["reason", "campaignId"]), intent },
  };
  const parsed = parseForm(RejectCampaignSchema, form, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const result = await rejectCampaign(db, actor, parsed.data.campaignId, parsed.data.reason);
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.status !== "ok") return campaignRefusal("Rejection Failed", result);
  return redirectWithToast(context, back, {
    type: "success",
    title: "Campaign Rejected",
    description:
      result.refundedKobo > 0n
        ? `"${result.campaign.title}" was rejected and ${formatKobo(result.refundedKobo)} returned to the advertiser's balance.`
        : `"${result.campaign.title}" was rejected. The advertiser will see your reason.`,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_adverts", DENIED);
  const { db } = context.services;
  const actor = actorFrom(admin, context);
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  if (intent.data.intent === "activate-campaign" || intent.data.intent === "reject-campaign") {
    return reviewCampaign(request, context, actor, intent.data.intent, form);
  }

  if (intent.data.intent === "delete") {
    const target = AdvertIdSchema.safeParse(form);
    if (!target.success)
      return data(
        {
          ok: false as const,
          intent: "delete" as const,
          toast: errorToast("Delete Failed", "Choose an advert to delete."),
        },
        { status: 400 },
      );
    const result = await deleteAdvert(db, actor, target.data.advertId);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status === "not-found") {
      return data(
        { ok: false as const, intent: "delete" as const, toast: errorToast("Delete Failed", GONE) },
        { status: 409 },
      );
    }
    const description =
      result.status === "erased"
        ? "The advert has been deleted."
        : "Members had already viewed this advert, so it was deactivated instead of erased: it is hidden everywhere and can no longer be claimed, and its views and payments are kept.";
    return {
      ok: true as const,
      intent: "delete" as const,
      toast: { type: "success", title: "Advert Deleted", description } satisfies Toast,
    };
  }

  const creating = intent.data.intent === "create";
  const target = creating ? null : AdvertIdSchema.safeParse(form);
  if (target && !target.success) throw data({ message: "Choose an advert to edit." }, { status: 400 });
  const advertId = target?.data?.advertId;
  // The dialog reopens as it was: which one (intent, advertId) and what was typed.
  const failed: FailureOptions = {
    toastTitle: creating ? "Creation Failed" : "Update Failed",
    values: { ...echoValues(form, ECHO), intent: intent.data.intent, ...(advertId ? { advertId } : {}) },
  };

  const parsed = parseForm(advertFormSchema(context.services.config.appUrl), form, failed);
  if (parsed.status !== "ok") return parsed.failure;

  if (creating) {
    const result = await createAdvert(db, actor, parsed.data);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status === "over-limit") return overLimit(result, failed);
    return redirectWithToast(context, LIST_PATH, {
      type: "success",
      title: "Advert Created",
      description: `"${parsed.data.title}" is live: members can view it now.`,
    });
  }

  const result = await updateAdvert(db, actor, advertId!, parsed.data);
  switch (result.status) {
    case "forbidden":
      throw forbidden(DENIED);
    case "not-found":
      return formFailure({ form: GONE }, { ...failed, status: 409 });
    case "max-clicks-below-current": {
      const message = `Max clicks cannot be below the ${result.currentClicks.toLocaleString("en-NG")} clicks already used.`;
      return formFailure({ maxClicks: message }, failed);
    }
    case "over-limit":
      return overLimit(result, failed);
    case "ok":
      return redirectWithToast(
        context,
        listUrl(request),
        result.changed
          ? {
              type: "success",
              title: "Advert Updated",
              description: `Your changes to "${parsed.data.title}" have been saved.`,
            }
          : { type: "info", title: "No changes to save." },
      );
  }
}

/** A reward or budget over the settings' limits: the messages on their fields, the first in the toast. */
function overLimit(result: OverLimit, failed: FailureOptions) {
  const errors = Object.fromEntries(
    Object.entries(result.errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return formFailure(errors, failed);
}

type AdvertRow = Route.ComponentProps["loaderData"]["adverts"][number];

const formValues = (a: AdvertRow): AdvertFormValues => ({
  title: a.title,
  description: a.description,
  rewardAmount: a.rewardAmount,
  maxClicks: String(a.maxClicks),
  imageUrl: a.imageUrl ?? "",
});

export default function ManageAdverts({ loaderData }: Route.ComponentProps) {
  const { adverts, page, pageCount, editing, campaigns } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const onNewRoute = useMatches().some((m) => m.id === NEW_ROUTE_ID);
  useToastFrom(actionData?.toast);

  const closeTo = listHref({ page }, LIST_PATH);
  const editHref = (id: string) => listHref({ page, edit: id }, LIST_PATH);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  // A refused create/edit reopens its dialog with what was typed; otherwise the URL decides.
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const rejectFailure = refused?.values?.intent === "reject-campaign" ? refused : undefined;
  const failure = rejectFailure ? undefined : refused;
  const campaignQuery = { page, campaigns: campaigns.filter, cpage: campaigns.page };
  const activatingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "activate-campaign"
      ? navigation.formData.get("campaignId")
      : null;
  let dialog: {
    mode: "create" | "update";
    advertId?: string;
    currentClicks?: number;
    values: AdvertFormValues;
  } | null = null;
  if (failure) {
    const { intent, advertId, ...typed } = failure.values ?? {};
    const current = advertId ? (adverts.find((a) => a.id === advertId) ?? editing) : null;
    dialog = {
      mode: intent === "update" ? "update" : "create",
      advertId,
      currentClicks: current?.currentClicks,
      values: { ...EMPTY_ADVERT_FORM, ...typed },
    };
  } else if (onNewRoute) {
    dialog = { mode: "create", values: EMPTY_ADVERT_FORM };
  } else if (editing) {
    dialog = {
      mode: "update",
      advertId: editing.id,
      currentClicks: editing.currentClicks,
      values: formValues(editing),
    };
  }

  // Leaving /admin/adverts/new renders the list afresh, so Radix cannot hand focus back to the
  // button that opened the dialog: the closing navigation names it instead.
  const returnFocusId = dialog?.advertId ? `edit-advert-${dialog.advertId}` : CREATE_BUTTON_ID;
  useFocusAfterClose();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Manage Adverts</h1>
          <p className="mt-1 text-sm text-gray-600">
            Create, edit and retire the adverts that members view for rewards.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/adverts/new" preventScrollReset id={CREATE_BUTTON_ID}>
            <Plus className="h-4 w-4" aria-hidden />
            Create Advert
          </Link>
        </Button>
      </div>

      {adverts.length === 0 ? (
        <Card>
          <p className="text-gray-700">
            {page > 1 ? "No adverts on this page." : "No adverts yet. Create one to start paying members for views."}
          </p>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Adverts">
          {adverts.map((advert) => (
            <AdvertCard key={advert.id} advert={advert} editTo={editHref(advert.id)} />
          ))}
        </ul>
      )}

      <ListPager
        previous={page > 1 ? listHref({ page: page - 1 }, LIST_PATH) : undefined}
        next={page < pageCount ? listHref({ page: page + 1 }, LIST_PATH) : undefined}
        summary={`Page ${page} of ${pageCount}`}
      />

      <section aria-labelledby="campaigns-heading" className="grid gap-4 border-t border-gray-200 pt-6">
        <div>
          <h2 id="campaigns-heading" className="text-xl font-bold">
            Campaigns
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            Advertisers&apos; campaigns: activate a paid one after checking its content, or reject it with a reason (a
            paid one&apos;s budget returns to the advertiser).
          </p>
        </div>
        <ListFilters
          label="Campaign status"
          filters={ADMIN_CAMPAIGN_FILTERS}
          current={campaigns.filter}
          labels={CAMPAIGN_FILTER_LABELS}
          counts={campaigns.counts}
          hrefFor={(filter) => campaignsHref({ page, campaigns: filter, cpage: 1 })}
        />
        {campaigns.list.length === 0 ? (
          <Card>
            <p className="text-gray-700">
              {campaigns.page > 1
                ? "No campaigns on this page."
                : `No campaigns ${CAMPAIGN_FILTER_LABELS[campaigns.filter].toLowerCase()} right now.`}
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Campaigns">
            {campaigns.list.map((campaign) => (
              <CampaignReviewCard
                key={campaign.id}
                campaign={campaign}
                rejectTo={campaignsHref(campaignQuery, { reject: campaign.id })}
                activating={activatingId === campaign.id}
              />
            ))}
          </ul>
        )}
        <ListPager
          previous={campaigns.page > 1 ? campaignsHref({ ...campaignQuery, cpage: campaigns.page - 1 }) : undefined}
          next={
            campaigns.page < campaigns.pageCount
              ? campaignsHref({ ...campaignQuery, cpage: campaigns.page + 1 })
              : undefined
          }
          summary={`Page ${campaigns.page} of ${campaigns.pageCount}`}
        />
      </section>

      {campaigns.rejecting ? (
        <RejectCampaignDialog
          key={`${campaigns.rejecting.id}:${location.key}`}
          campaign={campaigns.rejecting}
          reason={rejectFailure?.values?.reason ?? ""}
          error={rejectFailure?.errors.reason}
          formError={rejectFailure?.errors.form ?? rejectFailure?.errors.campaignId}
          closeTo={campaignsHref(campaignQuery)}
          submitting={submitting}
          maxLength={REJECTION_REASON_MAX}
        />
      ) : null}

      {dialog ? (
        <AdvertFormDialog
          // A new submission or a different advert starts the inputs again from the values given.
          key={`${dialog.mode}:${dialog.advertId ?? ""}:${location.key}`}
          {...dialog}
          limits={loaderData.limits}
          errors={failure?.errors ?? {}}
          closeTo={closeTo}
          returnFocusId={returnFocusId}
          submitting={submitting}
        />
      ) : null}
    </div>
  );
}
