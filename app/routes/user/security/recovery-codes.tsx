import type { Route } from "./+types/recovery-codes";
import { SecurityPage } from "~/components/security/security-page";
import { regenerateRecoveryCodes } from "~/domain/second-factor/factors.server";
import { requireMemberOrStaff } from "~/server/auth.server";
import { formFailure } from "~/server/forms.server";
import { requireFreshFactor } from "~/server/second-factor.server";

/** POST /security/recovery-codes: ten new recovery codes (the old ones stop working), after a fresh code. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  await requireFreshFactor(request, context);
  const result = await regenerateRecoveryCodes(context.services.db, user.id);
  if (result.status !== "ok")
    return formFailure({ form: "Turn on two-step verification first." }, { toastTitle: "Action Failed", status: 409 });
  return {
    ok: true as const,
    recoveryCodes: result.recoveryCodes,
    toast: {
      type: "success" as const,
      title: "New Recovery Codes",
      description: "Your old recovery codes no longer work. Save the new ones now.",
    },
  };
}

export default function NewRecoveryCodes({ actionData }: Route.ComponentProps) {
  return <SecurityPage answer={actionData} />;
}
