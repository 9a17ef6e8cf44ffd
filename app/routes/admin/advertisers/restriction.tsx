import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/restriction";
import { AdvertisersPage } from "~/components/advertisers-admin/advertisers-page";
import { RESTRICT_ADVERTISER_REFUSALS, setAdvertiserRestricted } from "~/domain/advertisers/restrict-advertiser.server";
import { forbidden } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { errorToast } from "~/lib/toast";
import { ADVERTISERS_DENIED, readAdvertiserId, requireAdvertisersAdmin } from "./advertisers.server";

const IntentSchema = z.object({ intent: z.enum(["restrict", "unrestrict"]) });

/**
 * POST /admin/advertisers/restriction (confirmed first): restrict an advertiser (signed out at
 * once, cannot sign in; their running campaigns keep running) or lift it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdvertisersAdmin(request, context);
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  const userId = await readAdvertiserId(form);
  const restrict = intent.data.intent === "restrict";
  const result = await setAdvertiserRestricted(context.services.db, actor, userId, restrict);
  const failed = restrict ? "Restriction Failed" : "Unrestriction Failed";
  switch (result.status) {
    case "forbidden":
      throw forbidden(ADVERTISERS_DENIED);
    case "not-found":
      return actionAnswer(errorToast(failed, RESTRICT_ADVERTISER_REFUSALS["not-found"]), { status: 404 });
    case "conflict":
      return actionAnswer(
        errorToast(
          failed,
          result.restricted
            ? "This advertiser is already restricted, perhaps by another admin."
            : "This advertiser is not restricted, perhaps unrestricted by another admin.",
        ),
        { status: 409 },
      );
    case "ok":
      return actionAnswer(
        restrict
          ? {
              type: "success",
              title: "Advertiser Restricted",
              description: "They have been signed out and cannot sign in. Their running campaigns were not stopped.",
            }
          : { type: "success", title: "Advertiser Unrestricted", description: "They can sign in again." },
      );
  }
}

/** The Advertisers page, with this decision's answer (said on the page before JavaScript has loaded). */
export default function AdvertiserRestriction({ actionData }: Route.ComponentProps) {
  return <AdvertisersPage answer={actionData} />;
}
