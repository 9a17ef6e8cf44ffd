import { sql } from "drizzle-orm";
import { adverts } from "~/db/schema";

/**
 * The advert is live now: active and between its start and end (a campaign's dates; an admin's
 * advert has none). The condition is the database's advert_is_live (migration 0021), the one the
 * claim (claim_advert_reward) follows: members' lists, the opening of an advert and the attention
 * check's other titles all read it from here.
 */
export const advertIsLive = sql`advert_is_live(${adverts.isActive}, ${adverts.startsAt}, ${adverts.endsAt}, now())`;
