import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notices } from "~/db/schema";

/** Notices still on a board (the admin dashboard's Active Notices). */
export async function countActiveNotices(db: Database): Promise<number> {
  return db.$count(notices, eq(notices.isActive, true));
}
