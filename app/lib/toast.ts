/**
 * The one toast type. An action sends it after a redirect with `redirectWithToast` (the signed
 * toast cookie, app/server/toast.server.ts) or, when the page stays, in its data as `toast`, which
 * the page shows with `useToastFrom` (app/components/ui/toaster.tsx). Pure, so every layer may use it.
 */
export type Toast = {
  /** Given where the toast is sent or shown: the same text twice still shows twice. */
  id?: string;
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

/** A refusal's toast: the form's or action's title, and what went wrong. */
export const errorToast = (title: string, description: string): Toast => ({ type: "error", title, description });
