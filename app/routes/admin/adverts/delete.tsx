import { z } from "zod";
import type { Route } from "./+types/delete";
import { AdvertsPage } from "~/components/adverts-admin/adverts-page";
import { deleteAdvert } from "~/domain/adverts/manage-adverts.server";
import { forbidden } from "~/server/auth.server";
import { actionAnswer, readForm } from "~/server/forms.server";
import { errorToast } from "~/lib/toast";
import { ADVERT_GONE, ADVERTS_DENIED, requireAdvertsAdmin } from "./adverts.server";

const AdvertIdSchema = z.object({ advertId: z.string().trim().min(1).max(64) });

/**
 * POST /admin/adverts/delete (confirmed in a dialog first): an advert nobody viewed is erased,
 * one that was viewed is deactivated, its views and payments kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdvertsAdmin(request, context);
  const target = AdvertIdSchema.safeParse(await readForm(request));
  if (!target.success) return actionAnswer(errorToast("Delete Failed", "Choose an advert to delete."));
  const result = await deleteAdvert(context.services.db, actor, target.data.advertId);
  if (result.status === "forbidden") throw forbidden(ADVERTS_DENIED);
  if (result.status === "not-found") return actionAnswer(errorToast("Delete Failed", ADVERT_GONE), { status: 409 });
  return actionAnswer({
    type: "success",
    title: "Advert Deleted",
    description:
      result.status === "erased"
        ? "The advert has been deleted."
        : "Members had already viewed this advert, so it was deactivated instead of erased: it is hidden everywhere and can no longer be claimed, and its views and payments are kept.",
  });
}

/** A GET shows Manage Adverts; a post here without JavaScript shows the page with its answer. */
export default function DeleteAdvert({ actionData }: Route.ComponentProps) {
  return <AdvertsPage answer={actionData} />;
}
