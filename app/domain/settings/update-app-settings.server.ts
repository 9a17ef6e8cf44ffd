import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";

export type UpdateBrandingResult = { ok: true; changed: boolean } | { ok: false; reason: "forbidden" };

/** Application name and logo. Audited with before/after when anything changes. */
export async function updateBranding(
  db: Database,
  actor: Actor,
  input: { appName: string; logoUrl: string },
): Promise<UpdateBrandingResult> {
  if (!hasPermission(actor, "manage_settings")) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ appName: appSettings.appName, logoUrl: appSettings.logoUrl })
      .from(appSettings)
      .where(eq(appSettings.id, 1))
      .for("update");
    if (!current) throw new Error("app settings are missing: the database was not seeded");
    if (current.appName === input.appName && current.logoUrl === input.logoUrl) return { ok: true, changed: false };
    await tx
      .update(appSettings)
      .set({ appName: input.appName, logoUrl: input.logoUrl, updatedAt: new Date() })
      .where(eq(appSettings.id, 1));
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      targetType: "settings",
      before: current,
      after: { appName: input.appName, logoUrl: input.logoUrl },
    });
    return { ok: true, changed: true };
  });
}
