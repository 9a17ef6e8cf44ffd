import type { Route } from "./+types/withdraw";
import { PayoutsPage } from "~/components/advertiser/payouts-page";
import { requireAdvertiser } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerWithdrawForm, BUSINESS_NOT_APPROVED_TOAST } from "~/server/payout-forms.server";

/**
 * POST /advertiser/payouts/withdraw: the advertiser asks for their balance back, through the
 * withdrawal desk every member's request goes through (same limits, fee and form key).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdvertiser(request, context);
  return answerWithdrawForm(context, user.id, await readForm(request), {
    page: "/advertiser/payouts",
    notApproved: BUSINESS_NOT_APPROVED_TOAST,
  });
}

/** The payouts page, with this form's refusal when it was posted without JavaScript. */
export default function PayoutsWithdraw({ actionData }: Route.ComponentProps) {
  return <PayoutsPage rendered={actionData && { form: "withdraw", failure: actionData }} />;
}
