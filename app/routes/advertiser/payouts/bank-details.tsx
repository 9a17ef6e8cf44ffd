import type { Route } from "./+types/bank-details";
import { PayoutsPage } from "~/components/advertiser/payouts-page";
import { requireAdvertiser } from "~/server/auth.server";
import { readForm } from "~/server/forms.server";
import { answerBankDetailsForm } from "~/server/payout-forms.server";

/** POST /advertiser/payouts/bank-details: the business's payout account, behind the current password. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdvertiser(request, context);
  return answerBankDetailsForm(context, user, await readForm(request), "/advertiser/payouts");
}

/** The payouts page, with this form's refusal when it was posted without JavaScript. */
export default function PayoutsBankDetails({ actionData }: Route.ComponentProps) {
  return <PayoutsPage rendered={actionData && { form: "bank-details", failure: actionData }} />;
}
