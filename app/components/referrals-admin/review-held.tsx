import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { useToastFrom } from "~/components/toaster";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";

export type ReviewDecision = "release" | "void";

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
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: Toast }>();
  const busy = fetcher.state !== "idle";
  useToastFrom(fetcher.data?.toast);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);
  const destructive = decision === "void";
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <a
          href={href}
          // Once the page has loaded, the dialog asks instead of the page.
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
          className={cn(
            buttonVariants({ size: "sm", variant: destructive ? "outline" : "default" }),
            destructive && "text-red-700",
          )}
          aria-label={`${texts.button} the held reward of ${row.reward} for ${row.referrerName} referring ${row.referredName}`}
        >
          {texts.button}
        </a>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{texts.title}</AlertDialogTitle>
        <AlertDialogDescription>{texts.describe(row)}</AlertDialogDescription>
        <fetcher.Form method="post" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value={decision} />
          <input type="hidden" name="referralId" value={row.id} />
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
            {busy ? "Working..." : texts.confirm}
          </Button>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The same question as a card on the page, for the link followed without JavaScript: a plain
 * form posts the decision back to the list (`listHref`), Cancel returns to it.
 */
export function ReviewHeldCard({
  row,
  decision,
  listHref,
}: {
  row: HeldReferralView;
  decision: ReviewDecision;
  listHref: string;
}) {
  const texts = REVIEW_TEXTS[decision];
  return (
    <Card aria-labelledby="review-title" className="border-amber-300">
      <CardTitle id="review-title">{texts.title}</CardTitle>
      <CardDescription>{texts.describe(row)}</CardDescription>
      <Form method="post" action={listHref} className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value={decision} />
        <input type="hidden" name="referralId" value={row.id} />
        <Link to={listHref} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" variant={decision === "void" ? "destructive" : "default"}>
          {texts.confirm}
        </Button>
      </Form>
    </Card>
  );
}
