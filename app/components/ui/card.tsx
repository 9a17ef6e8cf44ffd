import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-card* in components.css (the components layer: a `className` utility wins).
export const Card = ({ className, ...props }: ComponentProps<"section">) => (
  <section className={cn("ui-card", className)} {...props} />
);

export const CardTitle = ({ className, ...props }: ComponentProps<"h2">) => (
  <h2 className={cn("ui-card-title", className)} {...props} />
);

export const CardDescription = ({ className, ...props }: ComponentProps<"p">) => (
  <p className={cn("ui-card-description", className)} {...props} />
);
