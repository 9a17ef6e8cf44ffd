import type { Database } from "~/db/client.server";
import { emailsTo } from "~/domain/mail/outbox.server";

/** The first link in the newest mail to an address whose link path starts with `pathPrefix`. */
export async function latestLink(db: Database, to: string, pathPrefix: string): Promise<URL> {
  for (const mail of await emailsTo(db, to)) {
    for (const match of mail.textBody.matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(match[0]);
      if (url.pathname.startsWith(pathPrefix)) return url;
    }
  }
  throw new Error(`no mail to ${to} with a ${pathPrefix} link`);
}
