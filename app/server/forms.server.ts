import { data } from "react-router";
import { z } from "zod";
import { fieldErrors, firstError, type ActionAnswer, type FieldErrors, type FormFailure } from "~/lib/forms";
import { errorToast, type Toast } from "~/lib/toast";

/**
 * Forms (docs/decisions/016-forms.md): `readForm`, then `parseForm` with the form's one zod
 * schema; a refusal, from the schema or later from the domain, is a `formFailure`. Either way
 * the page gets the same `FormFailure`, and renders it with or without JavaScript.
 */

/** Reads a form into a plain object of strings (files and repeated keys are ignored). */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** Like readForm, plus every value of the named repeated fields (e.g. ticked checkboxes). */
export async function readFormWithLists<K extends string>(request: Request, listKeys: readonly K[]) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !listKeys.includes(key as K) && !(key in fields)) fields[key] = value;
  }
  const lists = Object.fromEntries(
    listKeys.map((key) => [key, form.getAll(key).filter((v): v is string => typeof v === "string")]),
  ) as Record<K, string[]>;
  return { fields, lists };
}

export type FailureOptions = {
  /** Echoed back into the form: `echoValues`, so never a password. */
  values?: Record<string, string>;
  /** The page stays and shows an error toast: this title, the first field's error as its text. */
  toastTitle?: string;
  /** Or a toast of its own, when its text is not the field's. */
  toast?: Toast;
  status?: number;
  headers?: HeadersInit;
};

/** A refused submit: a 400 (or `status`) whose data the page renders as field errors, echoed values and a toast. */
export function formFailure(errors: FieldErrors, options: FailureOptions = {}) {
  const toast = options.toast ?? (options.toastTitle ? errorToast(options.toastTitle, firstError(errors)) : undefined);
  const body: FormFailure = { ok: false, errors, values: options.values, toast };
  return data(body, { status: options.status ?? 400, headers: options.headers });
}

/**
 * Parses a submit with the form's schema: `{ status: "ok", data }`, or `"invalid"` with the
 * refusal to return as it is (the schema's errors in the form's field order, with `options` as
 * formFailure takes them) and those errors, for a form whose refusal says more than its fields do.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
  options: FailureOptions = {},
) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { status: "ok" as const, data: parsed.data as z.output<S> };
  const order = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const errors = fieldErrors(parsed.error, order);
  return { status: "invalid" as const, errors, failure: formFailure(errors, options) };
}

/** The submitted values of the named fields, to echo back into the form (never list a password). */
export function echoValues(values: Record<string, string>, keys: readonly string[]) {
  return Object.fromEntries(keys.map((k) => [k, values[k] ?? ""]));
}

/**
 * The answer of an action that is not a form: `ok` unless its toast is an error, a 200 then, else
 * `status` (400 unless given). One shape for every such action (docs/architecture.md).
 */
export function actionAnswer(toast: Toast, options: { status?: number; intent?: string; headers?: HeadersInit } = {}) {
  const ok = toast.type !== "error";
  const body: ActionAnswer = { ok, toast, ...(options.intent ? { intent: options.intent } : {}) };
  return data(body, { status: ok ? 200 : (options.status ?? 400), headers: options.headers });
}
