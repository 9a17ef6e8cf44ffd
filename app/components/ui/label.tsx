import * as LabelPrimitive from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-label in components.css (the components layer: a `className` utility wins).
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn("ui-label", className)} {...props} />;
}
