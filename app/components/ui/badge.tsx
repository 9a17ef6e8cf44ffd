import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-badge* in components.css (the components layer: a `className` utility wins).
export type BadgeTone = "yellow" | "blue" | "green" | "red" | "gray";

export function Badge({ tone = "gray", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return <span className={cn("ui-badge", `ui-badge-${tone}`, className)} {...props} />;
}
