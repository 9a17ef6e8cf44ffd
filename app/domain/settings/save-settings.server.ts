import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings, type AppSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { lockAppSettings } from "./app-settings";

type Json = string | number | boolean | null;

/**
 * One settings form's change, the way every settings form saves: in one transaction under the
 * settings row's lock, compared as the audit log will show it (`audited`: the fields in words and
 * naira), written only when something differs, with one `settings.update` audit row (before and
 * after). The caller checked the permission and the values.
 */
export async function saveSettingsChange(
  db: Database,
  actor: Actor,
  change: {
    audited: (settings: AppSettings) => Record<string, Json>;
    next: Partial<Omit<AppSettings, "id" | "createdAt" | "updatedAt">>;
  },
): Promise<{ status: "ok"; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockAppSettings(tx, "update");
    const before = change.audited(current);
    const after = change.audited({ ...current, ...change.next });
    if (JSON.stringify(before) === JSON.stringify(after)) return { status: "ok" as const, changed: false };
    await tx
      .update(appSettings)
      .set({ ...change.next, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    await recordAudit(tx, { actor, action: "settings.update", targetType: "settings", before, after });
    return { status: "ok" as const, changed: true };
  });
}
