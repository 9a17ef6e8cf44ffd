import type { ComponentProps } from "react";
import type { BadgeTone, StatusBadges } from "~/domain/shared/status-badges";
import { cn } from "~/lib/cn";

export type { BadgeTone };

// Styles: .ui-badge* in components.css (the components layer: a `className` utility wins).
export function Badge({ tone = "gray", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return <span className={cn("ui-badge", `ui-badge-${tone}`, className)} {...props} />;
}

/**
 * The one status badge: the words and tone come from the vocabulary's `{label, tone}` map
 * (`app/domain/shared/status-badges.ts`), never from the screen. `data-status` and `data-tone`
 * let tests read which status is shown without depending on its words.
 */
export function StatusBadge<S extends string>({
  status,
  badges,
  className,
}: {
  status: S;
  badges: StatusBadges<S>;
  className?: string;
}) {
  const { label, tone } = badges[status];
  return (
    <Badge tone={tone} data-status={status} data-tone={tone} className={cn("shrink-0 whitespace-nowrap", className)}>
      {label}
    </Badge>
  );
}
