import { data, type ShouldRevalidateFunctionArgs, useActionData, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/advertisers";
import { ListFilters, ListPager, ListSearch } from "~/components/admin/list-controls";
import { AdvertiserList, approveQuestion, restrictQuestion } from "~/components/advertisers-admin/advertiser-list";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PaymentLookup } from "~/components/advertisers-admin/payment-lookup";
import { RejectAdvertiserDialog } from "~/components/advertisers-admin/reject-dialog";
import type { AdvertiserRowView, PaymentLookupView } from "~/components/advertisers-admin/types";
import { ConfirmPanel } from "~/components/confirm-action";
import { useToastFrom } from "~/components/toaster";
import { Card } from "~/components/ui/card";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import { type AdvertiserFilter, listAdvertisers } from "~/domain/advertisers/list-advertisers.server";
import { REVIEW_ADVERTISER_REFUSALS, reviewAdvertiser } from "~/domain/advertisers/review-advertiser.server";
import { RESTRICT_ADVERTISER_REFUSALS, setAdvertiserRestricted } from "~/domain/advertisers/restrict-advertiser.server";
import { ADVERTISER_STATUSES, rejectionReason } from "~/domain/advertisers/validation";
import { confirmCampaignPayment, previewCampaignPayment } from "~/domain/campaigns/confirm-payment.server";
import { CAMPAIGN_STATUS_LABELS } from "~/domain/campaigns/rules";
import { formatKobo } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatLagosDate } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { errorToast, type Toast } from "~/lib/toast";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Advertisers");

const DENIED = "Access Denied. You do not have permission to manage advertisers.";
const LIST_PATH = "/admin/advertisers";

const FILTERS = [...ADVERTISER_STATUSES, "all"] as const satisfies readonly AdvertiserFilter[];
const FILTER_LABELS: Record<AdvertiserFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  all: "All",
};

const id = z.string().trim().min(1).max(64).optional().catch(undefined);

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(FILTERS).catch("pending"),
  page: pageParam,
  /** A payment reference to look up (the GET step of Confirm a payment). */
  reference: z.string().trim().max(40).optional().catch(undefined),
  /** The approve question asked on the page (the link followed without JavaScript). */
  approve: id,
  /** The reject dialog, open in the URL. */
  reject: id,
  /** The restrict and unrestrict questions asked on the page (the links followed without JavaScript). */
  restrict: id,
  unrestrict: id,
});
type Query = z.infer<typeof QuerySchema>;

const parseQuery = (request: Request) => QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));

/** The list as the admin left it: status, search and page (no dialog, no question, no lookup). */
const listUrl = (query: Query) =>
  listHref({ q: query.q, status: query.status === "pending" ? undefined : query.status, page: query.page }, LIST_PATH);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_adverts", DENIED);
  const { db } = context.services;
  const query = parseQuery(request);
  const [list, found] = await Promise.all([
    listAdvertisers(db, { status: query.status, search: query.q, page: query.page }),
    query.reference ? previewCampaignPayment(db, query.reference) : null,
  ]);
  const rows: AdvertiserRowView[] = list.advertisers.map((a) => ({
    id: a.id,
    displayId: a.displayId,
    businessName: a.businessName,
    name: a.name,
    email: a.email,
    emailConfirmed: a.emailConfirmed,
    phone: a.phone,
    status: a.status,
    rejectionReason: a.rejectionReason,
    isRestricted: a.isRestricted,
    joined: formatLagosDate(a.createdAt),
    balance: formatKobo(a.balanceKobo),
  }));
  const lookup: PaymentLookupView | null = query.reference
    ? {
        reference: query.reference,
        campaign: found
          ? {
              reference: found.reference,
              title: found.title,
              businessName: found.businessName ?? "Unknown business",
              advertiserDisplayId: found.advertiserDisplayId,
              budget: formatKobo(found.budgetKobo),
              status: found.status,
              confirms: found.confirms,
            }
          : null,
      }
    : null;
  // The row a question or the reject dialog is about: on this page of the list (pending only).
  const pendingRow = (userId?: string) => rows.find((r) => r.id === userId && r.status === "pending") ?? null;
  return {
    query,
    rows,
    counts: list.counts,
    page: list.page,
    pageCount: list.pageCount,
    lookup,
    approving: pendingRow(query.approve),
    rejecting: pendingRow(query.reject),
    // Restrict is asked about an advertiser not restricted yet, unrestrict about a restricted one.
    restricting: rows.find((r) => r.id === query.restrict && !r.isRestricted) ?? null,
    unrestricting: rows.find((r) => r.id === query.unrestrict && r.isRestricted) ?? null,
  };
}

