import type { Route } from "./+types/turn-off";
import { SecurityPage } from "~/components/security/security-page";
import { isStaff } from "~/domain/permissions/permissions";
import { turnOffSecondFactor } from "~/domain/second-factor/factors.server";
import { forbidden, requireMemberOrStaff } from "~/server/auth.server";
import { requireFreshFactor } from "~/server/second-factor.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * POST /security/turn-off: a member turns two-step verification off, after a fresh code. Staff
 * cannot: theirs is required (a lost phone is reset by the super admin).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMemberOrStaff(request, context);
  if (isStaff(user.role)) throw forbidden("Staff accounts always use two-step verification.");
  await requireFreshFactor(request, context);
  await turnOffSecondFactor(context.services.db, user.id);
  return redirectWithToast(context, "/security", {
    type: "success",
    title: "Two-Step Verification Off",
    description: "Logging in and withdrawing no longer ask for a code from your app.",
  });
}

export default function TurnOff() {
  return <SecurityPage />;
}
