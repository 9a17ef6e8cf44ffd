import type { Route } from "./+types/bank-details";
import { ProfilePage } from "~/components/profile/profile-page";
import { forbidden, requireMemberOrStaff } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerBankDetailsForm } from "~/server/payout-forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /profile/bank-details: a member's payout account, behind the current password. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  if (user.role !== "user") throw forbidden();
  await requireFreshFactor(request, context);
  return answerBankDetailsForm(context, user, await readForm(request), "/profile");
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfileBankDetails({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "bank-details", failure: actionData }} />;
}
