import { lazy, Suspense, useEffect, useState } from "react";
import { useMatches } from "react-router";
import type { Toast } from "~/lib/toast";

export type ShownToast = Toast & { id: string };

type Listener = (toast: ShownToast) => void;
const listeners = new Set<Listener>();
let counter = 0;

/** Shows a toast; one at a time, so a new one replaces the current one. */
export function showToast(toast: Toast) {
  const withId = { ...toast, id: toast.id ?? `t${++counter}` };
  listeners.forEach((listen) => listen(withId));
}

/** Shows the toast an action sent in its data (the page stays), once per answer. */
export function useToastFrom(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

// The toast region (Radix Toast) is not part of every page: it loads with the first
// toast, or as soon as a form is submitted (most toasts answer one), and then stays mounted.
const loadToastRegion = () => import("~/components/ui/toast-region");
const ToastRegion = lazy(loadToastRegion);

/**
 * A route's `handle` for a page that says the toast its redirect brought in its own words
 * (ToastInPage): the page where the message is read and acted on (/login after a sign-up: check
 * your email), so no toast floats over its heading on a phone. Its own answers still toast.
 */
export const SAYS_REDIRECT_TOAST = { saysRedirectToast: true } as const;

function saysRedirectToast(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "saysRedirectToast" in handle;
}

/**
 * A toast shows for 5 s; swipe threshold 50; F8 moves focus to the toasts; one toast at a time.
 * `initial`: the toast a redirect brought (the root loader's), unless the page says it itself.
 */
export function Toaster({ initial }: { initial?: Toast | null }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const listen: Listener = (toast) => {
      setCurrent(toast);
      setMounted(true);
    };
    listeners.add(listen);
    const preload = () => void loadToastRegion();
    document.addEventListener("submit", preload, { capture: true, once: true });
    return () => {
      listeners.delete(listen);
      document.removeEventListener("submit", preload, { capture: true });
    };
  }, []);
  const saidByPage = useMatches().some((match) => saysRedirectToast(match.handle));
  useToastFrom(saidByPage ? null : initial);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion current={current} onClose={() => setCurrent(null)} />
    </Suspense>
  );
}
