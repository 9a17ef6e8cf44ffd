import type { Route } from "./+types/reject";
import { AdvertisersPage } from "~/components/advertisers-admin/advertisers-page";
import { advertisersHref, readAdvertisersQuery } from "~/components/advertisers-admin/advertisers-query";
import { REVIEW_ADVERTISER_REFUSALS, reviewAdvertiser } from "~/domain/advertisers/review-advertiser.server";
import { rejectionReason } from "~/domain/advertisers/validation";
import { forbidden } from "~/server/auth.server";
import { formFailure, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { errorToast } from "~/lib/toast";
import { ADVERTISERS_DENIED, readAdvertiserId, requireAdvertisersAdmin } from "./advertisers.server";

/**
 * POST /admin/advertisers/reject: the business may not run campaigns; it is emailed the reason.
 * A missing reason reopens the dialog with what was typed; back to the list otherwise.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdvertisersAdmin(request, context);
  const form = await readForm(request);
  const userId = await readAdvertiserId(form);
  const list = advertisersHref(readAdvertisersQuery(request.url));
  const typed = { reason: (form.reason ?? "").slice(0, 2000), userId };
  const reason = rejectionReason.safeParse(form.reason ?? "");
  if (!reason.success) {
    return formFailure(
      { reason: reason.error.issues[0]?.message ?? "Please give a reason for the rejection" },
      { toastTitle: "Rejection Failed", values: typed },
    );
  }
  const { db, config } = context.services;
  const result = await reviewAdvertiser(db, actor, userId, "reject", reason.data, config.appUrl);
  switch (result.status) {
    case "forbidden":
      throw forbidden(ADVERTISERS_DENIED);
    case "reason-required":
      return formFailure(
        { reason: REVIEW_ADVERTISER_REFUSALS["reason-required"] },
        { toastTitle: "Rejection Failed", values: typed },
      );
    case "not-found":
    case "conflict":
      return redirectWithToast(
        context,
        list,
        errorToast("Rejection Failed", REVIEW_ADVERTISER_REFUSALS[result.status]),
      );
    case "ok":
      void context.services.flushMail();
      return redirectWithToast(context, list, {
        type: "success",
        title: "Advertiser Rejected",
        description: "The business has been emailed the reason.",
      });
  }
}

/** The Advertisers page, with the reject dialog open again after a refused reason. */
export default function RejectAdvertiser({ actionData }: Route.ComponentProps) {
  return <AdvertisersPage answer={actionData} />;
}
