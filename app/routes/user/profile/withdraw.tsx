import type { Route } from "./+types/withdraw";
import { ProfilePage } from "~/components/profile/profile-page";
import { requireMemberOrStaff } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerWithdrawForm } from "~/server/payout-forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /profile/withdraw: Withdraw Earnings. The form's idempotency key makes a resubmit apply once. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  await requireFreshFactor(request, context);
  const values = await readForm(request);
  return answerWithdrawForm(context, user.id, values, { page: "/profile" });
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfileWithdraw({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "withdraw", failure: actionData }} />;
}
