/**
 * A one-shot signal between concurrent transactions in a test: one side `await`s `opened`, the
 * other calls `open()` (e.g. "my row is written, go on" or "you may commit now").
 */
export function latch(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
