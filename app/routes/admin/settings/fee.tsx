import type { Route } from "./+types/fee";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { formatBps } from "~/domain/shared/percentage";
import { CampaignFeeSchema } from "~/domain/settings/campaign-fee-validation";
import { updateCampaignFee } from "~/domain/settings/update-app-settings.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/settings/fee: the platform's fee on new campaigns, as a share of each view's reward. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(CampaignFeeSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["campaignFee"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateCampaignFee(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `New campaigns pay a platform fee of ${formatBps(parsed.data.campaignFeeBps)} of each view's reward. Existing campaigns keep their fee.`,
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsFee({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "campaign-fee", failure: actionData }} />;
}
