import { data } from "react-router";
import { z } from "zod";
import { actorFrom, requireAdmin } from "~/server/auth.server";
import type { RequestContext } from "~/server/context.server";
import { readForm } from "~/server/forms.server";

/** The Advertisers page's routes (the modules beside this one): who may use them, and which advertiser a decision is about. */

export const ADVERTISERS_DENIED = "Access Denied. You do not have permission to manage advertisers.";

/** An admin with manage_adverts, as the actor of a decision; anyone else is sent away or refused. */
export async function requireAdvertisersAdmin(request: Request, context: RequestContext) {
  return actorFrom(await requireAdmin(request, context, "manage_adverts", ADVERTISERS_DENIED), context);
}

const AdvertiserIdSchema = z.object({ userId: z.string().trim().min(1).max(64) });

/** The advertiser a decision names (the posted form, or the request to read it from); a 400 without one. */
export async function readAdvertiserId(from: Request | Record<string, string>) {
  const parsed = AdvertiserIdSchema.safeParse(from instanceof Request ? await readForm(from) : from);
  if (!parsed.success) throw data({ message: "Choose an advertiser." }, { status: 400 });
  return parsed.data.userId;
}
