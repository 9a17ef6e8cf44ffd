import type { Route } from "./+types/support";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { SupportChannelsSchema } from "~/domain/settings/support-channels-validation";
import { updateSupportChannels } from "~/domain/settings/update-payout-settings.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/settings/support: the support email, phone and WhatsApp number, and the payout schedule. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(SupportChannelsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["supportEmail", "supportPhone", "supportWhatsapp", "payoutSchedule"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateSupportChannels(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: "The support channels and payout schedule have been updated.",
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsSupport({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "support", failure: actionData }} />;
}
