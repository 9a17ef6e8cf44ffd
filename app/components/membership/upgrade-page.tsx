import { Link, useRouteLoaderData } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { FormError } from "~/components/ui/form-error";
import { useToastFrom } from "~/components/ui/toaster";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { UPGRADE_PRICE_TEXT, type UpgradeView } from "~/domain/memberships/upgrade-view";
import type { FormFailure } from "~/lib/forms";
import { PendingUpgrade } from "./pending-upgrade";
import { UpgradeForm } from "./upgrade-form";

const MEMBERSHIP_ROUTE_ID = "routes/user/membership/layout";

/** Why an account cannot upgrade yet (the server refuses it too). */
export const NOT_APPROVED_TEXT = "Your account must be approved before you can upgrade your membership.";

/**
 * /membership/upgrade: the Membership Upgrade form as a page (the dashboard's dialog without
 * JavaScript), or the pending request with its cancel form. `rendered`: a refusal the server
 * rendered for a form posted without JavaScript.
 */
export function UpgradePage({ rendered }: { rendered?: { form: "request" | "cancel"; failure: FormFailure } }) {
  const view = useRouteLoaderData(MEMBERSHIP_ROUTE_ID) as UpgradeView;
  useToastFrom(rendered?.failure.toast);
  // The request form shows its own errors; when it is not on the page (a request is pending, or
  // the account is not approved) the refusal shows above what is.
  const formShown = !view.pending && view.canRequest;
  const pageError = rendered && (rendered.form === "cancel" || !formShown) ? rendered.failure.errors.form : undefined;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="text-2xl font-bold">Membership Upgrade</h1>
      <p className="text-gray-700">
        You are on <span className="font-medium text-gray-900">{view.currentTier.name}</span> (
        {view.currentTier.dailyAdViews} adverts a day). Available balance:{" "}
        <span className="font-medium tabular-nums text-gray-900">{view.available}</span>.
      </p>
      <FormError message={pageError} />
      {view.pending ? (
        <div id="cancel">
          <PendingUpgrade pending={view.pending} account={view.receivingAccount} plainCancel />
        </div>
      ) : !view.canRequest ? (
        <Card>
          <p className="text-sm text-gray-800">{NOT_APPROVED_TEXT}</p>
        </Card>
      ) : (
        <Card>
          <CardTitle>Choose a higher tier</CardTitle>
          <p className="mt-1 text-sm text-gray-600">{UPGRADE_PRICE_TEXT}</p>
          <div className="mt-4">
            <UpgradeForm
              view={view}
              rendered={rendered?.form === "request" ? rendered.failure : undefined}
              cancel={
                <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
                  Cancel
                </Link>
              }
            />
          </div>
        </Card>
      )}
    </div>
  );
}
