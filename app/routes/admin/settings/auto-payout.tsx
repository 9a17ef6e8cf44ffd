import type { Route } from "./+types/auto-payout";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { AutoPayoutSchema } from "~/domain/settings/auto-payout-validation";
import { updateAutoPayout } from "~/domain/settings/update-app-settings.server";
import { formatKobo } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /admin/settings/auto-payout: "Pay withdrawals automatically up to" (empty: off). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  await requireFreshFactor(request, context);
  const values = await readForm(request);
  const parsed = parseForm(AutoPayoutSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["autoPayoutMax", "autoPayoutDailyMax", "bankChangeHoldHours", "minAccountAgeDays"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateAutoPayout(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  const saved = parsed.data;
  const max = saved.autoPayoutMaxKobo;
  const providerOff = context.services.paymentProvider ? "" : " Paystack is not turned on, so this applies once it is.";
  const daily =
    saved.autoPayoutDailyMaxKobo === null
      ? " There is no daily total."
      : ` At most ${formatKobo(saved.autoPayoutDailyMaxKobo)} a day in all.`;
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description:
      (max === null
        ? "Automatic payouts are off: every withdrawal waits for an admin."
        : `Withdrawals up to ${formatKobo(max)} by approved members not held for review are paid by transfer as soon as they are requested.` +
          daily) + providerOff,
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsAutoPayout({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "auto-payout", failure: actionData }} />;
}
