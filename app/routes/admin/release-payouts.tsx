import type { Route } from "./+types/release-payouts";
import { releasePayouts } from "~/domain/withdrawals/payout-freeze.server";
import { actorFrom, forbidden, requireAdmin } from "~/server/auth.server";
import { redirectWithToast } from "~/server/toast.server";
import { requireFreshFactor } from "~/server/second-factor.server";

const DENIED = "Access Denied. You do not have permission to manage users.";

/** A GET changes nothing: the release is the member page's button (a form post). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_users", DENIED);
  throw new Response(
    "Payouts are released with the button on the member's page: opening this address changes nothing.",
    {
      status: 405,
      headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}

/** POST /admin/users/:userId/release-payouts: an admin who has checked the account lifts the member's freeze (audited). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "manage_users", DENIED);
  await requireFreshFactor(request, context);
  const result = await releasePayouts(context.services.db, actorFrom(user, context), params.userId);
  if (result.status === "forbidden") throw forbidden(DENIED);
  const page = `/admin/users/${encodeURIComponent(params.userId)}`;
  if (result.status === "not-frozen") {
    return redirectWithToast(context, page, {
      type: "error",
      title: "Not Frozen",
      description: "This account's payouts are not frozen (another admin may have released them).",
    });
  }
  return redirectWithToast(context, page, {
    type: "success",
    title: "Payouts Released",
    description: "Withdrawals of this account can be paid again.",
  });
}
