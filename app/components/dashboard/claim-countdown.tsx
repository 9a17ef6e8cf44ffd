import { Timer } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "./use-hydrated";

/**
 * The dwell countdown and the Claim Reward form. The server says how many seconds are left;
 * the browser counts them down and enables the button at 0. Before JavaScript runs the button
 * stays enabled (the form must work without it) and the server refuses an early claim.
 */
export function ClaimCountdown({ secondsLeft, dwellSeconds }: { secondsLeft: number; dwellSeconds: number }) {
  const hydrated = useHydrated();
  const left = useCountdown(secondsLeft);
  const navigation = useNavigation();
  const claiming = navigation.state !== "idle" && navigation.formData?.get("intent") === "claim";
  const waiting = left > 0;
  const done = dwellSeconds > 0 ? Math.min(100, Math.round(((dwellSeconds - left) / dwellSeconds) * 100)) : 100;
  return (
    <div className="grid gap-3">
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
      <Form method="post" replace>
        <input type="hidden" name="intent" value="claim" />
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={(hydrated && waiting) || claiming}>
          {claiming ? "Claiming..." : "Claim Reward"}
        </Button>
      </Form>
    </div>
  );
}

/** Whole seconds left, counted down from a deadline set when the server's figure arrives. */
function useCountdown(secondsLeft: number): number {
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
  }, [secondsLeft]);
  return left;
}
