import { redirect } from "react-router";
import type { Route } from "./+types/freeze-payouts";
import { FreezePayouts } from "~/components/payouts/freeze-payouts";
import { FREEZE_PAYOUTS_PATH } from "~/domain/mail/templates";
import { homePathFor, isStaff } from "~/domain/permissions/permissions";
import { freezePayouts, payoutsFrozenAt } from "~/domain/withdrawals/payout-freeze.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { actorFrom, requireMemberStaffOrAdvertiser } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Freeze payouts");

/** A member's or an advertiser's own payouts; staff have none and go home. */
async function requirePayee(request: Request, context: Route.LoaderArgs["context"]) {
  const user = await requireMemberStaffOrAdvertiser(request, context);
  if (isStaff(user.role)) throw redirect(homePathFor(user.role));
  return user;
}

/** GET /payouts/freeze (the bank-details-changed mail's link): the button, or the freeze in place. Changes nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePayee(request, context);
  const frozenAt = await payoutsFrozenAt(context.services.db, user.id);
  const advertiser = user.role === "advertiser";
  return {
    frozenAt: frozenAt ? formatLagosDateTime(frozenAt) : null,
    bankDetailsPath: advertiser ? "/advertiser/payouts" : "/profile",
    home: homePathFor(user.role),
  };
}

/** POST: freezes the signed-in account's payouts until an admin releases them (audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePayee(request, context);
  await freezePayouts(context.services.db, actorFrom(user, context));
  return redirectWithToast(context, FREEZE_PAYOUTS_PATH, {
    type: "success",
    title: "Payouts Frozen",
    description: "Nothing will be paid from your balance until an admin has checked your account.",
  });
}

export default function FreezePayoutsPage({ loaderData }: Route.ComponentProps) {
  return <FreezePayouts {...loaderData} />;
}
