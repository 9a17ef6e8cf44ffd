import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

// Styles: .ui-toast* in components.css (the components layer: a `className` utility wins).
export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return <ToastPrimitive.Viewport className={cn("ui-toast-viewport", className)} {...props} />;
}

export type ToastVariant = "success" | "info" | "error";

export function Toast({
  className,
  variant = "info",
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn("ui-toast", `ui-toast-${variant}`, className)}
      data-variant={variant}
      {...props}
    />
  );
}

export const ToastTitle = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) => (
  <ToastPrimitive.Title className={cn("ui-toast-title", className)} {...props} />
);
export const ToastDescription = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) => (
  <ToastPrimitive.Description className={cn("ui-toast-description", className)} {...props} />
);
export const ToastClose = ({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) => (
  <ToastPrimitive.Close aria-label="Close" className={cn("ui-toast-close", className)} {...props}>
    <X className="h-4 w-4" aria-hidden />
  </ToastPrimitive.Close>
);
