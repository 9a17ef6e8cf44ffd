import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { ListFilters } from "~/components/admin/list-controls";
import { Card, CardTitle } from "~/components/ui/card";
import { ToastWithoutScript } from "~/components/ui/toast-without-script";
import { useToastFrom } from "~/components/ui/toaster";
import { useFocusAfterClose } from "~/components/ui/url-dialog";
import { resolveParam } from "~/domain/payments/disagreements";
import type { ActionAnswer, FormFailure } from "~/lib/forms";
import { DisagreementList, type DisagreementRow } from "./disagreement-list";
import type { DisputeView } from "~/domain/payments/dispute-view";
import { DisputeList } from "./dispute-list";
import { MoneyAtProvider, type MoneyAtProviderView } from "./money-at-provider";
import {
  RECONCILIATION_VIEW_LABELS,
  RECONCILIATION_VIEWS,
  reconciliationHref,
  REFUND_ACTION,
  RESOLVE_ACTION,
  type ReconciliationView,
} from "./reconciliation-query";
import { RefundPaymentDialog } from "./refund-payment-dialog";
import { ResolveDisagreementDialog } from "./resolve-disagreement-dialog";
import { ResolvedList, type ResolvedRow } from "./resolved-list";

/** The reconciliation loader's data (app/routes/admin/reconciliation/layout.tsx). */
export type ReconciliationData = {
  providerOn: boolean;
  money: MoneyAtProviderView;
  /** The list shown and, for Resolved, its (clamped) page. */
  list: { view: ReconciliationView; page: number; pageCount: number };
  counts: Record<ReconciliationView, number>;
  /** The open entries (when the list shown is To look into). */
  open: DisagreementRow[];
  /** The resolved entries of the page (when the list shown is Resolved). */
  resolved: ResolvedRow[];
  /** The open entry whose Mark resolved dialog is open. */
  resolving: DisagreementRow | null;
  /** The held payment whose Refund dialog is open. */
  refunding: DisagreementRow | null;
  /** The provider's card disputes, open ones first. */
  disputes: DisputeView[];
};

const RECONCILIATION_ROUTE_ID = "routes/admin/reconciliation/layout";

/**
 * What Paystack and the ledger disagree on, the money at Paystack, and what admins marked
 * resolved. Rendered by /admin/reconciliation and by the Mark resolved form's route, which passes
 * its answer (`answer`) for the page to show.
 */
export function ReconciliationPage({ answer }: { answer?: ActionAnswer | FormFailure }) {
  const { providerOn, money, list, counts, open, resolved, resolving, refunding, disputes } = useRouteLoaderData(
    RECONCILIATION_ROUTE_ID,
  ) as ReconciliationData;
  const navigation = useNavigation();
  const location = useLocation();
  useToastFrom(answer?.toast);
  useFocusAfterClose();
  const failure = answer && "errors" in answer ? answer : undefined;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Reconciliation</h1>
        <p className="mt-1 text-sm text-gray-600">
          Payments and transfers through Paystack that the ledger and Paystack disagree on, and what to do. Times are
          Lagos time.
        </p>
      </div>
      <ToastWithoutScript toast={answer?.toast} />
      {!providerOn && (
        <p role="status" className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
          Online payments are off (no Paystack key is set): money comes in by bank transfer and goes out in payout
          files. Anything listed below is from when they were on.
        </p>
      )}
      <MoneyAtProvider money={money} />
      <Card aria-labelledby="disagreements-title" className="grid gap-4">
        <CardTitle id="disagreements-title">Disagreements with Paystack</CardTitle>
        <ListFilters
          label="Reconciliation entries"
          filters={RECONCILIATION_VIEWS}
          current={list.view}
          labels={RECONCILIATION_VIEW_LABELS}
          counts={counts}
          hrefFor={(view) => reconciliationHref({ view, page: 1 })}
        />
        {list.view === "open" ? (
          <DisagreementList rows={open} />
        ) : (
          <ResolvedList
            rows={resolved}
            page={list.page}
            pageCount={list.pageCount}
            pageHref={(page) => reconciliationHref({ view: "resolved", page })}
          />
        )}
      </Card>
      <Card aria-labelledby="disputes-title" className="grid gap-4">
        <CardTitle id="disputes-title">Card disputes</CardTitle>
        <p className="text-sm text-gray-600">
          A payer asked their bank for a payment back. Answer each in the Paystack dashboard before its evidence is due;
          a dispute lost is booked as a loss and the payer&apos;s account is held for review.
        </p>
        <DisputeList rows={disputes} />
      </Card>
      {refunding ? (
        <RefundPaymentDialog
          key={`refund:${refunding.key}:${location.key}`}
          row={refunding}
          reason={failure?.values?.reason ?? ""}
          error={failure?.errors.reason}
          formError={failure?.errors.form ?? failure?.errors.reference}
          action={reconciliationHref(list, { refund: refunding.key }, REFUND_ACTION)}
          closeTo={reconciliationHref(list)}
          submitting={navigation.state === "submitting" && navigation.formAction?.split("?")[0] === REFUND_ACTION}
        />
      ) : null}
      {resolving ? (
        <ResolveDisagreementDialog
          key={`${resolveParam(resolving)}:${location.key}`}
          row={resolving}
          note={failure?.values?.note ?? ""}
          error={failure?.errors.note}
          formError={failure?.errors.form ?? failure?.errors.kind ?? failure?.errors.key}
          action={reconciliationHref(list, { resolve: resolveParam(resolving) }, RESOLVE_ACTION)}
          closeTo={reconciliationHref(list)}
          submitting={navigation.state === "submitting" && navigation.formAction?.split("?")[0] === RESOLVE_ACTION}
        />
      ) : null}
    </div>
  );
}
