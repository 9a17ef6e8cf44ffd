import { data } from "react-router";
import { z } from "zod";
import { saveBankDetails, WRONG_PASSWORD_MESSAGE, type BankDetailsView } from "~/domain/banks/bank-details.server";
import { checkBankAccount, confirmBankAccount, RESOLVE_MESSAGES } from "~/domain/banks/resolve-account.server";
import { BankAccountCheckSchema, BankDetailsSchema, type BankCheckAnswer } from "~/domain/banks/validation";
import { formatKobo } from "~/domain/shared/money";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import { isWithdrawalIdempotencyKey } from "~/domain/withdrawals/fees";
import { autoPayWithdrawal, type AutoPayResult } from "~/domain/withdrawals/auto-pay.server";
import { requestWithdrawal } from "~/domain/withdrawals/request-withdrawal.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { actorFrom, type CurrentUser } from "./auth.server";
import type { RequestContext } from "./context.server";
import { echoValues, formFailure, parseForm } from "./forms.server";
import { tooManyAttemptsMessage, tooManyLookupsMessage } from "./rate-limit.server";
import { redirectWithToast } from "./toast.server";

/**
 * The two payout forms, answered the same way wherever they are: a member's on /profile and an
 * advertiser's on /advertiser/payouts. Each route guards who may post, then hands over here.
 */

const BANK_ECHO = ["accountHolderName", "bankCode", "accountNumber"] as const;

/** The payout account, behind the current password; a success goes back to `page` with its toast. */
export async function answerBankDetailsForm(
  context: RequestContext,
  user: CurrentUser,
  values: Record<string, string>,
  page: string,
) {
  const failed = { toastTitle: "Update Failed", values: echoValues(values, BANK_ECHO) };
  // The current password guards where the money goes: share the password-change attempt limit,
  // so a stolen session cannot guess the password through either form.
  const wait = await context.services.rateLimits.blockedFor("passwordChange", user.id);
  if (wait) {
    return formFailure({ form: tooManyAttemptsMessage(wait) }, { ...failed, status: 429 });
  }
  const provider = context.services.paymentProvider;
  if (provider) return answerResolvedBankDetails(context, user, values, page, failed);
  const parsed = parseForm(BankDetailsSchema, values, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const result = await saveBankDetails(context.services.db, {
    userId: user.id,
    actor: actorFrom(user, context),
    ...parsed.data,
  });
  // The domain checks again what it is given; the form's schema has already refused the same.
  if (result.status === "invalid") return formFailure(result.errors, failed);
  if (result.status === "wrong-password") {
    await context.services.rateLimits.consume("passwordChange", user.id);
    return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, failed);
  }
  await context.services.rateLimits.reset("passwordChange", user.id);
  return savedBankDetails(context, page, result.details);
}

const savedBankDetails = (context: RequestContext, page: string, details: BankDetailsView) =>
  redirectWithToast(context, page, {
    type: "success",
    title: "Bank Details Updated",
    description: `Withdrawals will be paid into ${details.bankName} ${details.accountNumberMasked}.`,
  });

/**
 * With the payment provider on, two steps (each a plain form post, with or without JavaScript):
 * "Check account" (`intent=check`: bank, number, password) answers the name the bank returns with
 * a signed confirmation; "Confirm and save" (`intent=confirm`) posts that confirmation back, and
 * the account is resolved again before it is saved under the bank's name.
 */
