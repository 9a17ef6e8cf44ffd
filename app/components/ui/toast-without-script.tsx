import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/toast";

/**
 * A toast said in the page's own words, where the page shows it (above its form, say): for a
 * page that says the toast its redirect brought (`SAYS_REDIRECT_TOAST`, app/components/ui/toaster.tsx),
 * with or without JavaScript, and for ToastWithoutScript.
 */
export function ToastInPage({ toast, className }: { toast: Toast | null | undefined; className?: string }) {
  if (!toast) return null;
  return (
    <p
      role="status"
      data-testid="page-toast"
      className={cn(
        toast.type === "error"
          ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          : "rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900",
        className,
      )}
    >
      <span className="font-semibold">{toast.title}.</span> {toast.description}
    </p>
  );
}

/**
 * The answer to the last post, said on the page until JavaScript has loaded (there is no toast
 * before it): a page whose buttons post without a redirect shows it above its content.
 */
export function ToastWithoutScript({ toast }: { toast: Toast | null | undefined }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return <ToastInPage toast={toast} />;
}
