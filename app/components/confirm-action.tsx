import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useToastFrom } from "~/components/toaster";
import type { Toast } from "~/lib/toast";

type Props = {
  /** The button that opens the confirmation. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Posted to the current route's action (or to `action`) when confirmed. */
  fields: Record<string, string>;
  action?: string;
  destructive?: boolean;
};

/**
 * A button that asks "are you sure?" and then posts its fields to the route's action. The
 * dialog stays open, its buttons disabled, until the server answers; then the answer's toast
 * shows and the dialog closes.
 */
export function ConfirmAction({ trigger, title, description, confirmLabel, fields, action, destructive }: Props) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: Toast }>();
  const busy = fetcher.state !== "idle";
  useToastFrom(fetcher.data?.toast);

  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <fetcher.Form method="post" action={action} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
            {busy ? "Working..." : confirmLabel}
          </Button>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
