import type { ActionAnswer } from "~/lib/forms";

/** What a decision did, in words: a page posted without JavaScript shows no toast. */
export function AnswerNote({ answer: { ok, toast } }: { answer: ActionAnswer }) {
  return (
    <div
      role={ok ? "status" : "alert"}
      className={
        ok
          ? "rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-800"
          : "rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      }
    >
      <p className="font-semibold">{toast.title}</p>
      <p>{toast.description}</p>
    </div>
  );
}
