import { z } from "zod";
import type { Route } from "./+types/withdraw";
import { ProfilePage } from "~/components/profile/profile-page";
import { formatKobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import { isWithdrawalIdempotencyKey } from "~/domain/withdrawals/fees";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { requireUser } from "~/server/auth.server";
import { formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";

/** The withdrawal toasts members know from the product's first version; keep them word for word. */
const WITHDRAW_TOASTS = {
  invalidAmount: { title: "Invalid Amount", description: "Please enter a valid withdrawal amount." },
  insufficientFunds: {
    title: "Insufficient Funds",
    description: "You do not have enough balance to withdraw this amount.",
  },
  bankDetailsMissing: {
    title: "Bank Details Missing",
    description: "Please add your bank account details before withdrawing.",
  },
  // The adverts' "Account Not Approved" toast, worded for withdrawals.
  notApproved: {
    title: "Account Not Approved",
    description: "Your account needs to be approved by an admin to request withdrawals.",
  },
} as const;

const EXPIRED = "This form has expired. Reload the page and try again.";

/** The Withdraw Earnings form: an amount in naira, and the key the page rendered it with. */
const WithdrawSchema = z.object({
  amount: z
    .string()
    .default("")
    .pipe(NairaAmountSchema)
    .refine((kobo) => kobo > 0n, "Enter an amount above ₦0.00."),
  idempotencyKey: z.string({ error: EXPIRED }).refine(isWithdrawalIdempotencyKey, EXPIRED),
});

/** POST /profile/withdraw: Withdraw Earnings. The form's idempotency key makes a resubmit apply once. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const echo = { amount: (values.amount ?? "").slice(0, 40) };
  const fail = (field: string, message: string, toast: { title: string; description: string }, status = 400) =>
    formFailure({ [field]: message }, { toast: errorToast(toast.title, toast.description), values: echo, status });

  // The toasts say more than the fields: a wrong amount first, else the expired form.
  const parsed = parseForm(WithdrawSchema, values);
  if (parsed.status !== "ok") {
    const amount = parsed.errors.amount;
    if (amount) return fail("amount", amount, WITHDRAW_TOASTS.invalidAmount);
    return fail("form", EXPIRED, { title: "Withdrawal Failed", description: EXPIRED });
  }
  const result = await requestWithdrawal(context.services.db, {
    userId: user.id,
    amountKobo: parsed.data.amount,
    idempotencyKey: parsed.data.idempotencyKey,
  });
  switch (result.status) {
    case "ok": {
      // A resubmit of the same form (duplicate) answers like the first submit: same withdrawal.
      const { amountKobo, feeKobo, netKobo } = result.withdrawal;
      return redirectWithToast(context, "/profile", {
        type: "success",
        title: "Withdrawal Requested",
        description:
          `Your withdrawal request of ${formatKobo(amountKobo)} has been submitted.` +
          (feeKobo > 0n ? ` You will receive ${formatKobo(netKobo)} after the ${formatKobo(feeKobo)} fee.` : ""),
      });
    }
    case "invalid-amount":
      return fail("amount", "Enter an amount above ₦0.00.", WITHDRAW_TOASTS.invalidAmount);
    case "below-minimum": {
      const message = `The minimum withdrawal is ${formatKobo(result.minKobo)}.`;
      return fail("amount", message, { title: "Amount Below Minimum", description: message });
    }
    case "above-maximum": {
      const message = `The maximum withdrawal is ${formatKobo(result.maxKobo)}.`;
      return fail("amount", message, { title: "Amount Above Maximum", description: message });
    }
    case "insufficient-funds":
      return fail(
        "amount",
        `Your available balance is ${formatKobo(result.availableKobo)}.`,
        WITHDRAW_TOASTS.insufficientFunds,
      );
    case "bank-details-missing":
      return fail("form", WITHDRAW_TOASTS.bankDetailsMissing.description, WITHDRAW_TOASTS.bankDetailsMissing);
    case "form-already-used": {
      const message = `This form already requested ${formatKobo(result.withdrawal.amountKobo)} (${result.withdrawal.reference}). Reload the page to make another request.`;
      return fail("form", message, { title: "Withdrawal Failed", description: message }, 409);
    }
    case "not-approved":
      return fail("form", WITHDRAW_TOASTS.notApproved.description, WITHDRAW_TOASTS.notApproved, 403);
    case "not-allowed": {
      const message = "Your account cannot request withdrawals.";
      return fail("form", message, { title: "Withdrawal Not Allowed", description: message }, 403);
    }
  }
}

/** The profile page, with this form's refusal when it was posted without JavaScript. */
export default function ProfileWithdraw({ actionData }: Route.ComponentProps) {
  return <ProfilePage rendered={actionData && { form: "withdraw", failure: actionData }} />;
}
