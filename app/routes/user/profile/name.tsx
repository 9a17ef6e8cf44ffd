import type { Route } from "./+types/name";
import { ProfilePage } from "~/components/profile/profile-page";
import { updateProfileName } from "~/domain/accounts/update-profile.server";
import { ProfileNameSchema, StaffProfileNameSchema } from "~/domain/accounts/validation";
import { isStaff } from "~/domain/permissions/permissions";
import { requireMemberOrStaff } from "~/server/auth.server";
import { echoValues, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /profile/name: the profile's Edit name form. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  const values = await readForm(request);
  // Members may not pose as staff by name; staff may say what they are.
  const parsed = parseForm(isStaff(user.role) ? StaffProfileNameSchema : ProfileNameSchema, values, {
    toastTitle: "Update Failed",
    values: echoValues(values, ["name"]),
  });
  if (parsed.status !== "ok") return parsed.failure;
  await updateProfileName(context.services.db, user.id, parsed.data.name);
  return redirectWithToast(context, "/profile", {
    type: "success",
    title: "Profile Updated",
    description: "User profile has been updated.",
  });
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfileName({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "name", failure: actionData }} />;
}
