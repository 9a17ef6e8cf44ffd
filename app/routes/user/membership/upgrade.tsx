import { z } from "zod";
import type { Route } from "./+types/upgrade";
import { UpgradePage } from "~/components/membership/upgrade-page";
import { pendingUpgradeOf } from "~/domain/memberships/list-upgrades.server";
import {
  PENDING_UPGRADE_TITLE,
  UPGRADE_REQUEST_REFUSALS,
  requestUpgrade,
} from "~/domain/memberships/request-upgrade.server";
import { UPGRADE_METHODS } from "~/domain/memberships/upgrades";
import { formatKobo } from "~/domain/shared/money";
import { errorToast } from "~/lib/toast";
import { requireMember } from "~/server/auth.server";
import { upgradeCheckout } from "~/server/online-payments.server";
import { echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** The Membership Upgrade form: a tier and a way to pay. */
const UpgradeSchema = z.object({
  tierId: z.string({ error: "Choose a tier." }).trim().min(1, "Choose a tier.").max(100, "Choose a tier."),
  method: z.enum(UPGRADE_METHODS, { error: "Choose how to pay." }),
});

const FAILED = "Upgrade Failed";

/**
 * POST /membership/upgrade: Confirm Upgrade (paid online: on to Paystack's checkout). A resubmit of the same form (double tap, retry) is
 * answered "Request Pending": one pending request per member, whatever the timing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const values = await readForm(request);
  const echo = echoValues(values, ["tierId", "method"]);
  const parsed = parseForm(UpgradeSchema, values, { values: echo, toastTitle: FAILED });
  if (parsed.status !== "ok") return parsed.failure;
  const db = context.services.db;
  const online = Boolean(context.services.paymentProvider);
  const result = await requestUpgrade(db, { userId: user.id, ...parsed.data, onlinePayments: online });
  const refuse = (field: string, message: string, title = FAILED, status = 400) =>
    formFailure({ [field]: message }, { toast: errorToast(title, message), values: echo, status });
  switch (result.status) {
    case "ok": {
      // Paid online: straight on to Paystack's checkout (a 302; the request is stored whatever happens).
      if (result.request.method === "online") return upgradeCheckout(context, user.id, result.request.id);
      const pending = await pendingUpgradeOf(db, user.id);
      const tier = pending?.tierName ?? "your new tier";
      const amount = formatKobo(result.request.priceKobo);
      return redirectWithToast(context, "/dashboard", {
        type: "success",
        title: "Upgrade Requested",
        description:
          result.request.method === "balance"
            ? `Your request to upgrade to ${tier} has been submitted. ${amount} is held from your balance until an admin approves it.`
            : `Your request to upgrade to ${tier} has been submitted. Pay ${amount} by bank transfer with the reference ${result.request.reference}.`,
      });
    }
    case "pending-exists":
      return refuse("form", UPGRADE_REQUEST_REFUSALS["pending-exists"], PENDING_UPGRADE_TITLE, 409);
    case "insufficient-funds": {
      const message = `Your available balance of ${formatKobo(result.availableKobo)} does not cover ${formatKobo(result.priceKobo)}.`;
      return formFailure(
        { method: message },
        { toast: errorToast("Insufficient Funds", UPGRADE_REQUEST_REFUSALS["insufficient-funds"]), values: echo },
      );
    }
    case "unknown-tier":
    case "not-higher-tier":
      return refuse("tierId", UPGRADE_REQUEST_REFUSALS[result.status]);
    case "no-receiving-account":
    case "online-unavailable":
      return refuse("method", UPGRADE_REQUEST_REFUSALS[result.status]);
    case "not-approved":
    case "not-allowed":
      return refuse("form", UPGRADE_REQUEST_REFUSALS[result.status], FAILED, 403);
  }
}

/** The upgrade page, with this form's refusal when it was posted without JavaScript. */
export default function MembershipUpgrade({ actionData }: Route.ComponentProps) {
  return <UpgradePage rendered={actionData && { form: "request", failure: actionData }} />;
}
