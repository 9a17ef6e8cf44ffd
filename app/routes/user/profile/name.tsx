import type { Route } from "./+types/name";
import { ProfilePage } from "~/components/profile/profile-page";
import { updateProfileName } from "~/domain/accounts/update-profile.server";
import { ProfileNameSchema } from "~/domain/accounts/validation";
import { requireUser } from "~/server/auth.server";
import { readForm, safeValues, zodFailure } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

/** POST /profile/name: the profile's Edit name form. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const parsed = ProfileNameSchema.safeParse(values);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? "Check the form and try again.";
    return zodFailure(parsed.error, {
      toast: { type: "error", title: "Update Failed", description: first },
      values: safeValues(values, ["name"]),
    });
  }
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
