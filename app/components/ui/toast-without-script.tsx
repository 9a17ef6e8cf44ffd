import { useHydrated } from "~/components/ui/use-hydrated";
import type { Toast } from "~/lib/toast";

/**
 * The answer to the last post, said on the page until JavaScript has loaded (there is no toast
 * before it): a page whose buttons post without a redirect shows it above its content.
 */
export function ToastWithoutScript({ toast }: { toast: Toast | null | undefined }) {
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
