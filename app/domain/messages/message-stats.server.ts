import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema";

/** Every message ever sent on the platform (the admin dashboard's Total Messages). */
export async function countAllMessages(db: Database): Promise<number> {
  return db.$count(messages);
}
