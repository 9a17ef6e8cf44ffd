import type { Route } from "./+types/withdrawals";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { formatBps } from "~/domain/shared/percentage";
import { updateWithdrawalLimits } from "~/domain/settings/update-payout-settings.server";
import { WithdrawalLimitsSchema } from "~/domain/settings/withdrawal-limits-validation";
import { formatKobo } from "~/domain/shared/money";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /admin/settings/withdrawals: the withdrawal minimum, members' and advertisers' maximums, and the fee. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  await requireFreshFactor(request, context);
  const values = await readForm(request);
  const parsed = parseForm(WithdrawalLimitsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["minWithdrawal", "maxWithdrawal", "advertiserMaxWithdrawal", "withdrawalFee"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateWithdrawalLimits(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  const limits = parsed.data;
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `Withdrawals: from ${formatKobo(limits.minWithdrawalKobo)} to ${formatKobo(limits.maxWithdrawalKobo)} for members and ${formatKobo(limits.advertiserMaxWithdrawalKobo)} for advertisers, with a fee of ${formatBps(limits.withdrawalFeeBps)}.`,
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsWithdrawals({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "withdrawal-limits", failure: actionData }} />;
}
