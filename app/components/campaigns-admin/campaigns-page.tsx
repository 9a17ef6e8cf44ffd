import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { ListFilters } from "~/components/admin/list-controls";
import { ConfirmPanel } from "~/components/confirm-action";
import { useToastFrom } from "~/components/ui/toaster";
import { ToastWithoutScript } from "~/components/ui/toast-without-script";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import {
  ADMIN_CAMPAIGN_FILTERS,
  REJECTION_REASON_MAX,
  type AdminCampaignFilter,
} from "~/domain/campaigns/review-validation";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { CampaignList } from "./campaign-list";
import { activateQuestion, type CampaignDecisions, type CampaignReviewView } from "./campaign-review-card";
import { CAMPAIGN_FILTER_LABELS, CAMPAIGN_FORM_ACTIONS, campaignsHref } from "./campaigns-query";
import { PaymentLookup, type PaymentLookupView } from "./payment-lookup";
import { RejectCampaignDialog } from "./reject-campaign-dialog";

/** The Campaigns loader's data (app/routes/admin/campaigns/layout.tsx). */
export type CampaignsData = {
  /** The list shown: its filter and (clamped) page. */
  list: { status: AdminCampaignFilter; page: number; pageCount: number };
  counts: Record<AdminCampaignFilter, number>;
  campaigns: CampaignReviewView[];
  /** The campaign whose reject dialog is open (a running one stops at once). */
  rejecting: CampaignReviewView | null;
  /** The campaign in review whose activation is asked on the page (before JavaScript has loaded). */
  activating: CampaignReviewView | null;
  lookup: PaymentLookupView | null;
};

const CAMPAIGNS_ROUTE_ID = "routes/admin/campaigns/layout";

/**
 * Campaign administration in one place: confirm a bank transfer by its reference, then review
 * the campaigns (activate, reject, or stop and reject a running one). Rendered by /admin/campaigns
 * and by each decision form's route, which passes its answer (`answer`) for the page to show.
 */
export function CampaignsPage({ answer }: { answer?: ActionAnswer | FormFailure }) {
  const { list, counts, campaigns, rejecting, activating, lookup } = useRouteLoaderData(
    CAMPAIGNS_ROUTE_ID,
  ) as CampaignsData;
  const navigation = useNavigation();
  const location = useLocation();
  useToastFrom(answer?.toast);
  useFocusAfterClose();

  const rejectFailure = answer && "errors" in answer ? answer : undefined;
  const posting = (action: string) =>
    navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action;
  const decisions: CampaignDecisions = {
    activateAction: campaignsHref(list, {}, CAMPAIGN_FORM_ACTIONS.activate),
    activateHref: (id) => campaignsHref(list, { activate: id }),
    rejectHref: (id) => campaignsHref(list, { reject: id }),
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Campaigns</h1>
        <p className="mt-1 text-sm text-gray-600">
          Advertisers&apos; campaigns: activate a paid one after checking its content, or reject it with a reason (a
          paid one&apos;s budget returns to the advertiser).
        </p>
      </div>

      <ToastWithoutScript toast={answer?.toast} />

      {activating ? (
        <ConfirmPanel
          {...activateQuestion(activating)}
          confirmLabel="Activate"
          fields={{ campaignId: activating.id }}
          action={decisions.activateAction}
          cancelHref={campaignsHref(list)}
        />
      ) : null}

      <PaymentLookup lookup={lookup} submitting={posting(CAMPAIGN_FORM_ACTIONS.confirmPayment)} />

      <div className="grid grid-cols-1 gap-4">
        <ListFilters
          label="Campaign status"
          filters={ADMIN_CAMPAIGN_FILTERS}
          current={list.status}
          labels={CAMPAIGN_FILTER_LABELS}
          counts={counts}
          hrefFor={(status) => campaignsHref({ status, page: 1 })}
        />
        <CampaignList
          campaigns={campaigns}
          empty={
            list.page > 1
              ? "No campaigns on this page."
              : `No campaigns ${CAMPAIGN_FILTER_LABELS[list.status].toLowerCase()} right now.`
          }
          decisions={decisions}
          page={list.page}
          pageCount={list.pageCount}
          pageHref={(page) => campaignsHref({ status: list.status, page })}
        />
      </div>

      {rejecting ? (
        <RejectCampaignDialog
          key={`${rejecting.id}:${location.key}`}
          campaign={rejecting}
          reason={rejectFailure?.values?.reason ?? ""}
          error={rejectFailure?.errors.reason}
          formError={rejectFailure?.errors.form ?? rejectFailure?.errors.campaignId}
          action={campaignsHref(list, { reject: rejecting.id }, CAMPAIGN_FORM_ACTIONS.reject)}
          closeTo={campaignsHref(list)}
          submitting={posting(CAMPAIGN_FORM_ACTIONS.reject)}
          maxLength={REJECTION_REASON_MAX}
        />
      ) : null}
    </div>
  );
}