const ActionSchema = z.object({
  intent: z.enum(["approve", "reject", "restrict", "unrestrict", "confirm-payment"]),
  userId: z.string().trim().max(64).optional(),
  // A pasted narration may be long: the lookup says no campaign has it.
  reference: z.string().trim().max(200).optional(),
  reason: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_adverts", DENIED);
  const { db, config } = context.services;
  const actor = actorFrom(admin, context);
  const query = parseQuery(request);
  const parsed = ActionSchema.safeParse(await readForm(request));
  if (!parsed.success) throw data({ message: "Unknown action." }, { status: 400 });
  const { intent, userId, reference } = parsed.data;

  if (intent === "confirm-payment") {
    const there = listHref({ reference }, LIST_PATH);
    if (!reference)
      return redirectWithToast(context, LIST_PATH, errorToast("Confirmation Failed", "Type a payment reference."));
    const result = await confirmCampaignPayment(db, actor, reference.toUpperCase());
    switch (result.status) {
      case "forbidden":
        throw forbidden(DENIED);
      case "not-found":
        return redirectWithToast(
          context,
          there,
          errorToast("Confirmation Failed", `No campaign has the reference ${reference}.`),
        );
      case "conflict":
        return redirectWithToast(
          context,
          there,
          errorToast(
            "Confirmation Failed",
            result.current === "draft"
              ? "This campaign is a draft: its advertiser has not asked to pay by bank transfer."
              : "This campaign's payment has already been confirmed (perhaps by another admin).",
          ),
        );
      case "ok":
        return redirectWithToast(context, there, {
          type: "success",
          title: "Payment Confirmed",
          description: result.funded
            ? `${formatKobo(result.campaign.budgetKobo)} for "${result.campaign.title}" is in the campaign's escrow. The campaign is now in review.`
            : `${formatKobo(result.campaign.budgetKobo)} is on the advertiser's balance: the campaign is ${CAMPAIGN_STATUS_LABELS[result.campaign.status].toLowerCase()}, so it was not funded.`,
        });
    }
  }

  if (!userId) throw data({ message: "Choose an advertiser." }, { status: 400 });

  if (intent === "restrict" || intent === "unrestrict") {
    const restrict = intent === "restrict";
    const result = await setAdvertiserRestricted(db, actor, userId, restrict);
    const failed = restrict ? "Restriction Failed" : "Unrestriction Failed";
    switch (result.status) {
      case "forbidden":
        throw forbidden(DENIED);
      case "not-found":
        return data(
          { toast: errorToast(failed, RESTRICT_ADVERTISER_REFUSALS["not-found"]) satisfies Toast },
          { status: 404 },
        );
      case "conflict":
        return data(
          {
            toast: errorToast(
              failed,
              result.restricted
                ? "This advertiser is already restricted, perhaps by another admin."
                : "This advertiser is not restricted, perhaps unrestricted by another admin.",
            ) satisfies Toast,
          },
          { status: 409 },
        );
      case "ok":
        return data({
          toast: (restrict
            ? {
                type: "success",
                title: "Advertiser Restricted",
                description: "They have been signed out and cannot sign in. Their running campaigns were not stopped.",
              }
            : {
                type: "success",
                title: "Advertiser Unrestricted",
                description: "They can sign in again.",
              }) satisfies Toast,
        });
    }
  }

  if (intent === "approve") {
    const result = await reviewAdvertiser(db, actor, userId, "approve", undefined, config.appUrl);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status !== "ok") {
      return data(
        { toast: errorToast("Approval Failed", REVIEW_ADVERTISER_REFUSALS[result.status]) satisfies Toast },
        { status: 409 },
      );
    }
    void context.services.flushMail();
    return data({
      toast: {
        type: "success",
        title: "Advertiser Approved",
        description: "The business can now create campaigns. They have been emailed.",
      } satisfies Toast,
    });
  }

  // Reject: a reason is required; a refusal reopens the dialog with what was typed.
  const reason = rejectionReason.safeParse(parsed.data.reason ?? "");
  const typed = { reason: (parsed.data.reason ?? "").slice(0, 2000), userId };
  if (!reason.success) {
    return formFailure(
      { reason: reason.error.issues[0]?.message ?? "Please give a reason for the rejection" },
      { toastTitle: "Rejection Failed", values: typed },
    );
  }
  const result = await reviewAdvertiser(db, actor, userId, "reject", reason.data, config.appUrl);
  switch (result.status) {
    case "forbidden":
      throw forbidden(DENIED);
    case "reason-required":
      return formFailure(
        { reason: REVIEW_ADVERTISER_REFUSALS["reason-required"] },
        { toastTitle: "Rejection Failed", values: typed },
      );
    case "not-found":
    case "conflict":
      return redirectWithToast(
        context,
        listUrl(query),
        errorToast("Rejection Failed", REVIEW_ADVERTISER_REFUSALS[result.status]),
      );
    case "ok":
      void context.services.flushMail();
      return redirectWithToast(context, listUrl(query), {
        type: "success",
        title: "Advertiser Rejected",
        description: "The business has been emailed the reason.",
      });
  }
}

