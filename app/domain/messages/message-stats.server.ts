import type { Database } from "~/db/client.server";
import { counterTotals } from "~/domain/stats/rollups.server";

/** Every message ever sent on the platform (the admin dashboard's Total Messages), from its counter. */
export async function countAllMessages(db: Database): Promise<number> {
  return (await counterTotals(db, ["messages"])).messages;
}
