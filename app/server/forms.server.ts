import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "~/lib/field-errors";
import type { Toast } from "~/lib/toast";

export type FormFailure = {
  ok: false;
  errors: Record<string, string>;
  toast?: Toast;
  values?: Record<string, string>;
};

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

/** A 400 (or other status) answer that the page renders as field errors plus an optional toast. */
export function formFailure(
  errors: Record<string, string>,
  options: { toast?: Toast; values?: Record<string, string>; status?: number; headers?: HeadersInit } = {},
) {
  const body: FormFailure = { ok: false, errors, toast: options.toast, values: options.values };
  return data(body, { status: options.status ?? 400, headers: options.headers });
}

export function zodFailure(error: z.ZodError, options: Parameters<typeof formFailure>[1] = {}) {
  return formFailure(fieldErrors(error), options);
}

/** Values echoed back into the form after a failed submit (never passwords). */
export function safeValues(values: Record<string, string>, keys: readonly string[]) {
  return Object.fromEntries(keys.map((k) => [k, values[k] ?? ""]));
}
