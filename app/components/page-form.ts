import { useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { useToastFrom } from "~/components/ui/toaster";
import type { FormFailure } from "~/lib/forms";
import type { Toast } from "~/lib/toast";

/**
 * An answer that keeps a form on the page without refusing it: a step of a two-step form (the
 * bank details' "Check account" answers the name to confirm).
 */
export type PageFormStep = { ok: true; toast?: Toast };

/**
 * A refused submit rendered by the server: without JavaScript a form lands on its own route. A
 * page whose forms answer a step (`A`) renders that the same way.
 */
export type RenderedFailure<F extends string = string, A extends PageFormStep = never> = {
  form: F;
  failure: FormFailure | A;
};

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
export function usePageForm<F extends string, A extends PageFormStep = never>(
  page: string,
  form: F,
  action: string,
  rendered: RenderedFailure<F, A> | undefined,
) {
  const prefix = `${page}-form:`;
  const key = prefix + form;
  const fetcher = useFetcher<FormFailure | A>({ key });
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
  const current = shown === over ? undefined : shown;
  const failure = current?.ok === false ? current : undefined;
  useToastFrom(used ? current?.toast : undefined);
  return {
    Form: fetcher.Form,
    action,
    state: fetcher.state,
    failed: failure !== undefined,
    errors: failure?.errors ?? {},
    values: failure?.values,
    /** The step this form's last submit answered (a success that stays on the page), if any. */
    step: current?.ok === true ? current : undefined,
    submitting: fetcher.state === "submitting",
    /** A form on the page (this one or another) is being submitted. */
    busy,
  };
}
