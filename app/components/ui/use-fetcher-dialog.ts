import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import type { Toast } from "~/lib/toast";

/**
 * A dialog whose form posts through a fetcher: it shows the answer's toast, cannot be closed
 * while the post is on its way (its buttons are disabled then), closes once the server accepts
 * (`ok`), and stays open on a refusal so nothing typed is lost. Pass `onOpenChange` to the
 * `Dialog` and render the form as `fetcher.Form`.
 */
export function useFetcherDialog<Answer extends { ok: boolean; toast?: Toast }>() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  useToastFrom(fetcher.data?.toast);

  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && fetcher.data?.ok) setOpen(false);
    wasBusy.current = busy;
  }, [busy, fetcher.data]);

  const onOpenChange = (next: boolean) => {
    if (!busy) setOpen(next);
  };
  return { open, onOpenChange, fetcher, busy };
}
