import { Award } from "lucide-react";
import { Card, CardTitle } from "~/components/ui/card";

export type AchievementItem = { id: string; name: string; description: string };

export const NO_ACHIEVEMENTS = "Complete more actions to unlock achievements!";

/** Unlocked achievements (Ad View Master, Elite Viewer, Referral Champion, Network Builder). */
export function Achievements({ achievements }: { achievements: AchievementItem[] }) {
  return (
    <Card aria-labelledby="achievements-title">
      <CardTitle id="achievements-title">Achievements</CardTitle>
      {achievements.length === 0 ? (
        <p className="mt-4 text-gray-600">{NO_ACHIEVEMENTS}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="achievements">
          {achievements.map((a) => (
            <li key={a.id} className="flex items-center gap-3 rounded-md border border-yellow-200 bg-yellow-50 p-3">
              <Award className="h-6 w-6 shrink-0 text-yellow-700" aria-hidden />
              <div>
                <p className="font-semibold text-gray-900">{a.name}</p>
                <p className="text-sm text-gray-700">{a.description}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
