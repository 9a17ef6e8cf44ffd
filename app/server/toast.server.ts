import { redirect } from "react-router";
import { z } from "zod";
import { randomUUID } from "node:crypto";
import type { RequestContext } from "./context.server";

export const ToastSchema = z.object({
  id: z.string().default(() => randomUUID()),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/** Sets a toast that survives the redirect (short-lived signed cookie, read once). */
export async function toastCookieHeader(context: RequestContext, toast: ToastInput): Promise<string> {
  return context.services.cookies.toast.serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(
  context: RequestContext,
  url: string,
  toast: ToastInput,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(context, toast));
  return redirect(url, { headers });
}

/** Reads and clears the pending toast, if any. */
export async function takeToast(request: Request, context: RequestContext) {
  const cookie = context.services.cookies.toast;
  const value = await cookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(value);
  if (!parsed.success) return { toast: null, headers: undefined };
  return { toast: parsed.data, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}
