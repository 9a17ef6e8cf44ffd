import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
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
import { useToastFrom } from "~/components/ui/toaster";
import type { Toast } from "~/lib/toast";

/** A button element (~/components/ui/button) that can render its child in its place. */
type TriggerElement = ReactElement<{ asChild?: boolean; children?: ReactNode }>;

type Props = {
  /** The button that opens the confirmation. */
  trigger: TriggerElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Posted to the current route's action (or to `action`) when confirmed. */
  fields: Record<string, string>;
  action?: string;
  destructive?: boolean;
  /** Inputs the question needs besides its fields (a reason), shown above the buttons and posted with them. */
  body?: ReactNode;
  /**
   * Where the trigger leads before JavaScript has loaded: a page that asks the same question
   * with a `ConfirmPanel`. The trigger is then a link there (styled as the button); once the page
   * has loaded, the dialog asks instead.
   */
  fallbackHref?: string;
};

/**
 * A button that asks "are you sure?" and then posts its fields to the route's action. The
 * dialog stays open, its buttons disabled, until the server answers; then the answer's toast
 * shows and the dialog closes.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  fields,
  action,
  destructive,
  fallbackHref,
  body,
}: Props) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ toast?: Toast }>();
  const busy = fetcher.state !== "idle";
  useToastFrom(fetcher.data?.toast);

  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);

  const opener = fallbackHref
    ? cloneElement(trigger, {
        asChild: true,
        children: (
          <a
            href={fallbackHref}
            onClick={(event) => {
              // Loaded: the dialog asks, not the page. (Radix skips its own toggle for a prevented click.)
              event.preventDefault();
              setOpen(true);
            }}
          >
            {trigger.props.children}
          </a>
        ),
      })
    : trigger;

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{opener}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <fetcher.Form method="post" action={action} className="grid gap-4">
          <HiddenFields fields={fields} />
          {body}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy ? "Working..." : confirmLabel}
            </Button>
          </div>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * The same question as a card on the page, where a `fallbackHref` leads without JavaScript: a
 * plain form posts the fields to `action` (the list to return to), Cancel goes back to `cancelHref`.
 */
export function ConfirmPanel({
  title,
  description,
  confirmLabel,
  fields,
  action,
  cancelHref,
  destructive,
  body,
}: Omit<Props, "trigger" | "fallbackHref" | "action"> & { action: string; cancelHref: string }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="border-amber-300">
      <CardTitle id={titleId}>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
      <Form method="post" action={action} className="mt-4 grid gap-4">
        <HiddenFields fields={fields} />
        {body}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant={destructive ? "destructive" : "default"}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
