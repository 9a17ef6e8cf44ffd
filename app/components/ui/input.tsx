import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-input in components.css (the components layer: a `className` utility wins).
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn("ui-input", className)} {...props} />;
}
