import type { Route } from "./+types/limits";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { AdvertMoneyLimitsSchema } from "~/domain/settings/advert-money-limits-validation";
import { updateAdvertMoneyLimits } from "~/domain/settings/update-app-settings.server";
import { formatKobo } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /admin/settings/limits: the most one advert may pay, per click and in all. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  await requireFreshFactor(request, context);
  const values = await readForm(request);
  const parsed = parseForm(AdvertMoneyLimitsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["maxAdvertReward", "maxAdvertBudget"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateAdvertMoneyLimits(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  const { maxAdvertRewardKobo, maxAdvertBudgetKobo } = parsed.data;
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `Adverts can now pay at most ${formatKobo(maxAdvertRewardKobo)} per click and ${formatKobo(maxAdvertBudgetKobo)} in all.`,
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsLimits({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "advert-limits", failure: actionData }} />;
}
