import { Share2 } from "lucide-react";
import { useAppName } from "~/components/app-name";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { shareLinks, shareMessage } from "~/lib/share-links";
import { cn } from "~/lib/cn";

// Share a referral link: a plain link to each network's share page (works before JavaScript),
// and, once the page has hydrated on a browser that has it, the device's own share sheet.

export function ShareActions({ link, className }: { link: string; className?: string }) {
  const appName = useAppName();
  // Rendered on the server without the button: it appears after hydration, where navigator.share exists.
  const canShare = useHydrated() && typeof navigator.share === "function";

  async function share() {
    try {
      await navigator.share({ title: appName, text: shareMessage(appName), url: link });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  }

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)} data-testid="share-actions">
      <span className="text-sm text-gray-600">Share:</span>
      {shareLinks(link, appName).map((item) => (
        <a
          key={item.network}
          href={item.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={item.label}
          data-network={item.network}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {item.text}
        </a>
      ))}
      {canShare ? (
        <Button type="button" variant="outline" size="sm" onClick={share} className="min-h-10">
          <Share2 className="h-4 w-4" aria-hidden />
          Share…
        </Button>
      ) : null}
    </div>
  );
}
