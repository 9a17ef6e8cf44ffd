import type { Route } from "./+types/settings";
import { ReferralsAdminPage } from "~/components/referrals-admin/referrals-page";
import { REFERRAL_SETTINGS_FIELDS } from "~/components/referrals-admin/settings-form";
import { ReferralSettingsSchema } from "~/domain/referrals/referral-settings-validation";
import { updateReferralSettings } from "~/domain/referrals/update-referral-settings.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/referrals/settings: the referral reward form (on, fixed or percentage, the amount). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(ReferralSettingsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, REFERRAL_SETTINGS_FIELDS),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateReferralSettings(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  return redirectWithToast(context, "/admin/referrals", {
    type: "success",
    title: "Success",
    description: "Referral settings updated.",
  });
}

/** The referral page (also what a GET here shows: it changes nothing), with the form's refusal. */
export default function ReferralSettings({ actionData }: Route.ComponentProps) {
  return <ReferralsAdminPage failure={actionData} />;
}
