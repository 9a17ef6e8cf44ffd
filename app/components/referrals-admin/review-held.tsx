import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";

export const REVIEW_DECISIONS = ["release", "void"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Where Release and Void post: their own route (app/routes/admin/referrals/review.tsx). */
export const REVIEW_HELD_ACTION = "/admin/referrals/review";

/** A held referral as the question about it shows it (every figure formatted on the server). */
export type HeldReferralView = {
  id: string;
  referrerName: string;
  referredName: string;
  reward: string;
  holdReason: string | null;
};

export const REVIEW_TEXTS = {
  release: {
    button: "Release",
    title: "Release held reward?",
    confirm: "Release reward",
    describe: (r: HeldReferralView) =>
      `${r.reward} is paid to ${r.referrerName}'s available balance for referring ${r.referredName}. Held because: ${
        r.holdReason ?? "no reason recorded"
      }. This cannot be undone.`,
  },
  void: {
    button: "Void",
    title: "Void held reward?",
    confirm: "Void reward",
    describe: (r: HeldReferralView) =>
      `${r.referrerName} is never paid the ${r.reward} for referring ${r.referredName}. Held because: ${
        r.holdReason ?? "no reason recorded"
      }. The referral stays on record as voided. This cannot be undone.`,
  },
} as const;

/**
 * Release and Void for one held reward, each behind a confirmation dialog posted with a fetcher.
 * Each button is a link to the same question asked by the page itself (`reviewHref`), so an
 * admin without JavaScript confirms there; with JavaScript the dialog opens instead.
 */
export function ReviewHeldActions({
  row,
  reviewHref,
}: {
  row: HeldReferralView;
  reviewHref: (decision: ReviewDecision) => string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <ReviewDialog row={row} decision="release" href={reviewHref("release")} />
      <ReviewDialog row={row} decision="void" href={reviewHref("void")} />
    </div>
  );
}

function ReviewDialog({ row, decision, href }: { row: HeldReferralView; decision: ReviewDecision; href: string }) {
  const texts = REVIEW_TEXTS[decision];
  const destructive = decision === "void";
  return (
    <ConfirmAction
      trigger={
        <Button
          size="sm"
          variant={destructive ? "outline" : "default"}
          className={destructive ? "text-red-700" : undefined}
          aria-label={`${texts.button} the held reward of ${row.reward} for ${row.referrerName} referring ${row.referredName}`}
        >
          {texts.button}
        </Button>
      }
      fallbackHref={href}
      title={texts.title}
      description={texts.describe(row)}
      confirmLabel={texts.confirm}
      fields={{ intent: decision, referralId: row.id }}
      action={REVIEW_HELD_ACTION}
      destructive={destructive}
    />
  );
}

/**
 * The same question as a card on the page, for the link followed without JavaScript: a plain
 * form posts the decision to `action` (REVIEW_HELD_ACTION, keeping the list's search and filter),
 * Cancel returns to the list (`listHref`).
 */
export function ReviewHeldCard({
  row,
  decision,
  action,
  listHref,
}: {
  row: HeldReferralView;
  decision: ReviewDecision;
  action: string;
  listHref: string;
}) {
  const texts = REVIEW_TEXTS[decision];
  return (
    <ConfirmPanel
      title={texts.title}
      description={texts.describe(row)}
      confirmLabel={texts.confirm}
      fields={{ intent: decision, referralId: row.id }}
      action={action}
      cancelHref={listHref}
      destructive={decision === "void"}
    />
  );
}
