import { openPglite, openPostgres } from "~/db/client.server";
import { resetStaffFactorFromServer } from "~/domain/second-factor/reset-from-server.server";
import type { Config } from "./config.server";

/**
 * `npm run second-factor:reset -- <email>` (scripts/reset-second-factor.js): opens the app's
 * database as the app does (DATABASE_URL, or the embedded one in DATA_DIR, which only one
 * process may open: stop the app first) and resets that staff account's second factor.
 */
export async function resetSecondFactorFromServer(config: Config, email: string) {
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, undefined, { max: 1 })
    : await openPglite(config.dataDir);
  try {
    return await resetStaffFactorFromServer(database.db, email);
  } finally {
    await database.close();
  }
}
