import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const Card = ({ className, ...props }: ComponentProps<"section">) => (
  <section className={cn("rounded-lg border border-gray-200 bg-white p-5 shadow-sm", className)} {...props} />
);
export const CardTitle = ({ className, ...props }: ComponentProps<"h2">) => (
  <h2 className={cn("text-lg font-semibold text-gray-900", className)} {...props} />
);
export const CardDescription = ({ className, ...props }: ComponentProps<"p">) => (
  <p className={cn("mt-1 text-sm text-gray-600", className)} {...props} />
);
