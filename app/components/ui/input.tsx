import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "block w-full min-h-10 rounded-md border border-gray-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
