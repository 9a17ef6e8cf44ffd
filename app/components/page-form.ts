import { useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { useToastFrom } from "~/components/toaster";
import type { FormFailure } from "~/lib/forms";

/** A refused submit rendered by the server: without JavaScript a form lands on its own route. */
export type RenderedFailure<F extends string = string> = { form: F; failure: FormFailure };

/**
 * One of several forms on a page, each posting to a route of its own (the profile's forms, the
 * application settings'). With JavaScript it posts through a fetcher, so the page stays as it is
 * (the other forms keep what was typed in them) and the refusal shows in this form only; a
 * success redirects back to the page with its toast. Without JavaScript the server renders the
 * refusal (`rendered`) from the form's own route.
 *
 * `page` names the group of forms (a fetcher key prefix): `busy` says whether any of them is
 * being submitted.
 */
export function usePageForm<F extends string>(
  page: string,
  form: F,
  action: string,
  rendered: RenderedFailure<F> | undefined,
) {
  const prefix = `${page}-form:`;
  const key = prefix + form;
  const fetcher = useFetcher<FormFailure>({ key });
  const pageFetchers = useFetchers().filter((f) => f.key.startsWith(prefix));
  const busy = pageFetchers.some((f) => f.state === "submitting");
  const otherSubmitting = pageFetchers.some((f) => f.key !== key && f.state === "submitting");
  // Once submitted through the fetcher, its answer replaces what the server rendered.
  const used = fetcher.state !== "idle" || fetcher.data !== undefined;
  const shown = used ? fetcher.data : rendered?.form === form ? rendered.failure : undefined;

  // As on a page with one form result at a time, a refusal is over once a later submit (of this
  // form or another) is answered. A fetcher keeps its last data through a redirect (a success):
  // the same data once the answer has come means no new refusal.
  const [over, setOver] = useState<unknown>(undefined);
  const submittedWith = useRef<{ data: unknown } | null>(null);
  const otherWasSubmitting = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting") submittedWith.current ??= { data: fetcher.data };
    else if (submittedWith.current) {
      if (fetcher.data === submittedWith.current.data) setOver(fetcher.data);
      submittedWith.current = null;
    }
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (otherSubmitting) otherWasSubmitting.current = true;
    else if (otherWasSubmitting.current) {
      otherWasSubmitting.current = false;
      setOver(shown);
    }
  }, [otherSubmitting, shown]);
  const failure = shown === over ? undefined : shown;
  useToastFrom(used ? failure?.toast : undefined);
  return {
    Form: fetcher.Form,
    action,
    state: fetcher.state,
    failed: failure !== undefined,
    errors: failure?.errors ?? {},
    values: failure?.values,
    submitting: fetcher.state === "submitting",
    /** A form on the page (this one or another) is being submitted. */
    busy,
  };
}
