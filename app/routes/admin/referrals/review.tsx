import { z } from "zod";
import type { Route } from "./+types/review";
import { ReferralsAdminPage } from "~/components/referrals-admin/referrals-page";
import { REVIEW_DECISIONS } from "~/components/referrals-admin/review-held";
import { REFERRAL_STATUS_BADGES } from "~/domain/referrals/referral-statuses";
import {
  RELEASE_HELD_REWARD_REFUSALS,
  releaseHeldReward,
  voidHeldReward,
  type ReviewedReferral,
} from "~/domain/referrals/review-held-reward.server";
import { formatKobo } from "~/domain/shared/money";
import { errorToast, type Toast } from "~/lib/toast";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";

const ReviewSchema = z.object({
  intent: z.enum(REVIEW_DECISIONS),
  referralId: z.string().trim().min(1).max(64),
});

const FAILED = "Review Failed";

/**
 * POST /admin/referrals/review: Release or Void of a held reward, answered as an ActionAnswer
 * (the toast; the page shows it in words too, for a post without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  // Releasing a held reward pays it: a money action (decision 030).
  await requireFreshFactor(request, context);
  const parsed = ReviewSchema.safeParse(await readForm(request));
  if (!parsed.success) return actionAnswer(errorToast(FAILED, "Could not review the referral reward."));
  const { intent, referralId } = parsed.data;
  const decide = intent === "release" ? releaseHeldReward : voidHeldReward;
  const result = await decide(context.services.db, actorFrom(user, context), referralId);
  const refused = (description: string, status: number) =>
    actionAnswer(errorToast(FAILED, description), { status, intent });
  switch (result.status) {
    case "forbidden":
      throw forbidden("Access Denied.");
    case "own-referral":
      return refused(RELEASE_HELD_REWARD_REFUSALS[result.status], 403);
    case "not-found":
      return refused("This referral no longer exists.", 404);
    case "conflict":
      // Another admin (or another tab) decided first: nothing changed here; the list reloads to show the truth.
      return refused(
        `This reward is no longer on hold (it is ${REFERRAL_STATUS_BADGES[result.current].label}; another admin may have just reviewed it), so nothing was changed. The list has been refreshed.`,
        409,
      );
    case "ok":
      return actionAnswer(reviewedToast(result.referral), { intent });
  }
}

function reviewedToast(referral: ReviewedReferral): Toast {
  const reward = formatKobo(referral.rewardKobo);
  return referral.status === "approved"
    ? {
        type: "success",
        title: "Reward Released",
        description: `${reward} has been paid to ${referral.referrerName} for referring ${referral.referredName}.`,
      }
    : {
        type: "success",
        title: "Reward Voided",
        description: `The held reward of ${reward} for ${referral.referrerName} referring ${referral.referredName} has been voided. Nothing was paid.`,
      };
}

/** The referral page (also what a GET here shows: it changes nothing), with what was decided. */
export default function ReviewHeldReward({ actionData }: Route.ComponentProps) {
  return <ReferralsAdminPage answer={actionData} />;
}