async function answerResolvedBankDetails(
  context: RequestContext,
  user: CurrentUser,
  values: Record<string, string>,
  page: string,
  failed: { toastTitle: string; values: Record<string, string> },
) {
  const provider = context.services.paymentProvider!;
  const db = context.services.db;
  const checked = (answer: BankCheckAnswer) => data(answer);
  const refused = (message: string, status = 400) => formFailure({ form: message }, { ...failed, status });

  if (values.intent === "confirm") {
    const result = await confirmBankAccount(db, provider, {
      userId: user.id,
      actor: actorFrom(user, context),
      confirmation: values.confirmation,
    });
    switch (result.status) {
      case "ok":
        return savedBankDetails(context, page, result.details);
      case "name-changed":
        return checked({ ok: true, check: result.account, notice: RESOLVE_MESSAGES.nameChanged });
      case "expired":
        return refused(RESOLVE_MESSAGES.expired);
      case "not-resolved":
        return refused(RESOLVE_MESSAGES.notResolved(result.bankName));
      case "unavailable":
        return refused(RESOLVE_MESSAGES.unavailable, 503);
    }
  }

  const parsed = parseForm(BankAccountCheckSchema, values, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const lookups = await takeAccountLookup(context, user.id);
  if (lookups.status === "refused") return refused(lookups.message, 429);
  const result = await checkBankAccount(db, provider, { userId: user.id, ...parsed.data });
  // Refused before the bank was asked: the lookup does not count.
  if (result.status === "invalid" || result.status === "wrong-password") await lookups.giveBack();
  switch (result.status) {
    case "resolved":
      await context.services.rateLimits.reset("passwordChange", user.id);
      return checked({ ok: true, check: result.account });
    case "invalid":
      return formFailure(result.errors, failed);
    case "wrong-password":
      await context.services.rateLimits.consume("passwordChange", user.id);
      return formFailure({ currentPassword: WRONG_PASSWORD_MESSAGE }, failed);
    case "not-resolved":
      return formFailure({ accountNumber: RESOLVE_MESSAGES.notResolved(result.bankName) }, failed);
    case "unavailable":
      return refused(RESOLVE_MESSAGES.unavailable, 503);
  }
}

/**
 * One bank account lookup for this member from this address, within both limits
 * (`accountLookupMember` a day, `accountLookupNetwork` an hour); `giveBack` when the lookup did not
 * reach the bank after all.
 */
async function takeAccountLookup(
  context: RequestContext,
  userId: string,
): Promise<{ status: "ok"; giveBack: () => Promise<void> } | { status: "refused"; message: string }> {
  const limits = context.services.rateLimits;
  const memberWait = await limits.consume("accountLookupMember", userId);
  if (memberWait) return { status: "refused", message: tooManyLookupsMessage("member", memberWait) };
  const networkWait = await limits.consume("accountLookupNetwork", context.clientNetwork);
  if (networkWait) {
    await limits.refund("accountLookupMember", userId);
    return { status: "refused", message: tooManyLookupsMessage("network", networkWait) };
  }
  return {
    status: "ok",
    giveBack: async () => {
      await limits.refund("accountLookupMember", userId);
      await limits.refund("accountLookupNetwork", context.clientNetwork);
    },
  };
}

/**
 * The withdrawal refusals members know from the product's first version (titles word for word).
 * A refusal is said once: its words on the form (at the amount, or above the form), and the error
 * toast only names it by its title.
 */
const WITHDRAW_REFUSALS = {
  // The amount field says what is wrong with it ("Use at most 2 decimal places.").
  invalidAmount: { title: "Invalid Amount" },
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

/** An advertiser's refusal when their business is not approved (yet). */
export const BUSINESS_NOT_APPROVED_TOAST = {
  title: "Business Not Approved",
  description: "Your business needs to be approved by an admin to request payouts.",
} as const;

const EXPIRED = "This form has expired. Reload the page and try again.";

/** The withdraw form: an amount in naira, and the key the page rendered it with. */
const WithdrawSchema = z.object({
  amount: z
    .string()
    .default("")
    .pipe(NairaAmountSchema)
    .refine((kobo) => kobo > 0n, "Enter an amount above ₦0.00."),
  idempotencyKey: z.string({ error: EXPIRED }).refine(isWithdrawalIdempotencyKey, EXPIRED),
});

/**
 * "Pay withdrawals automatically up to": with Paystack on, a new withdrawal that qualifies is
 * moved to processing and queued to be sent by transfer, after its request has committed; the
 * payout worker sends it. Whatever goes wrong leaves it for an admin: the member's request stands
 * either way. Null when nothing was decided (Paystack off, or a fault).
 */
async function payAutomatically(context: RequestContext, withdrawalId: string): Promise<AutoPayResult | null> {
  if (!context.services.paymentProvider) return null;
  try {
    const auto = await autoPayWithdrawal(context.services.db, withdrawalId);
    if (auto.status === "off") return auto;
    void context.services.flushMail();
    if (auto.status === "queued") context.services.kickPayouts();
    return auto;
  } catch (err) {
    context.services.log.error({ err, withdrawalId }, "automatic payout failed; left for an admin");
    return null;
  }
}

/**
 * What the member is told of the automatic payout: that it is on its way, or why it waits for an
 * admin when the reason is theirs to know (their own change of bank details, their own freeze).
 */
function automaticPayoutSentence(auto: AutoPayResult | null): string {
  if (auto?.status === "queued") return " It will be sent to your bank account by transfer shortly.";
  if (auto?.status !== "left-for-admin") return "";
  if (auto.reason === "bank-details-changed" || auto.reason === "name-changed")
    return (
      ` Your ${auto.reason === "name-changed" ? "name" : "bank details"} changed recently, so an admin checks this withdrawal before it is paid.` +
      ` Withdrawals you request from ${formatLagosDateTime(auto.until)} can be paid automatically again.`
    );
  if (auto.reason === "payouts-frozen")
    return " Payouts to your account are frozen, so it waits until an admin has checked your account.";
  return "";
}

/**
 * A withdrawal request. The form's idempotency key makes a resubmit apply once; a success goes
 * back to `page` with its toast.
 */
export async function answerWithdrawForm(
  context: RequestContext,
  userId: string,
  values: Record<string, string>,
  options: { page: string; notApproved?: { title: string; description: string } },
) {
  const echo = { amount: (values.amount ?? "").slice(0, 40) };
  // One refusal, said once: on the form, with a title-only toast (the words are not repeated).
  const fail = (field: "amount" | "form", message: string, title: string, status = 400) =>
    formFailure({ [field]: message }, { toast: { type: "error", title }, values: echo, status });

  // A wrong amount first, else the expired form.
  const parsed = parseForm(WithdrawSchema, values);
  if (parsed.status !== "ok") {
    const amount = parsed.errors.amount;
    if (amount) return fail("amount", amount, WITHDRAW_REFUSALS.invalidAmount.title);
    return fail("form", EXPIRED, "Withdrawal Failed");
  }
  const result = await requestWithdrawal(context.services.db, {
    userId,
    amountKobo: parsed.data.amount,
    idempotencyKey: parsed.data.idempotencyKey,
  });
  switch (result.status) {
    case "ok": {
      // A resubmit of the same form (duplicate) answers like the first submit: same withdrawal.
      const { amountKobo, feeKobo, netKobo } = result.withdrawal;
      const auto = result.duplicate ? null : await payAutomatically(context, result.withdrawal.id);
      return redirectWithToast(context, options.page, {
        type: "success",
        title: "Withdrawal Requested",
        description:
          `Your withdrawal request of ${formatKobo(amountKobo)} has been submitted.` +
          (feeKobo > 0n ? ` You will receive ${formatKobo(netKobo)} after the ${formatKobo(feeKobo)} fee.` : "") +
          automaticPayoutSentence(auto),
      });
    }
    case "invalid-amount":
      return fail("amount", "Enter an amount above ₦0.00.", WITHDRAW_REFUSALS.invalidAmount.title);
    case "below-minimum":
      return fail("amount", `The minimum withdrawal is ${formatKobo(result.minKobo)}.`, "Amount Below Minimum");
    case "above-maximum":
      return fail("amount", `The maximum withdrawal is ${formatKobo(result.maxKobo)}.`, "Amount Above Maximum");
    case "insufficient-funds": {
      const { title, description } = WITHDRAW_REFUSALS.insufficientFunds;
      return fail("amount", `${description} Your available balance is ${formatKobo(result.availableKobo)}.`, title);
    }
    case "bank-details-missing": {
      const { title, description } = WITHDRAW_REFUSALS.bankDetailsMissing;
      return fail("form", description, title);
    }
    case "form-already-used": {
      const message = `This form already requested ${formatKobo(result.withdrawal.amountKobo)} (${result.withdrawal.reference}). Reload the page to make another request.`;
      return fail("form", message, "Withdrawal Failed", 409);
    }
    case "not-approved": {
      const { title, description } = options.notApproved ?? WITHDRAW_REFUSALS.notApproved;
      return fail("form", description, title, 403);
    }
    case "not-allowed":
      return fail("form", "Your account cannot request withdrawals.", "Withdrawal Not Allowed", 403);
  }
}
