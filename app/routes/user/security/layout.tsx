import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { SecurityData } from "~/components/security/security-page";
import { isStaff } from "~/domain/permissions/permissions";
import { factorStatus } from "~/domain/second-factor/factors.server";
import { requireMemberOrStaff } from "~/server/auth.server";
import { authenticatorOffer } from "~/server/second-factor.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Security");

/**
 * The Security page's data (decision 030), for /security and the route of each of its forms
 * (/security/turn-on, /security/recovery-codes, /security/turn-off, /security/passkeys).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberOrStaff(request, context);
  const status = await factorStatus(context.services.db, user.id);
  const offer = status.enrolled ? null : (await authenticatorOffer(request, context, user)).offer;
  return {
    staff: isStaff(user.role),
    enrolled: status.enrolled,
    recoveryCodesLeft: status.recoveryCodesLeft,
    passkeys: status.passkeys.map((key) => ({
      id: key.id,
      name: key.name,
      added: formatLagosDateTime(key.createdAt),
      lastUsed: key.lastUsedAt ? formatLagosDateTime(key.lastUsedAt) : null,
    })),
    offer,
  } satisfies SecurityData;
}

export default function SecurityLayout() {
  return <Outlet />;
}
