import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { ProfileData } from "~/components/profile/profile-page";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { earningsHistory } from "~/domain/ledger/earnings-history.server";
import { formatKobo } from "~/domain/shared/money";
import { withdrawFormData } from "~/domain/withdrawals/withdraw-form.server";
import { requireMemberOrStaff } from "~/server/auth.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

/**
 * The profile page's data, for the routes under this layout that render the page: /profile
 * and one route per form (/profile/name, /profile/password, /profile/bank-details,
 * /profile/withdraw), each with its own action.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Profile");

/** The profile's Earnings history shows the latest rewards; the statement has them all. */
const EARNINGS_SHOWN = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberOrStaff(request, context);
  const db = context.services.db;
  // Earnings, bank details and withdrawals are for members: staff earn nothing, and their profile
  // says nothing about earning.
  const isMember = user.role === "user";
  const [earned, history, member] = await Promise.all([
    isMember ? earnedTotals(db, user.id) : null,
    isMember ? earningsHistory(db, user.id, { limit: EARNINGS_SHOWN }) : null,
    isMember ? withdrawFormData(db, user.id, "member") : null,
  ]);
  return {
    name: user.name,
    email: user.email,
    displayId: user.displayId,
    joined: user.createdAt.toISOString(),
    totalEarnings: earned ? formatKobo(earned.totalKobo) : null,
    approved: user.isApproved,
    earnings:
      history?.map((row) => ({
        id: row.transferId,
        date: formatLagosDateTime(row.earnedAt),
        kind: row.kind,
        source: row.advertTitle ?? row.referredName,
        amount: formatKobo(row.amountKobo),
      })) ?? null,
    earningsShownAtMost: EARNINGS_SHOWN,
    member: member && { ...member, resolveNames: context.services.paymentProvider !== undefined },
  } satisfies ProfileData;
}

export default function ProfileLayout() {
  return <Outlet />;
}
