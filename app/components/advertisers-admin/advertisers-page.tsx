import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { ListFilters, ListSearch } from "~/components/admin/list-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { useToastFrom } from "~/components/ui/toaster";
import { ToastWithoutScript } from "~/components/ui/toast-without-script";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { AdvertiserList, approveQuestion, restrictQuestion, type ReviewLinks } from "./advertiser-list";
import {
  ADVERTISER_FILTER_LABELS,
  ADVERTISER_FILTERS,
  ADVERTISER_FORM_ACTIONS,
  advertisersHref,
  type AdvertiserListFilter,
  type AdvertisersQuery,
} from "./advertisers-query";
import { RejectAdvertiserDialog } from "./reject-dialog";
import type { AdvertiserRowView } from "./types";

/** The Advertisers loader's data (app/routes/admin/advertisers/layout.tsx). */
export type AdvertisersData = {
  query: AdvertisersQuery;
  rows: AdvertiserRowView[];
  counts: Record<AdvertiserListFilter, number>;
  page: number;
  pageCount: number;
  /** The advertisers a question on the page, or the reject dialog, is about (on this page of the list). */
  approving: AdvertiserRowView | null;
  rejecting: AdvertiserRowView | null;
  restricting: AdvertiserRowView | null;
  unrestricting: AdvertiserRowView | null;
};

const ADVERTISERS_ROUTE_ID = "routes/admin/advertisers/layout";

/**
 * Advertisers: approve or reject the businesses that may run campaigns, see what each holds,
 * restrict an account. Rendered by /admin/advertisers and by each decision form's route, which
 * passes its answer (`answer`): a toast, or a refused reason that reopens the reject dialog.
 */
export function AdvertisersPage({ answer }: { answer?: ActionAnswer | FormFailure }) {
  const data = useRouteLoaderData(ADVERTISERS_ROUTE_ID) as AdvertisersData;
  const { query, rows, counts, page, pageCount, approving, rejecting, restricting, unrestricting } = data;
  const navigation = useNavigation();
  const location = useLocation();
  useToastFrom(answer?.toast);
  useFocusAfterClose();

  const here = advertisersHref(query);
  const formAction = (path: string) => advertisersHref(query, {}, path);
  const withParam = (name: "approve" | "reject" | "restrict" | "unrestrict") => (userId: string) =>
    advertisersHref(query, { [name]: userId });
  const links: ReviewLinks = {
    approveHref: withParam("approve"),
    rejectHref: withParam("reject"),
    restrictHref: withParam("restrict"),
    unrestrictHref: withParam("unrestrict"),
    approveAction: formAction(ADVERTISER_FORM_ACTIONS.approve),
    restrictionAction: formAction(ADVERTISER_FORM_ACTIONS.restriction),
  };

  // A refused reject reopens its dialog with what was typed; otherwise the URL decides.
  const failure = answer && "errors" in answer ? answer : undefined;
  const rejectRow = failure?.values?.userId
    ? (rows.find((r) => r.id === failure.values?.userId) ?? rejecting)
    : rejecting;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Advertisers</h1>
        <p className="mt-1 text-sm text-gray-600">
          Approve the businesses that may run campaigns, see what each advertiser holds, and restrict an account when
          needed.
        </p>
      </div>

      <ToastWithoutScript toast={answer?.toast} />

      {approving ? (
        <ConfirmPanel
          {...approveQuestion(approving)}
          confirmLabel="Approve"
          fields={{ userId: approving.id }}
          action={links.approveAction}
          cancelHref={here}
        />
      ) : null}
      {restricting ? (
        <ConfirmPanel
          {...restrictQuestion(restricting, true)}
          confirmLabel="Restrict"
          destructive
          fields={{ intent: "restrict", userId: restricting.id }}
          action={links.restrictionAction}
          cancelHref={here}
        />
      ) : null}
      {unrestricting ? (
        <ConfirmPanel
          {...restrictQuestion(unrestricting, false)}
          confirmLabel="Unrestrict"
          fields={{ intent: "unrestrict", userId: unrestricting.id }}
          action={links.restrictionAction}
          cancelHref={here}
        />
      ) : null}

      <section aria-labelledby="advertisers-heading" className="grid grid-cols-1 gap-4">
        <h2 id="advertisers-heading" className="text-lg font-semibold">
          Advertiser accounts
        </h2>
        <ListSearch
          id="advertiser-search"
          label="Search advertisers"
          placeholder="Search by business, contact, email, phone or ID"
          q={query.q}
          keep={{ status: query.status !== "pending" ? query.status : undefined }}
        />
        <ListFilters
          label="Filter advertisers"
          filters={ADVERTISER_FILTERS}
          current={query.status}
          labels={ADVERTISER_FILTER_LABELS}
          counts={counts}
          hrefFor={(status) => advertisersHref({ ...query, status, page: 1 })}
        />
        <AdvertiserList
          rows={rows}
          links={links}
          empty={
            query.q
              ? "No advertisers match your search."
              : query.status === "pending"
                ? "No advertisers are waiting for approval."
                : "No advertisers in this list yet."
          }
          page={page}
          pageCount={pageCount}
          pageHref={(p) => advertisersHref({ ...query, page: p })}
        />
      </section>

      {rejectRow ? (
        <RejectAdvertiserDialog
          key={`${rejectRow.id}:${location.key}`}
          row={rejectRow}
          reason={failure?.values?.reason ?? ""}
          errors={failure?.errors ?? {}}
          action={formAction(ADVERTISER_FORM_ACTIONS.reject)}
          closeTo={here}
          submitting={
            navigation.state === "submitting" && navigation.formAction?.split("?")[0] === ADVERTISER_FORM_ACTIONS.reject
          }
        />
      ) : null}
    </div>
  );
}
