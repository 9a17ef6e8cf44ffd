import { useEffect, useState } from "react";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "~/components/ui/toast";

export type ToastMessage = {
  id?: string;
  type?: "success" | "error" | "info";
  title: string;
  description?: string;
};

type Listener = (toast: ToastMessage & { id: string }) => void;
const listeners = new Set<Listener>();
let counter = 0;

/** Shows a toast; one at a time, so a new one replaces the current one. */
export function showToast(toast: ToastMessage) {
  const withId = { ...toast, id: toast.id ?? `t${++counter}` };
  listeners.forEach((listen) => listen(withId));
}

/** Shows a toast carried by an action's data once per submission. */
export function useToastFrom(toast: ToastMessage | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

/** Spec §9: 5 s, swipe threshold 50, F8 moves focus to the toasts, one toast at a time. */
export function Toaster({ initial }: { initial?: ToastMessage | null }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: string }) | null>(null);
  useEffect(() => {
    const listen: Listener = (toast) => setCurrent(toast);
    listeners.add(listen);
    return () => void listeners.delete(listen);
  }, []);
  useToastFrom(initial);
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {current ? (
        <Toast
          key={current.id}
          variant={current.type ?? "info"}
          open
          onOpenChange={(open) => {
            if (!open) setCurrent(null);
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
