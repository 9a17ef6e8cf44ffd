import { type ShouldRevalidateFunctionArgs, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/memberships";
import { useHydrated } from "~/components/ui/use-hydrated";
import { RECEIVING_ACCOUNT_INTENT, ReceivingAccountCard } from "~/components/memberships-admin/receiving-account-card";
import { TierList } from "~/components/memberships-admin/tier-list";
import { UPDATE_PRICES_INTENT, UpdatePricesDialog, UpdatePricesForm } from "~/components/memberships-admin/tier-prices";
import type { AdminTierRow, AdminUpgradeRow } from "~/components/memberships-admin/types";
import { UpgradeRequests } from "~/components/memberships-admin/upgrade-requests";
import { useToastFrom } from "~/components/toaster";
import { ToastWithoutScript } from "~/components/ui/toast-without-script";
import { listPendingUpgrades } from "~/domain/memberships/list-upgrades.server";
import {
  APPROVE_UPGRADE_REFUSALS,
  approveUpgrade,
  type DecideUpgradeResult,
  rejectUpgrade,
} from "~/domain/memberships/process-upgrade.server";
import { receivingAccountOf } from "~/domain/memberships/receiving-account";
import { ReceivingAccountSchema } from "~/domain/memberships/receiving-account-validation";
import { isFreeTier, limitField, priceField, tierPricesSchema } from "~/domain/memberships/tier-prices-validation";
import { updateReceivingAccount } from "~/domain/memberships/update-receiving-account.server";
import { listTiers, updateTiers } from "~/domain/memberships/update-tiers.server";
import type { UpgradeStatus } from "~/domain/memberships/upgrades";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { listHref, pageParam } from "~/domain/shared/paging";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { errorToast } from "~/lib/toast";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Manage Memberships");

const DENIED = "Access Denied.";

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_memberships", DENIED);
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { db } = context.services;
  const [tiers, settings, list] = await Promise.all([
    listTiers(db),
    getAppSettings(db),
    listPendingUpgrades(db, { search: query.q || undefined, page: query.page }),
  ]);
  const tierRows: AdminTierRow[] = tiers.map((t) => ({
    id: t.id,
    name: t.name,
    rank: t.rank,
    free: isFreeTier(tiers, t.id),
    price: formatKobo(t.priceKobo),
    priceDecimal: koboToDecimal(t.priceKobo),
    dailyAdViews: t.dailyAdViews,
    benefits: t.benefits,
  }));
  const rows: AdminUpgradeRow[] = list.rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    userId: r.userId,
    userName: r.userName,
    userEmail: r.userEmail,
    userDisplayId: r.userDisplayId,
    tierName: r.tierName,
    fromTierName: r.fromTierName,
    amount: formatKobo(r.priceKobo),
    method: r.method,
    heldReason: r.heldReason,
    requestedAt: r.createdAt.toISOString(),
    requestedAtText: formatLagosDateTime(r.createdAt),
  }));
  return {
    query,
    tiers: tierRows,
    receivingAccount: receivingAccountOf(settings),
    rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
  };
}

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

/** A refusal (409: decided by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function ManageMemberships({ loaderData }: Route.ComponentProps) {
  const { query, tiers, receivingAccount, rows, total, page, pageCount } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  useToastFrom(actionData?.toast);
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const failedForm = failure?.values?.intent;
  const submittingAccount =
    navigation.state === "submitting" && navigation.formData?.get("intent") === RECEIVING_ACCOUNT_INTENT;
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold">Manage Memberships</h1>
        {hydrated ? <UpdatePricesDialog tiers={tiers} /> : null}
      </div>
      <ToastWithoutScript toast={actionData?.toast} />
      <section aria-labelledby="tiers-heading" className="grid gap-3">
        <h2 id="tiers-heading" className="text-xl font-bold">
          Membership Tiers
        </h2>
        <TierList tiers={tiers} />
      </section>
      {hydrated ? null : (
        <UpdatePricesForm
          tiers={tiers}
          errors={failedForm === UPDATE_PRICES_INTENT ? failure!.errors : {}}
          values={failedForm === UPDATE_PRICES_INTENT ? failure!.values : undefined}
        />
      )}
      <ReceivingAccountCard
        saved={receivingAccount}
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
        hrefFor={(page) => listHref({ q: query.q, page })}
      />
    </div>
  );
}
