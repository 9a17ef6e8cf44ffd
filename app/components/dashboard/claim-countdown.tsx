import { Timer } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { FROM_VIEW_PAGE_FIELD, type ClaimAnswer } from "~/domain/adverts/advert-claim";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The dwell countdown and the Claim Reward form. The server says how many seconds are left;
 * the browser counts them down and enables the button at 0. Before JavaScript runs the button
 * stays enabled and the form posts as it is (the server refuses an early claim and the page
 * says why: `notice`); once hydrated, the claim is sent with fetch and its JSON answer
 * (server/advert-claim.ts) shown as a toast, then the member is taken to the dashboard.
 */
export function ClaimCountdown({
  claimPath,
  secondsLeft,
  dwellSeconds,
  notice,
}: {
  claimPath: string;
  secondsLeft: number;
  dwellSeconds: number;
  notice: string | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // A refused early claim restarts the countdown from the server's figure.
  const [wait, setWait] = useState({ secondsLeft, notice, toasted: false, round: 0 });
  const left = useCountdown(wait.secondsLeft, wait.round);
  const [claiming, setClaiming] = useState(false);
  const waiting = left > 0;
  const done = dwellSeconds > 0 ? Math.min(100, Math.round(((dwellSeconds - left) / dwellSeconds) * 100)) : 100;

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (claiming) return;
    setClaiming(true);
    const answer = await sendClaim(claimPath);
    if ("failed" in answer) {
      showToast({ type: "error", title: "Claim Failed", description: answer.failed });
      setClaiming(false);
    } else if ("secondsLeft" in answer) {
      showToast(answer.toast);
      setWait((w) => ({
        secondsLeft: answer.secondsLeft,
        notice: answer.toast.description ?? null,
        toasted: true,
        round: w.round + 1,
      }));
      setClaiming(false);
    } else if (answer.toast) {
      showToast(answer.toast);
      // Stays "Claiming..." until the next page has loaded (no second click meanwhile).
      await navigate(answer.redirectTo, { replace: true });
    } else {
      // Signed out or not a member: a full load, so the header shows who is signed in now.
      window.location.assign(answer.redirectTo);
    }
  }

  return (
    <div className="grid gap-3">
      {wait.notice && waiting ? (
        // An alert when the page opens with it (no toast without JavaScript); after a toast has
        // said the same, it is not announced twice.
        <p
          role={wait.toasted ? undefined : "alert"}
          data-testid="claim-notice"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          {wait.notice}
        </p>
      ) : null}
      <div className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <Timer className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p data-testid="countdown" aria-live={waiting ? "off" : "polite"}>
          {waiting ? (
            <>
              Keep viewing for <span className="tabular-nums font-semibold">{left}</span>{" "}
              {left === 1 ? "second" : "seconds"} to earn your reward.
            </>
          ) : (
            "You can now claim your reward."
          )}
        </p>
      </div>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
        role="progressbar"
        aria-label="Viewing time"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
      >
        <div
          className="h-full bg-brand-600 transition-[width] duration-1000 ease-linear"
          style={{ width: `${done}%` }}
        />
      </div>
      <form method="post" action={claimPath} onSubmit={claim}>
        {/* This page shows the view in progress: a claim that finds it gone says another advert ended it. */}
        <input type="hidden" name={FROM_VIEW_PAGE_FIELD} value="1" />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={(hydrated && waiting) || claiming}>
          {claiming ? "Claiming..." : "Claim Reward"}
        </Button>
      </form>
    </div>
  );
}

const CONNECTION_FAILED = "Your claim could not be sent. Check your connection and try again.";
const SERVER_FAILED = "Your claim could not be completed. Please try again in a moment.";

/**
 * Posts the claim and reads its JSON answer. `failed`: why nothing came back to act on — the
 * server's own message when it sent one (503, 500), otherwise a server or connection failure.
 */
async function sendClaim(claimPath: string): Promise<ClaimAnswer | { failed: string }> {
  let response: Response;
  try {
    response = await fetch(claimPath, {
      method: "POST",
      headers: { Accept: "application/json" },
      // What the form would post (urlencoded, as server/advert-claim.ts reads it).
      body: new URLSearchParams({ [FROM_VIEW_PAGE_FIELD]: "1" }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    return { failed: CONNECTION_FAILED };
  }
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === "object" && body !== null) {
    if ("redirectTo" in body && typeof body.redirectTo === "string") return body as ClaimAnswer;
    if ("secondsLeft" in body && typeof body.secondsLeft === "number") return body as ClaimAnswer;
    if ("message" in body && typeof body.message === "string") return { failed: body.message };
  }
  return { failed: SERVER_FAILED };
}

/** Whole seconds left, counted down from a deadline set when the server's figure arrives. */
function useCountdown(secondsLeft: number, round: number): number {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const deadline = Date.now() + secondsLeft * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    if (secondsLeft <= 0) return;
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= deadline) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [secondsLeft, round]);
  return left;
}
