import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const tones = {
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  green: "bg-green-100 text-green-900 ring-green-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  gray: "bg-gray-100 text-gray-800 ring-gray-300",
};

export function Badge({ tone = "gray", className, ...props }: ComponentProps<"span"> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset", tones[tone], className)}
      {...props}
    />
  );
}
