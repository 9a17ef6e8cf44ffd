import { z } from "zod";
import { NairaAmountSchema } from "~/domain/shared/money-schema";
import { PercentageBpsSchema } from "~/domain/shared/percentage-schema";

/** The highest withdrawal fee the settings accept: 50% (5000 basis points), so a payout always leaves the bank something. */
export const MAX_WITHDRAWAL_FEE_BPS = 5_000;

export const WITHDRAWAL_LIMIT_MESSAGES = {
  minNotPositive: "Members' minimum must be more than ₦0.00.",
  maxNotPositive: "Members' maximum must be more than ₦0.00.",
  advertiserMaxNotPositive: "Advertisers' maximum must be more than ₦0.00.",
  maxBelowMin: "Members' maximum cannot be below the minimum.",
  advertiserMaxBelowMin: "Advertisers' maximum cannot be below the minimum.",
  feeAboveCap: "The fee can be at most 50%.",
} as const;

export type WithdrawalLimits = {
  minWithdrawalKobo: bigint;
  maxWithdrawalKobo: bigint;
  advertiserMaxWithdrawalKobo: bigint;
  withdrawalFeeBps: number;
};

const positive = (message: string) => NairaAmountSchema.refine((kobo) => kobo > 0n, message);

/**
 * The withdrawal limits form: the minimum (members' and advertisers'), members' maximum,
 * advertisers' maximum (in naira, kobo out), and the fee as a percentage from 0 to 50 with at most
 * 2 decimals (basis points out). Each maximum is compared with the minimum only once both are
 * valid, so one wrong field gives one message.
 */
export const WithdrawalLimitsSchema = z
  .object({
    minWithdrawal: positive(WITHDRAWAL_LIMIT_MESSAGES.minNotPositive),
    maxWithdrawal: positive(WITHDRAWAL_LIMIT_MESSAGES.maxNotPositive),
    advertiserMaxWithdrawal: positive(WITHDRAWAL_LIMIT_MESSAGES.advertiserMaxNotPositive),
    withdrawalFee: PercentageBpsSchema.refine(
      (bps) => bps <= MAX_WITHDRAWAL_FEE_BPS,
      WITHDRAWAL_LIMIT_MESSAGES.feeAboveCap,
    ),
  })
  .superRefine((form, ctx) => {
    if (form.maxWithdrawal > 0n && form.maxWithdrawal < form.minWithdrawal)
      ctx.addIssue({ code: "custom", message: WITHDRAWAL_LIMIT_MESSAGES.maxBelowMin, path: ["maxWithdrawal"] });
    if (form.advertiserMaxWithdrawal > 0n && form.advertiserMaxWithdrawal < form.minWithdrawal)
      ctx.addIssue({
        code: "custom",
        message: WITHDRAWAL_LIMIT_MESSAGES.advertiserMaxBelowMin,
        path: ["advertiserMaxWithdrawal"],
      });
  })
  .transform((form): WithdrawalLimits => ({
    minWithdrawalKobo: form.minWithdrawal,
    maxWithdrawalKobo: form.maxWithdrawal,
    advertiserMaxWithdrawalKobo: form.advertiserMaxWithdrawal,
    withdrawalFeeBps: form.withdrawalFee,
  }));

/** True when the limits keep every rule of the form (the domain checks them again before saving). */
export function areValidWithdrawalLimits(limits: WithdrawalLimits): boolean {
  const { minWithdrawalKobo: min, maxWithdrawalKobo: max, advertiserMaxWithdrawalKobo: advertiserMax } = limits;
  const bps = limits.withdrawalFeeBps;
  return (
    typeof min === "bigint" &&
    typeof max === "bigint" &&
    typeof advertiserMax === "bigint" &&
    min > 0n &&
    max >= min &&
    advertiserMax >= min &&
    Number.isInteger(bps) &&
    bps >= 0 &&
    bps <= MAX_WITHDRAWAL_FEE_BPS
  );
}
