import type { Route } from "./+types/linked-accounts";
import { SettingsPage } from "~/components/settings-admin/settings-page";
import { LinkedAccountsSchema } from "~/domain/settings/linked-accounts-validation";
import { updateLinkedAccounts } from "~/domain/settings/update-app-settings.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /admin/settings/linked-accounts: accounts allowed per device and per bank account. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_settings", "Access Denied.");
  const values = await readForm(request);
  const parsed = parseForm(LinkedAccountsSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["accountsPerDevice", "accountsPerBankAccount"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await updateLinkedAccounts(context.services.db, actorFrom(user, context), parsed.data);
  if (result.status === "forbidden") throw forbidden("Access Denied.");
  const { accountsPerDevice, accountsPerBankAccount } = parsed.data;
  return redirectWithToast(context, "/admin/settings", {
    type: "success",
    title: "Settings Updated",
    description: `Accounts beyond ${accountsPerDevice} per device or ${accountsPerBankAccount} per bank account are held for review.`,
  });
}

/** The settings page, with this form's refusal when it was posted without JavaScript. */
export default function SettingsLinkedAccounts({ actionData }: Route.ComponentProps) {
  return <SettingsPage rendered={actionData && { form: "linked-accounts", failure: actionData }} />;
}
