import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed top-14 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col sm:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const variants = {
  success: "border-green-600 bg-green-50 text-green-900",
  info: "border-gray-200 bg-white text-gray-900",
  // red-700, not red-600: white text stays above 4.5:1 (WCAG AA) on the red.
  error: "border-red-800 bg-red-700 text-white",
};

export function Toast({
  className,
  variant = "info",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: keyof typeof variants }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "relative flex w-full items-start gap-3 rounded-md border p-4 pr-11 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
        variants[variant],
        className,
      )}
      data-variant={variant}
      {...props}
    />
  );
}

export const ToastTitle = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) => (
  <ToastPrimitive.Title className={cn("text-sm font-semibold", className)} {...props} />
);
export const ToastDescription = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) => (
  <ToastPrimitive.Description className={cn("text-sm", className)} {...props} />
);
export const ToastClose = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) => (
  <ToastPrimitive.Close
    aria-label="Close"
    className={cn(
      "absolute right-1 top-1 flex h-9 w-9 items-center justify-center rounded opacity-80 hover:opacity-100 focus:outline-none focus:ring-2",
      className,
    )}
    {...props}
  >
    <X className="h-4 w-4" aria-hidden />
  </ToastPrimitive.Close>
);
