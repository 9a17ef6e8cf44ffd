import { Plus } from "lucide-react";
import { Link, useLocation, useMatches, useNavigation, useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import { listHref } from "~/domain/shared/paging";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { attentionCheckValues } from "~/components/attention-check-fields";
import type { CustomCheck } from "~/domain/adverts/attention-check";
import type { AdminAdvertCard } from "./advert-card";
import { AdvertFormDialog, EMPTY_ADVERT_FORM, type AdvertFormValues } from "./advert-form-dialog";
import { AdvertList } from "./advert-list";

/** An advert of the list, with what its edit form shows: the reward as typed (its picture is `imageSrc`). */
export type AdvertRow = AdminAdvertCard & { rewardAmount: string; check: CustomCheck | null };

/** The Manage Adverts loader's data (app/routes/admin/adverts/layout.tsx). */
export type AdvertsData = {
  /** The settings' money limits, shown as hints in the form (the domain enforces them). */
  limits: { maxReward: string; maxBudget: string };
  page: number;
  pageCount: number;
  adverts: AdvertRow[];
  /** The advert whose edit dialog is open (`?edit=<id>`). */
  editing: AdvertRow | null;
};

const ADVERTS_ROUTE_ID = "routes/admin/adverts/layout";
/** The id routes.ts gives /admin/adverts/new: the page opens the create dialog there. */
const NEW_ROUTE_ID = "routes/admin/adverts-new";
export const ADVERTS_PATH = "/admin/adverts";
const CREATE_BUTTON_ID = "create-advert";

const formValues = (a: AdvertRow): AdvertFormValues => ({
  title: a.title,
  description: a.description,
  rewardAmount: a.rewardAmount,
  maxClicks: String(a.maxClicks),
  uploadedImage: "",
  removeImage: "",
  ...attentionCheckValues(a.check),
});

type OpenDialog = {
  mode: "create" | "update";
  advertId?: string;
  currentClicks?: number;
  currentImageSrc?: string | null;
  values: AdvertFormValues;
};

/** The create/edit dialog open: reopened as it was after a refused submit, otherwise as the URL says. */
function openDialog(data: AdvertsData, failure: FormFailure | undefined, onNewRoute: boolean): OpenDialog | null {
  if (failure) {
    const { intent, advertId, ...typed } = failure.values ?? {};
    const current = advertId ? (data.adverts.find((a) => a.id === advertId) ?? data.editing) : null;
    return {
      mode: intent === "update" ? "update" : "create",
      advertId,
      currentClicks: current?.currentClicks,
      currentImageSrc: current?.imageSrc,
      values: { ...EMPTY_ADVERT_FORM, ...typed },
    };
  }
  if (onNewRoute) return { mode: "create", values: EMPTY_ADVERT_FORM };
  const { editing } = data;
  return editing
    ? {
        mode: "update",
        advertId: editing.id,
        currentClicks: editing.currentClicks,
        currentImageSrc: editing.imageSrc,
        values: formValues(editing),
      }
    : null;
}

/**
 * Manage Adverts: the admins' adverts, the Create Advert and Edit Advert dialogs (in the URL) and
 * Delete. Rendered by /admin/adverts (and /new) and by the delete route, each passing its answer.
 */
export function AdvertsPage({ answer }: { answer?: ActionAnswer | FormFailure }) {
  const data = useRouteLoaderData(ADVERTS_ROUTE_ID) as AdvertsData;
  const navigation = useNavigation();
  const location = useLocation();
  const onNewRoute = useMatches().some((m) => m.id === NEW_ROUTE_ID);
  useToastFrom(answer?.toast);
  useFocusAfterClose();

  const { page, pageCount, adverts } = data;
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const failure = answer && "errors" in answer ? answer : undefined;
  const dialog = openDialog(data, failure, onNewRoute);
  // Leaving /admin/adverts/new renders the list afresh, so Radix cannot hand focus back to the
  // button that opened the dialog: the closing navigation names it instead.
  const returnFocusId = dialog?.advertId ? `edit-advert-${dialog.advertId}` : CREATE_BUTTON_ID;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Manage Adverts</h1>
          <p className="mt-1 text-sm text-gray-600">
            Create, edit and retire the adverts that members view for rewards.
          </p>
        </div>
        <Button asChild>
          <Link to={`${ADVERTS_PATH}/new`} preventScrollReset id={CREATE_BUTTON_ID}>
            <Plus className="h-4 w-4" aria-hidden />
            Create Advert
          </Link>
        </Button>
      </div>

      <AdvertList
        adverts={adverts}
        page={page}
        pageCount={pageCount}
        pageHref={(p) => listHref({ page: p }, ADVERTS_PATH)}
        editHref={(id) => listHref({ page, edit: id }, ADVERTS_PATH)}
      />

      {dialog ? (
        <AdvertFormDialog
          // A new submission or a different advert starts the inputs again from the values given.
          key={`${dialog.mode}:${dialog.advertId ?? ""}:${location.key}`}
          {...dialog}
          limits={data.limits}
          errors={failure?.errors ?? {}}
          closeTo={listHref({ page }, ADVERTS_PATH)}
          returnFocusId={returnFocusId}
          submitting={submitting}
        />
      ) : null}
    </div>
  );
}
