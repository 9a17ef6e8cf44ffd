import { Card } from "~/components/ui/card";

/** A guarded section whose screens arrive in a later release: honest about it, never a fake. */
export function UpcomingSection({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <p className="text-gray-700">{summary}</p>
        <p className="mt-2 text-sm text-gray-500">This section is not open yet.</p>
      </Card>
    </div>
  );
}
