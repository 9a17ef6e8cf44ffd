import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** How long the button shows its tick after a copy. */
export const COPIED_TICK_MS = 2000;

/** Copies with the clipboard API, or else the old way from the selection (phones on plain http, older WebViews). */
async function copyToClipboard(text: string, element: HTMLElement): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): fall back to the selection.
  }
  selectContents(element);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function selectContents(element: HTMLElement) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * A value shown as plain, selectable text (so it can be copied by hand before JavaScript loads)
 * with a Copy button: a toast and a tick for two seconds; where the browser cannot copy, the text
 * is left selected and a toast says to copy it.
 */
export function CopyText({
  value,
  label,
  copiedTitle,
  testId,
  className,
  valueClassName,
}: {
  value: string;
  /** What is copied, for screen readers and the fallback toast ("referral code"). */
  label: string;
  copiedTitle: string;
  testId: string;
  className?: string;
  valueClassName?: string;
}) {
  const textRef = useRef<HTMLSpanElement>(null);
  // When the last copy happened: a second copy within two seconds restarts the tick.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const copied = copiedAt !== null;
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_TICK_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    const element = textRef.current;
    if (!element) return;
    if (await copyToClipboard(value, element)) {
      setCopiedAt(Date.now());
      window.getSelection()?.removeAllRanges();
      showToast({ type: "success", title: copiedTitle });
    } else {
      selectContents(element);
      showToast({
        type: "info",
        title: "Copy It Yourself",
        description: `This browser cannot copy for you: your ${label} is selected, use your device's Copy.`,
      });
    }
  }

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <span
        ref={textRef}
        className={cn(
          "min-w-0 flex-1 select-all break-all rounded-md border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900",
          valueClassName,
        )}
        data-testid={testId}
      >
        {value}
      </span>
      <Button type="button" variant="outline" onClick={copy} data-copied={copied ? "true" : undefined}>
        {copied ? <Check className="h-4 w-4 text-green-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        {copied ? "Copied" : "Copy"}
        <span className="sr-only"> {label}</span>
      </Button>
    </div>
  );
}

/** A labelled value to copy (an amount, a reference, an account number): its label over it. */
export function CopyRow({
  label,
  value,
  what,
  testId,
}: {
  label: string;
  value: string;
  what: string;
  testId: string;
}) {
  return (
    <div className="grid gap-1">
      <span className="text-gray-600">{label}</span>
      <CopyText value={value} label={what} copiedTitle={`${label} Copied`} testId={testId} />
    </div>
  );
}
