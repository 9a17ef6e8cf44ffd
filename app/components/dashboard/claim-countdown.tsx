import { Timer } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import type { ClaimAnswer } from "~/domain/adverts/advert-claim";
import { useHydrated } from "./use-hydrated";

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
  const [wait, setWait] = useState({ secondsLeft, notice, round: 0 });
  const left = useCountdown(wait.secondsLeft, wait.round);
  const [claiming, setClaiming] = useState(false);
  const waiting = left > 0;
  const done = dwellSeconds > 0 ? Math.min(100, Math.round(((dwellSeconds - left) / dwellSeconds) * 100)) : 100;

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (claiming) return;
    setClaiming(true);
    const answer = await sendClaim(claimPath);
    if (answer && "secondsLeft" in answer) {
      showToast(answer.toast);
      setWait((w) => ({ secondsLeft: answer.secondsLeft, notice: answer.toast.description, round: w.round + 1 }));
      setClaiming(false);
    } else if (answer) {
      if (answer.toast) showToast(answer.toast);
      // Stays "Claiming..." until the next page has loaded (no second click meanwhile).
      await navigate(answer.redirectTo, { replace: true });
    } else {
      showToast({ type: "error", title: "Claim Failed", description: CLAIM_FAILED });
      setClaiming(false);
    }
  }

  return (
    <div className="grid gap-3">
      {wait.notice ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {wait.notice}
        </p>
      ) : null}
      <div className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <Timer className="h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <p data-testid="countdown" aria-live={waiting ? "off" : "polite"}>
          {waiting ? (
            <>
              Keep viewing for <span className="tabular-nums font-semibold">{left}</span> {left === 1 ? "second" : "seconds"}{" "}
              to earn your reward.
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
        <div className="h-full bg-brand-600 transition-[width] duration-1000 ease-linear" style={{ width: `${done}%` }} />
      </div>
      <form method="post" action={claimPath} onSubmit={claim}>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={(hydrated && waiting) || claiming}>
          {claiming ? "Claiming..." : "Claim Reward"}
        </Button>
      </form>
    </div>
  );
}

const CLAIM_FAILED = "Your claim could not be sent. Check your connection and try again.";

/** Posts the claim and reads its JSON answer; null when it did not arrive or made no sense. */
async function sendClaim(claimPath: string): Promise<ClaimAnswer | null> {
  try {
    const response = await fetch(claimPath, { method: "POST", headers: { Accept: "application/json" } });
    const body: unknown = await response.json();
    if (typeof body !== "object" || body === null) return null;
    if ("redirectTo" in body && typeof body.redirectTo === "string") return body as ClaimAnswer;
    if ("secondsLeft" in body && typeof body.secondsLeft === "number") return body as ClaimAnswer;
    return null;
  } catch {
    return null;
  }
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
