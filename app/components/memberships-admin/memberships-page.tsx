import { useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import { ToastWithoutScript } from "~/components/ui/toast-without-script";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { SavedReceivingAccount } from "./receiving-account-card";
import { RECEIVING_ACCOUNT_INTENT, ReceivingAccountCard } from "./receiving-account-card";
import { TierBenefitsCard, type RenderedBenefitsFailure } from "./tier-benefits-card";
import { TierList } from "./tier-list";
import { UPDATE_PRICES_INTENT, UpdatePricesDialog, UpdatePricesForm } from "./tier-prices";
import type { AdminTierRow, AdminUpgradeRow } from "./types";
import { UpgradeRequests } from "./upgrade-requests";
import { listHref } from "~/domain/shared/paging";
import type { ActionAnswer, FormFailure } from "~/lib/forms";

/** The memberships loader's data (app/routes/admin/memberships/layout.tsx). */
export type MembershipsData = {
  query: { q: string; page: number };
  tiers: AdminTierRow[];
  receivingAccount: SavedReceivingAccount | null;
  rows: AdminUpgradeRow[];
  total: number;
  page: number;
  pageCount: number;
};

const MEMBERSHIPS_ROUTE_ID = "routes/admin/memberships/layout";

/** Where the page's own forms post (prices, receiving account, decisions), whichever route renders it. */
const PAGE_ACTION = "/admin/memberships";

/**
 * Manage Memberships, rendered by /admin/memberships (with its action's answer, `actionData`)
 * and by /admin/memberships/benefits (with the benefits form's refusal when it was posted without
 * JavaScript, `rendered`).
 */
export function MembershipsPage({
  actionData,
  rendered,
}: {
  actionData?: ActionAnswer | FormFailure;
  rendered?: RenderedBenefitsFailure;
}) {
  const { query, tiers, receivingAccount, rows, total, page, pageCount } = useRouteLoaderData(
    MEMBERSHIPS_ROUTE_ID,
  ) as MembershipsData;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const location = useLocation();
  // The page's forms keep the list's search when the page is its own route; from the benefits route, none.
  const action = PAGE_ACTION + (location.pathname === PAGE_ACTION ? location.search : "");
  useToastFrom(actionData?.toast ?? rendered?.failure.toast);
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const failedForm = failure?.values?.intent;
  const submittingAccount =
    navigation.state === "submitting" && navigation.formData?.get("intent") === RECEIVING_ACCOUNT_INTENT;
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">Manage Memberships</h1>
        {hydrated ? <UpdatePricesDialog tiers={tiers} action={action} /> : null}
      </div>
      <ToastWithoutScript toast={actionData?.toast ?? rendered?.failure.toast} />
      <section aria-labelledby="tiers-heading" className="grid gap-3">
        <h2 id="tiers-heading" className="text-xl font-bold">
          Membership Tiers
        </h2>
        <TierList tiers={tiers} />
      </section>
      {hydrated ? null : (
        <UpdatePricesForm
          tiers={tiers}
          action={action}
          errors={failedForm === UPDATE_PRICES_INTENT ? failure!.errors : {}}
          values={failedForm === UPDATE_PRICES_INTENT ? failure!.values : undefined}
        />
      )}
      <TierBenefitsCard tiers={tiers} rendered={rendered} />
      <ReceivingAccountCard
        saved={receivingAccount}
        action={action}
        errors={failedForm === RECEIVING_ACCOUNT_INTENT ? failure!.errors : {}}
        values={failedForm === RECEIVING_ACCOUNT_INTENT ? failure!.values : undefined}
        submitting={submittingAccount}
      />
      <UpgradeRequests
        q={query.q}
        rows={rows}
        total={total}
        page={page}
        pageCount={pageCount}
        action={action}
        hrefFor={(page) => listHref({ q: query.q, page })}
      />
    </div>
  );
}
