import { useHydrated } from "~/components/ui/use-hydrated";
import type { Toast } from "~/lib/toast";

/**
 * Without JavaScript there is no toast: the answer to the last post (its toast) is said on the
 * page instead, where the toast would have shown. Nothing once the page has loaded.
 */
export function AnswerNote({ toast }: { toast: Toast | undefined }) {
  const hydrated = useHydrated();
  if (hydrated || !toast) return null;
  return (
    <p
      role="status"
      className={
        toast.type === "error"
          ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          : "rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
      }
    >
      <span className="font-semibold">{toast.title}.</span> {toast.description}
    </p>
  );
}
