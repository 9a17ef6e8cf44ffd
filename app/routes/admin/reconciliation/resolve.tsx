import type { Route } from "./+types/resolve";
import { ReconciliationPage } from "~/components/payments-admin/reconciliation-page";
import { RECONCILIATION_PATH } from "~/components/payments-admin/reconciliation-query";
import { ResolveDisagreementSchema } from "~/domain/payments/disagreements";
import { RESOLVE_REFUSALS, resolveDisagreement } from "~/domain/payments/resolve-disagreement.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { errorToast } from "~/lib/toast";
import { forbidden } from "~/server/auth.server";
import { actionAnswer, echoValues, formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { RECONCILIATION_DENIED, requireReconciliationAdmin } from "./reconciliation.server";

const FAILED = "Resolution Failed";

/**
 * POST /admin/reconciliation/resolve: an open entry is marked resolved with the admin's note
 * (audited) and leaves the list to look into; back to the page with a toast. A refused note
 * reopens the dialog with what was typed; an entry gone or already resolved answers a toast on
 * the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireReconciliationAdmin(request, context);
  const form = await readForm(request);
  const values = echoValues(form, ["note"]);
  const parsed = parseForm(ResolveDisagreementSchema, form, { toastTitle: FAILED, values });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await resolveDisagreement(context.services.db, actor, parsed.data);
  switch (result.status) {
    case "forbidden":
      throw forbidden(RECONCILIATION_DENIED);
    case "note-required":
    case "note-too-long":
      return formFailure({ note: RESOLVE_REFUSALS[result.status] }, { toastTitle: FAILED, values });
    case "not-found":
      return actionAnswer(errorToast(FAILED, RESOLVE_REFUSALS[result.status]), { status: 404 });
    case "conflict":
      return actionAnswer(
        errorToast(
          FAILED,
          `${RESOLVE_REFUSALS.conflict} ${result.resolution.resolvedByName} resolved it on ${formatLagosDateTime(result.resolution.resolvedAt)}.`,
        ),
        { status: 409 },
      );
    case "ok":
      return redirectWithToast(context, RECONCILIATION_PATH, {
        type: "success",
        title: "Marked Resolved",
        description: `${result.resolution.reference} is marked resolved and listed under Resolved with your note.`,
      });
  }
}

/** The reconciliation page, with the dialog open again after a refused note (or the refusal's toast). */
export default function ResolveDisagreement({ actionData }: Route.ComponentProps) {
  return <ReconciliationPage answer={actionData} />;
}
