import { z } from "zod";
import type { Route } from "./+types/page";
import { MembershipsPage } from "~/components/memberships-admin/memberships-page";
import { RECEIVING_ACCOUNT_INTENT } from "~/components/memberships-admin/receiving-account-card";
import { UPDATE_PRICES_INTENT } from "~/components/memberships-admin/tier-prices";
import {
  APPROVE_UPGRADE_REFUSALS,
  approveUpgrade,
  type DecideUpgradeResult,
  rejectUpgrade,
} from "~/domain/memberships/process-upgrade.server";
import { ReceivingAccountSchema } from "~/domain/memberships/receiving-account-validation";
import { limitField, priceField, tierPricesSchema } from "~/domain/memberships/tier-prices-validation";
import { updateReceivingAccount } from "~/domain/memberships/update-receiving-account.server";
import { listTiers, updateTiers } from "~/domain/memberships/update-tiers.server";
import type { UpgradeStatus } from "~/domain/memberships/upgrades";
import { formatKobo } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";
import { requireFreshFactor } from "~/server/second-factor.server";

/**
 * POST /admin/memberships: Update Membership Prices, the receiving account, and Approve or
 * Reject an upgrade request (the page's data: layout.tsx beside this).
 */
const DENIED = "Access Denied.";

const DecisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  requestId: z.string().trim().min(1).max(64),
});

const failed = (description: string) => errorToast("Update Failed", description);

const DONE_AS: Record<UpgradeStatus, string> = {
  pending: "is still pending",
  approved: "has already been approved",
  rejected: "has already been rejected",
  cancelled: "was cancelled by the member",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "manage_memberships", DENIED);
  await requireFreshFactor(request, context);
  const actor = actorFrom(admin, context);
  const { db } = context.services;
  const values = await readForm(request);

  if (values.intent === UPDATE_PRICES_INTENT) {
    const tiers = await listTiers(db);
    const fields = tiers.flatMap((t) => [priceField(t.id), limitField(t.id)]);
    const failure = { toastTitle: "Update Failed", values: echoValues(values, ["intent", ...fields]) };
    const parsed = parseForm(tierPricesSchema(tiers), values, failure);
    if (parsed.status !== "ok") return parsed.failure;
    const result = await updateTiers(db, actor, parsed.data);
    if (result.status === "forbidden") throw forbidden(DENIED);
    // The domain checks the ladder again on the locked tiers (another admin may have just saved).
    if (result.status === "invalid") return formFailure(result.errors, failure);
    return actionAnswer({
      type: "success",
      title: "Prices Updated",
      description: result.changed
        ? "Membership prices and daily advert limits have been updated. Open upgrade requests keep the price they were made at."
        : "Nothing changed: the prices and limits were already these.",
    });
  }

  if (values.intent === RECEIVING_ACCOUNT_INTENT) {
    const failure = {
      toastTitle: "Update Failed",
      values: echoValues(values, ["intent", "bankCode", "accountNumber", "accountName"]),
    };
    const parsed = parseForm(ReceivingAccountSchema, values, failure);
    if (parsed.status !== "ok") return parsed.failure;
    const result = await updateReceivingAccount(db, actor, parsed.data);
    if (result.status === "forbidden") throw forbidden(DENIED);
    if (result.status === "invalid") return formFailure(result.errors, failure);
    const { bankName, accountNumber, accountName } = result.account;
    const url = new URL(request.url);
    return redirectWithToast(context, url.pathname + url.search, {
      type: "success",
      title: "Receiving Account Updated",
      description: `Members paying by bank transfer will pay into ${accountName}, ${bankName} ${accountNumber}.`,
    });
  }

  const decision = DecisionSchema.safeParse(values);
  if (!decision.success) {
    return actionAnswer(failed("Could not update the upgrade request."));
  }
  const { intent, requestId } = decision.data;
  if (intent === "reject") {
    const result = await rejectUpgrade(db, actor, requestId);
    if (result.status !== "ok") return refusal(result, intent);
    void context.services.flushMail();
    return actionAnswer({
      type: "success",
      title: "Upgrade Rejected",
      description: "The membership upgrade request has been rejected.",
    });
  }
  const result = await approveUpgrade(db, actor, requestId);
  if (result.status === "own-referral") {
    return actionAnswer(failed(APPROVE_UPGRADE_REFUSALS[result.status]), { status: 403, intent });
  }
  if (result.status === "paid-online") {
    return actionAnswer(failed(APPROVE_UPGRADE_REFUSALS[result.status]), { status: 409, intent });
  }
  if (result.status !== "ok") return refusal(result, intent);
  void context.services.flushMail();
  const { request: upgrade, referral } = result;
  const tier = (await listTiers(db)).find((t) => t.id === upgrade.tierId);
  const reward = referral.status === "paid" ? ` The referrer has been paid ${formatKobo(referral.rewardKobo)}.` : "";
  return actionAnswer({
    type: "success",
    title: "Upgrade Approved",
    description: `The membership upgrade request has been approved: the member is now on ${tier?.name ?? upgrade.tierId} (${upgrade.reference}, ${formatKobo(upgrade.priceKobo)}).${reward}`,
  });
}

/** A decision refused: forbidden (403), gone (404), or already decided by someone else (409). */
function refusal(result: Exclude<DecideUpgradeResult, { status: "ok" }>, intent: "approve" | "reject") {
  if (result.status === "forbidden") throw forbidden(DENIED);
  if (result.status === "not-found") {
    return actionAnswer(failed("This upgrade request no longer exists."), { status: 404, intent });
  }
  // Another admin (or the member, cancelling) got there first: nothing changed here.
  const verb = intent === "approve" ? "approved" : "rejected";
  return actionAnswer(
    failed(`This upgrade request ${DONE_AS[result.current]}, so it cannot be ${verb}. The list has been refreshed.`),
    { status: 409, intent },
  );
}

/** /admin/memberships: the page; the benefits form posts to /admin/memberships/benefits. */
export default function ManageMemberships({ actionData }: Route.ComponentProps) {
  return <MembershipsPage actionData={actionData} />;
}
