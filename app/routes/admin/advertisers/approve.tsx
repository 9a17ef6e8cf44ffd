import type { Route } from "./+types/approve";
import { AdvertisersPage } from "~/components/advertisers-admin/advertisers-page";
import { REVIEW_ADVERTISER_REFUSALS, reviewAdvertiser } from "~/domain/advertisers/review-advertiser.server";
import { forbidden } from "~/server/auth.server";
import { actionAnswer } from "~/server/forms.server";
import { errorToast } from "~/lib/toast";
import { ADVERTISERS_DENIED, readAdvertiserId, requireAdvertisersAdmin } from "./advertisers.server";

/** POST /admin/advertisers/approve (confirmed first): the business may run campaigns, and is emailed. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdvertisersAdmin(request, context);
  const userId = await readAdvertiserId(request);
  const result = await reviewAdvertiser(
    context.services.db,
    actor,
    userId,
    "approve",
    undefined,
    context.services.config.appUrl,
  );
  if (result.status === "forbidden") throw forbidden(ADVERTISERS_DENIED);
  if (result.status !== "ok") {
    return actionAnswer(errorToast("Approval Failed", REVIEW_ADVERTISER_REFUSALS[result.status]), { status: 409 });
  }
  void context.services.flushMail();
  return actionAnswer({
    type: "success",
    title: "Advertiser Approved",
    description: "The business can now create campaigns. They have been emailed.",
  });
}

/** The Advertisers page, with this decision's answer (said on the page before JavaScript has loaded). */
export default function ApproveAdvertiser({ actionData }: Route.ComponentProps) {
  return <AdvertisersPage answer={actionData} />;
}