/** A refusal (409: changed by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function Advertisers({ loaderData }: Route.ComponentProps) {
  const { query, rows, counts, page, pageCount, lookup, approving, rejecting, restricting, unrestricting } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  useToastFrom(actionData?.toast);
  useFocusAfterClose();

  const href = (changes: Partial<Query>) => {
    const next = { ...query, ...changes };
    return listHref(
      { q: next.q, status: next.status === "pending" ? undefined : next.status, page: next.page },
      LIST_PATH,
    );
  };
  const here = href({});
  const withParam = (name: "approve" | "reject" | "restrict" | "unrestrict", userId: string) => {
    const url = new URL(here, "http://x");
    url.searchParams.set(name, userId);
    return url.pathname + url.search;
  };
  const submitting = navigation.state === "submitting";
  const confirming = submitting && navigation.formData?.get("intent") === "confirm-payment";

  // A refused reject reopens its dialog with what was typed; otherwise the URL decides.
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const rejectRow = failure?.values?.userId
    ? (rows.find((r) => r.id === failure.values?.userId) ?? rejecting)
    : rejecting;

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Advertisers</h1>
        <p className="mt-1 text-sm text-gray-600">
          Approve the businesses that may run campaigns, confirm campaign payments, see what each advertiser holds, and
          restrict an account when needed.
        </p>
      </div>

      {/* Without JavaScript there is no toast: the answer to the last post is said here. */}
      {!hydrated && actionData && "toast" in actionData && actionData.toast ? (
        <p
          role="status"
          className={
            actionData.toast.type === "error"
              ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              : "rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          }
        >
          <span className="font-semibold">{actionData.toast.title}.</span> {actionData.toast.description}
        </p>
      ) : null}

      <PaymentLookup lookup={lookup} submitting={confirming} />

      {approving ? (
        <ConfirmPanel
          {...approveQuestion(approving)}
          confirmLabel="Approve"
          fields={{ intent: "approve", userId: approving.id }}
          action={here}
          cancelHref={here}
        />
      ) : null}
      {restricting ? (
        <ConfirmPanel
          {...restrictQuestion(restricting, true)}
          confirmLabel="Restrict"
          destructive
          fields={{ intent: "restrict", userId: restricting.id }}
          action={here}
          cancelHref={here}
        />
      ) : null}
      {unrestricting ? (
        <ConfirmPanel
          {...restrictQuestion(unrestricting, false)}
          confirmLabel="Unrestrict"
          fields={{ intent: "unrestrict", userId: unrestricting.id }}
          action={here}
          cancelHref={here}
        />
      ) : null}

      <section aria-labelledby="advertisers-heading" className="grid gap-4">
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
          filters={FILTERS}
          current={query.status}
          labels={FILTER_LABELS}
          counts={counts}
          hrefFor={(status) => href({ status, page: 1 })}
        />
        {rows.length === 0 ? (
          <Card>
            <p className="text-gray-700">
              {query.q
                ? "No advertisers match your search."
                : query.status === "pending"
                  ? "No advertisers are waiting for approval."
                  : "No advertisers in this list yet."}
            </p>
          </Card>
        ) : (
          <AdvertiserList
            rows={rows}
            links={{
              approveHref: (id) => withParam("approve", id),
              rejectHref: (id) => withParam("reject", id),
              restrictHref: (id) => withParam("restrict", id),
              unrestrictHref: (id) => withParam("unrestrict", id),
            }}
          />
        )}
        <ListPager
          previous={page > 1 ? href({ page: page - 1 }) : undefined}
          next={page < pageCount ? href({ page: page + 1 }) : undefined}
          summary={`Page ${page} of ${pageCount}`}
        />
      </section>

      {rejectRow ? (
        <RejectAdvertiserDialog
          key={`${rejectRow.id}:${location.key}`}
          row={rejectRow}
          reason={failure?.values?.reason ?? ""}
          errors={failure?.errors ?? {}}
          closeTo={here}
          submitting={submitting && navigation.formData?.get("intent") === "reject"}
        />
      ) : null}
    </div>
  );
}
