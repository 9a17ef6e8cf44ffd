import { formatKobo } from "~/domain/shared/money";
import { errorToast, type Toast } from "~/lib/toast";
import type { ClaimResult, StartViewResult } from "./advert-views.server";

/** The wording members know from the product's first version; keep it word for word. */
export const ACCOUNT_NOT_APPROVED: Toast = {
  type: "error",
  title: "Account Not Approved",
  description: "Your account needs to be approved by an admin to interact with adverts.",
};

/** The daily limit's refusal title (also the dashboard's note once the limit is reached). */
export const DAILY_LIMIT_TITLE = "Daily Limit Reached";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Any outcome of startAdvertView/claimAdvertReward that is shown to the member as a toast: every
 * refusal, and a paid claim (of which the toast needs only the reward).
 */
export type AdvertOutcome =
  | Exclude<StartViewResult | ClaimResult, { status: "ok" } | { status: "check" }>
  | Pick<Extract<ClaimResult, { status: "ok" }>, "status" | "rewardKobo">;

/** The toast for an outcome: "Reward Earned!" with the amount, or why nothing was paid. */
export function advertToast(outcome: AdvertOutcome): Toast {
  const error = errorToast;
  switch (outcome.status) {
    case "ok":
      return {
        type: "success",
        title: "Reward Earned!",
        description: `You earned ${formatKobo(outcome.rewardKobo)} for viewing this advert.`,
      };
    case "not-approved":
      return ACCOUNT_NOT_APPROVED;
    case "not-member":
      return error("Not Available", "Adverts can be viewed for rewards by member accounts only.");
    case "daily-limit":
      return error(
        DAILY_LIMIT_TITLE,
        `You have reached your daily limit of ${plural(outcome.limit, "advert view", "advert views")}. Come back tomorrow!`,
      );
    case "too-early":
      return error(
        "Keep Watching",
        `Please view the advert for ${plural(outcome.secondsLeft, "more second", "more seconds")} to earn the reward.`,
      );
    case "not-started":
      return error("Keep Watching", "Open the advert with View Advert first, then claim your reward.");
    case "view-ended":
      // One advert at a time (startAdvertView): its countdown was lost, so nothing to keep watching.
      return error("View Ended", "You opened another advert, so this view ended.");
    case "already-claimed":
      return error("Already Rewarded", "You have already earned the reward for this advert.");
    case "check-failed":
      return error("Wrong Answer", "That answer was not what the advert showed, so this view earned no reward.");
    case "no-slots":
      return error("Advert Completed", "This advert has reached its maximum number of views.");
    case "not-found":
      return error("Advert Unavailable", "This advert is no longer available.");
  }
}
