import { Timer } from "lucide-react";
import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import {
  FROM_VIEW_PAGE_FIELD,
  VISIBILITY_HEARTBEAT_MS,
  VISIBLE_FIELD,
  type ClaimAnswer,
} from "~/domain/adverts/advert-claim";
import { ANSWER_FIELD, ATTENTION_CHECK_TITLE, type AttentionCheck } from "~/domain/adverts/attention-check";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * The dwell countdown, the Claim Reward form and then the attention check. The server says how
 * many seconds are left; the browser counts them down while the page is visible (decision 028:
 * it pauses in another tab or with the phone locked, and the page tells the server, which keeps
 * the truth) and enables the button at 0. Claim Reward then brings the check: a question about
 * the advert with four choices, sent with the member's pick to the same address. Before
 * JavaScript runs the button stays enabled and the forms post as they are (the server refuses an
 * early claim and the page says why: `notice`; the check comes with the page once the server has
 * set it); once hydrated, both are sent with fetch and the JSON answer (server/advert-claim.ts)
 * shown as a toast, then the member is taken to the dashboard.
 */
export function ClaimCountdown({
  claimPath,
  visibilityPath,
  endedPath,
  secondsLeft,
  dwellSeconds,
  notice,
  check: checkSet,
  advert,
}: {
  /** The advert as the member views it: shown until the check is asked, which takes its place. */
  advert: ReactNode;
  claimPath: string;
  visibilityPath: string;
  /** This page once the view has ended (advertViewEndedPath): where a report that finds no view goes. */
  endedPath: string;
  secondsLeft: number;
  dwellSeconds: number;
  notice: string | null;
  check: AttentionCheck | null;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // A refused early claim, or the server's figure from a visibility report, resets the time left.
  const [wait, setWait] = useState<Wait>({ remainingMs: secondsLeft * 1000, notice, toasted: false });
  const [check, setCheck] = useState(checkSet);
  const { visible, pausedOnce } = usePageVisibility();
  useTicking(visible && wait.remainingMs > 0, setWait);
  const left = Math.ceil(wait.remainingMs / 1000);
  // No view in progress any more (another advert opened, in another tab): the page says what became of it.
  const ended = () => void navigate(endedPath, { replace: true });
  useVisibilityReports(visibilityPath, visible, hydrated && check === null && left > 0, setWait, ended);
  const [claiming, setClaiming] = useState(false);
  const waiting = left > 0;
  const done = dwellSeconds > 0 ? Math.min(100, Math.round(((dwellSeconds - left) / dwellSeconds) * 100)) : 100;

  async function claim(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (claiming) return;
    const picked = new FormData(event.currentTarget).get(ANSWER_FIELD);
    if (check && typeof picked !== "string") {
      showToast({ type: "error", title: "Choose an Answer", description: "Pick one of the four answers first." });
      return;
    }
    setClaiming(true);
    const answer = await sendClaim(claimPath, typeof picked === "string" ? picked : null);
    if ("failed" in answer) {
      showToast({ type: "error", title: "Claim Failed", description: answer.failed });
      setClaiming(false);
    } else if ("check" in answer) {
      setCheck(answer.check);
      setClaiming(false);
    } else if ("secondsLeft" in answer) {
      showToast(answer.toast);
      setWait({ remainingMs: answer.secondsLeft * 1000, notice: answer.toast.description ?? null, toasted: true });
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

  if (check) {
    return (
      <div className="p-5">
        <AttentionCheckForm claimPath={claimPath} check={check} claiming={claiming} onSubmit={claim} />
      </div>
    );
  }

  return (
    <>
      {advert}
      <div className="grid gap-3 px-5 pb-5">
        {hydrated && pausedOnce && waiting ? (
          <p data-testid="countdown-paused" className="text-sm text-gray-700">
            The countdown pauses while the advert is not on screen.
          </p>
        ) : null}
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
    </>
  );
}

/**
 * The attention check: the question, four choices as radio buttons (one required) and Claim
 * Reward, posting the pick to the claim's address. Focus moves to the question when it appears,
 * so a screen reader reads it.
 */
function AttentionCheckForm({
  claimPath,
  check,
  claiming,
  onSubmit,
}: {
  claimPath: string;
  check: AttentionCheck;
  claiming: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const legend = useRef<HTMLLegendElement>(null);
  useEffect(() => {
    legend.current?.focus();
    // The tab's title named the advert: now the answer is to be remembered, not read.
    const appName = document.title.split(" | ").at(-1);
    document.title = appName ? `${ATTENTION_CHECK_TITLE} | ${appName}` : ATTENTION_CHECK_TITLE;
  }, []);
  return (
    <form method="post" action={claimPath} onSubmit={onSubmit} className="grid gap-3" data-testid="attention-check">
      <input type="hidden" name={FROM_VIEW_PAGE_FIELD} value="1" />
      <fieldset className="grid gap-2" aria-describedby="attention-check-hint">
        <legend ref={legend} tabIndex={-1} className="mb-1 outline-none">
          <h1 className="text-lg font-semibold text-gray-900">{check.question}</h1>
        </legend>
        <p id="attention-check-hint" className="mb-1 text-sm text-gray-700">
          One question about the advert you just viewed. Pick the answer to earn your reward; a wrong answer ends this
          view without a reward.
        </p>
        {check.choices.map((choice, index) => (
          <label key={index} className={choiceClass}>
            <input
              type="radio"
              name={ANSWER_FIELD}
              value={index}
              required
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 break-words text-sm text-gray-900">{choice}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={claiming}>
        {claiming ? "Claiming..." : "Claim Reward"}
      </Button>
    </form>
  );
}

const choiceClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50";

const CONNECTION_FAILED = "Your claim could not be sent. Check your connection and try again.";
const SERVER_FAILED = "Your claim could not be completed. Please try again in a moment.";

/**
 * Posts the claim and reads its JSON answer. `failed`: why nothing came back to act on — the
 * server's own message when it sent one (503, 500), otherwise a server or connection failure.
 */
async function sendClaim(claimPath: string, answer: string | null): Promise<ClaimAnswer | { failed: string }> {
  let response: Response;
  // What the form would post (urlencoded, as server/advert-claim.ts reads it).
  const form = new URLSearchParams({ [FROM_VIEW_PAGE_FIELD]: "1" });
  if (answer !== null) form.set(ANSWER_FIELD, answer);
  try {
    response = await fetch(claimPath, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: form,
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    return { failed: CONNECTION_FAILED };
  }
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === "object" && body !== null) {
    if ("redirectTo" in body && typeof body.redirectTo === "string") return body as ClaimAnswer;
    if ("secondsLeft" in body && typeof body.secondsLeft === "number") return body as ClaimAnswer;
    if ("check" in body && typeof body.check === "object" && body.check !== null) return body as ClaimAnswer;
    if ("message" in body && typeof body.message === "string") return { failed: body.message };
  }
  return { failed: SERVER_FAILED };
}

/** The time still to wait, and the refusal that said so (shown once as a toast, then in words). */
type Wait = { remainingMs: number; notice: string | null; toasted: boolean };

/**
 * Counts the time left down while `running` (the page visible, time left): hidden, it stays where
 * it was and runs on when the page is seen again.
 */
function useTicking(running: boolean, setWait: Dispatch<SetStateAction<Wait>>) {
  useEffect(() => {
    if (!running) return;
    let last = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      const elapsed = now - last;
      last = now;
      setWait((w) => ({ ...w, remainingMs: Math.max(0, w.remainingMs - elapsed) }));
    }, 250);
    return () => window.clearInterval(timer);
  }, [running, setWait]);
}

/**
 * Whether the page is on screen (document.visibilityState; true before hydration), and whether it
 * has been off screen since it opened (the page then says the countdown pauses).
 */
function usePageVisibility(): { visible: boolean; pausedOnce: boolean } {
  const [state, setState] = useState({ visible: true, pausedOnce: false });
  useEffect(() => {
    const update = () => {
      const visible = document.visibilityState === "visible";
      setState((s) => (s.visible === visible ? s : { visible, pausedOnce: s.pausedOnce || !visible }));
    };
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return state;
}

/** "Hidden", by navigator.sendBeacon (delivered as the tab freezes or the page goes), else a kept-alive fetch. */
function sendHidden(path: string) {
  const body = new URLSearchParams({ [VISIBLE_FIELD]: "0" });
  if (!navigator.sendBeacon?.(path, body)) void fetch(path, { method: "POST", body, keepalive: true });
}

/**
 * Tells the server what the member sees (decision 028): at once and on every change, and every
 * VISIBILITY_HEARTBEAT_MS while visible. "Hidden" goes by navigator.sendBeacon, which the browser
 * delivers even as the tab is frozen; the others by fetch, whose answer (the seconds the server
 * still counts) resets the time left when the two differ. Stops once the countdown is over (`active` false).
 * A report the server answers with no view in progress (204: another advert was opened, in
 * another tab) calls `onEnded`, so a member coming back to this tab learns it at once.
 */

function useVisibilityReports(
  path: string,
  visible: boolean,
  active: boolean,
  setWait: Dispatch<SetStateAction<Wait>>,
  onEnded: () => void,
) {
  // The latest callback, without restarting the reports when it changes.
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });
  // Leaving the page (Back to Dashboard) hides the advert as surely as another tab does.
  useEffect(() => () => sendHidden(path), [path]);
  useEffect(() => {
    if (!active) return;
    if (!visible) return sendHidden(path);
    const body = () => new URLSearchParams({ [VISIBLE_FIELD]: "1" });
    let stopped = false;
    const report = async () => {
      try {
        const response = await fetch(path, { method: "POST", headers: { Accept: "application/json" }, body: body() });
        // 204: the server has no view of this advert in progress (ended, claimed or checked elsewhere).
        if (response.status === 204) {
          if (!stopped) ended.current();
          return;
        }
        const answer: unknown = response.status === 200 ? await response.json() : null;
        if (!stopped && typeof answer === "object" && answer !== null && "secondsLeft" in answer) {
          const serverMs = typeof answer.secondsLeft === "number" ? answer.secondsLeft * 1000 : null;
          // The server's count decides the claim: follow it when the two differ by more than a tick.
          if (serverMs !== null) {
            setWait((w) => (Math.abs(serverMs - w.remainingMs) >= 2000 ? { ...w, remainingMs: serverMs } : w));
          }
        }
      } catch {
        // A lost report costs the member at most the time until the next one (the server's cap).
      }
    };
    void report();
    const timer = window.setInterval(() => void report(), VISIBILITY_HEARTBEAT_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [path, visible, active, setWait]);
}
