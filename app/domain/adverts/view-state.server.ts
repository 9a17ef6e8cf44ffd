import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertViews } from "~/db/schema";

/** Whether the member has opened this advert ("View Advert") and whether they were rewarded. */
export async function advertViewState(db: Database, userId: string, advertId: string): Promise<"none" | "started" | "claimed"> {
  const [view] = await db
    .select({ claimedAt: advertViews.claimedAt })
    .from(advertViews)
    .where(and(eq(advertViews.advertId, advertId), eq(advertViews.userId, userId)));
  if (!view) return "none";
  return view.claimedAt ? "claimed" : "started";
}
