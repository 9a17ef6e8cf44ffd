import type { Route } from "./+types/branding";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { updateBranding } from "~/domain/settings/update-app-settings.server";
import { brandingSchema } from "~/domain/settings/validation";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/settings/branding: the application's name and logo. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(brandingSchema(context.services.config.appUrl), values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["appName", "logoUrl"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateBranding(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: "Application settings have been updated.",
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsBranding({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "branding", failure: actionData }} />;
}
