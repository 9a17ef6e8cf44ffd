import { Plus } from "lucide-react";
import { data, Link, useActionData, useLocation, useMatches, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/adverts";
import { ListPager } from "~/components/admin/list-controls";
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
import { getAppSettings } from "~/domain/settings/app-settings";
import { displayImageUrl } from "~/domain/shared/image-url";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, readForm, type FailureOptions } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Adverts");

const DENIED = "Access Denied. You do not have permission to manage adverts.";
/** The id routes.ts gives /admin/adverts/new: this module opens the create dialog there. */
const NEW_ROUTE_ID = "routes/admin/adverts-new";
const LIST_PATH = "/admin/adverts";
const CREATE_BUTTON_ID = "create-advert";

const QuerySchema = z.object({
  page: pageParam,
  edit: z.string().trim().min(1).max(64).optional().catch(undefined),
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
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db, config } = context.services;
  const appUrl = config.appUrl;
  const [list, editing, settings] = await Promise.all([
    listAdvertsForAdmin(db, { page: query.page }),
    query.edit ? getAdvert(db, query.edit) : null,
    getAppSettings(db),
  ]);
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
  };
}

const IntentSchema = z.object({ intent: z.enum(["create", "update", "delete"]) });
const AdvertIdSchema = z.object({ advertId: z.string().trim().min(1).max(64) });
const ECHO = ["title", "description", "rewardAmount", "maxClicks", "imageUrl"] as const;

const GONE = "This advert no longer exists. It may have been deleted by another admin.";

/** Back to the list the admin came from (its page), without the edit dialog. */
function listUrl(request: Request) {
  const page = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)).page;
  return listHref({ page }, LIST_PATH);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_adverts", DENIED);
  const { db } = context.services;
  const actor = actorFrom(admin, context);
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });

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
  const { adverts, page, pageCount, editing } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const onNewRoute = useMatches().some((m) => m.id === NEW_ROUTE_ID);
  useToastFrom(actionData?.toast);

  const closeTo = listHref({ page }, LIST_PATH);
  const editHref = (id: string) => listHref({ page, edit: id }, LIST_PATH);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  // A refused create/edit reopens its dialog with what was typed; otherwise the URL decides.
  const failure = actionData && "errors" in actionData ? actionData : undefined;
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
