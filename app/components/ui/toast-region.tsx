import type { ShownToast } from "~/components/ui/toaster";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "~/components/ui/toast";

/** The Radix toast region; loaded by Toaster (toaster.tsx) with the first toast. */
export default function ToastRegion({ current, onClose }: { current: ShownToast | null; onClose: () => void }) {
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {current ? (
        <Toast
          key={current.id}
          variant={current.type ?? "info"}
          open
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{current.title}</ToastTitle>
            {current.description ? <ToastDescription>{current.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ) : null}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
