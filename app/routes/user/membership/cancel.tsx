import { z } from "zod";
import type { Route } from "./+types/cancel";
import { UpgradePage } from "~/components/membership/upgrade-page";
import { cancelUpgrade } from "~/domain/memberships/request-upgrade.server";
import { formatKobo } from "~/domain/shared/money";
import { errorToast } from "~/lib/toast";
import { requireMember } from "~/server/auth.server";
import { formFailure, parseForm, readForm } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";

const CancelSchema = z.object({ requestId: z.string({ error: "No request to cancel." }).min(1).max(100) });

const FAILED = "Cancel Failed";

/** POST /membership/upgrade/cancel: the member cancels their own pending request; a held price returns. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  const parsed = parseForm(CancelSchema, await readForm(request), { toastTitle: FAILED });
  if (parsed.status !== "ok") return parsed.failure;
  const result = await cancelUpgrade(context.services.db, { userId: user.id, requestId: parsed.data.requestId });
  switch (result.status) {
    case "ok": {
      const r = result.request;
      return redirectWithToast(context, "/dashboard", {
        type: "success",
        title: "Upgrade Request Cancelled",
        description:
          r.method === "balance"
            ? `Your upgrade request ${r.reference} has been cancelled. ${formatKobo(r.priceKobo)} has been returned to your available balance.`
            : `Your upgrade request ${r.reference} has been cancelled.`,
      });
    }
    case "not-found": {
      // Another member's request is answered as if it did not exist.
      const message = "That upgrade request was not found.";
      return formFailure({ form: message }, { toast: errorToast(FAILED, message), status: 404 });
    }
    case "conflict": {
      const message = `This request can no longer be cancelled: it has been ${result.current}.`;
      return formFailure({ form: message }, { toast: errorToast(FAILED, message), status: 409 });
    }
  }
}

/**
 * The upgrade page (also what a GET here shows: it changes nothing), with the refusal when the
 * cancel form was posted without JavaScript.
 */
export default function CancelUpgrade({ actionData }: Route.ComponentProps) {
  return <UpgradePage rendered={actionData && { form: "cancel", failure: actionData }} />;
}
