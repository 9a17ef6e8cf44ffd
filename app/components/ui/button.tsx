import { Slot } from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-btn* in components.css (the components layer: a `className` utility wins).
export type ButtonVariant = "default" | "outline" | "ghost" | "destructive" | "link";
export type ButtonSize = "default" | "sm" | "lg" | "icon";

/** The classes of a button, for elements that look like one (e.g. a disabled link). */
export function buttonVariants({ variant, size }: { variant?: ButtonVariant | null; size?: ButtonSize | null } = {}) {
  return `ui-btn ui-btn-size-${size ?? "default"} ui-btn-${variant ?? "default"}`;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant | null; size?: ButtonSize | null; asChild?: boolean }) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
