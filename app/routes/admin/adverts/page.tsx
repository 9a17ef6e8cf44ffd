import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page";
import { ADVERTS_PATH, AdvertsPage } from "~/components/adverts-admin/adverts-page";
import { createAdvert, updateAdvert, type OverLimit } from "~/domain/adverts/manage-adverts.server";
import { advertFormSchema, ATTENTION_CHECK_FIELDS } from "~/domain/adverts/validation";
import { listHref, pageParam } from "~/domain/shared/paging";
import { forbidden } from "~/server/auth.server";
import { echoValues, formFailure, parseForm, type FailureOptions } from "~/server/forms.server";
import { advertImageFromForm, IMAGE_FIELD, readFormWithImage } from "~/server/image-upload.server";
import { redirectWithToast } from "~/server/toast.server";
import { ADVERT_GONE, ADVERTS_DENIED, requireAdvertsAdmin } from "./adverts.server";

const IntentSchema = z.object({ intent: z.enum(["create", "update"]) });
const AdvertIdSchema = z.object({ advertId: z.string().trim().min(1).max(64) });
const ECHO = [
  "title",
  "description",
  "rewardAmount",
  "maxClicks",
  ...ATTENTION_CHECK_FIELDS,
  "uploadedImage",
  "removeImage",
] as const;

/** Back to the list the admin came from (its page), without the edit dialog. */
const listUrl = (request: Request) =>
  listHref({ page: pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined) }, ADVERTS_PATH);

/**
 * The Create Advert / Edit Advert form (POST /admin/adverts, /admin/adverts/new, or the list with
 * `?edit=<id>`), a multipart post with the image file (decision 024): a refusal reopens the dialog
 * with what was typed, and an image it already stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdvertsAdmin(request, context);
  const { db } = context.services;
  const { fields: form, image } = await readFormWithImage(request);
  const intent = IntentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  const creating = intent.data.intent === "create";
  const target = creating ? null : AdvertIdSchema.safeParse(form);
  if (target && !target.success) throw data({ message: "Choose an advert to edit." }, { status: 400 });
  const advertId = target?.data?.advertId;
  // The dialog reopens as it was: which one (intent, advertId) and what was typed.
  const failed: FailureOptions = {
    toastTitle: creating ? "Creation Failed" : "Update Failed",
    values: { ...echoValues(form, ECHO), intent: intent.data.intent, ...(advertId ? { advertId } : {}) },
  };

  const parsed = parseForm(advertFormSchema(), form, failed);
  if (parsed.status !== "ok") return parsed.failure;
  const { image: choice, ...fields } = parsed.data;
  const picked = await advertImageFromForm(db, actor.id, image, choice);
  if (picked.status === "refused") return formFailure({ [IMAGE_FIELD]: picked.message }, failed);
  // A refusal from here on keeps the stored image: the admin does not send it again.
  if (picked.imageUrl) failed.values = { ...failed.values, uploadedImage: picked.imageUrl };

  if (creating) {
    const result = await createAdvert(db, actor, { ...fields, imageUrl: picked.imageUrl ?? null });
    if (result.status === "forbidden") throw forbidden(ADVERTS_DENIED);
    if (result.status === "over-limit") return overLimit(result, failed);
    return redirectWithToast(context, ADVERTS_PATH, {
      type: "success",
      title: "Advert Created",
      description: `"${parsed.data.title}" is live: members can view it now.`,
    });
  }

  const result = await updateAdvert(db, actor, advertId!, { ...fields, imageUrl: picked.imageUrl });
  switch (result.status) {
    case "forbidden":
      throw forbidden(ADVERTS_DENIED);
    case "not-found":
      return formFailure({ form: ADVERT_GONE }, { ...failed, status: 409 });
    case "max-clicks-below-current": {
      const message = `Max clicks cannot be below the ${result.currentClicks.toLocaleString("en-NG")} clicks already used.`;
      return formFailure({ maxClicks: message }, failed);
    }
    case "over-limit":
      return overLimit(result, failed);
    case "ok":
      return redirectWithToast(
        context,
        listUrl(request),
        result.changed
          ? {
              type: "success",
              title: "Advert Updated",
              description: `Your changes to "${parsed.data.title}" have been saved.`,
            }
          : { type: "info", title: "No changes to save." },
      );
  }
}

/** A reward or budget over the settings' limits: the messages on their fields, the first in the toast. */
function overLimit(result: OverLimit, failed: FailureOptions) {
  const errors = Object.fromEntries(
    Object.entries(result.errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return formFailure(errors, failed);
}

/** Manage Adverts (/admin/adverts, and /admin/adverts/new with the create dialog open). */
export default function ManageAdverts({ actionData }: Route.ComponentProps) {
  return <AdvertsPage answer={actionData} />;
}
