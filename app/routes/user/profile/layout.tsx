import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import type { ProfileData } from "~/components/profile/profile-page";
import { advertEarningsHistory } from "~/domain/adverts/earnings-history.server";
import { getBankDetails } from "~/domain/banks/bank-details.server";
import { balances } from "~/domain/ledger/accounts.server";
import { earnedTotals } from "~/domain/ledger/earned-totals.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import { formatKobo } from "~/domain/shared/money";
import { listMemberWithdrawals } from "~/domain/withdrawals/list-withdrawals.server";
import { toWithdrawalHistoryItem } from "~/domain/withdrawals/withdrawal-history";
import { requireMemberOrStaff } from "~/server/auth.server";
import { formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";

/**
 * The profile page's data, for the routes under this layout that render the page: /profile
 * and one route per form (/profile/name, /profile/password, /profile/bank-details,
 * /profile/withdraw), each with its own action.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireMemberOrStaff(request, context);
  const db = context.services.db;
  // Earnings, bank details and withdrawals are for members: staff earn nothing, and their profile
  // says nothing about earning.
  const isMember = user.role === "user";
  const [earned, history, member] = await Promise.all([
    isMember ? earnedTotals(db, user.id) : null,
    isMember ? advertEarningsHistory(db, user.id, { limit: 50 }) : null,
    isMember ? memberMoney(db, user.id) : null,
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
        id: row.viewId,
        date: formatLagosDateTime(row.earnedAt),
        advert: row.advertTitle,
        amount: formatKobo(row.amountKobo),
      })) ?? null,
    member,
  } satisfies ProfileData;
}

type Db = Route.LoaderArgs["context"]["services"]["db"];

async function memberMoney(db: Db, userId: string) {
  const [bankDetails, money, settings, withdrawals] = await Promise.all([
    getBankDetails(db, userId),
    balances(db, userId),
    getAppSettings(db),
    listMemberWithdrawals(db, userId, { limit: 20 }),
  ]);
  return {
    bankDetails,
    terms: {
      availableKobo: money.availableKobo.toString(),
      minKobo: settings.minWithdrawalKobo.toString(),
      maxKobo: settings.maxWithdrawalKobo.toString(),
      feeBps: settings.withdrawalFeeBps,
    },
    // A new key with every render of the form: resubmitting this render (double tap, retry after
    // a timeout) sends the same key and makes one withdrawal; the page after a successful
    // request (a redirect, so a fresh load) carries a new one.
    withdrawKey: newId(),
    withdrawals: withdrawals.map(toWithdrawalHistoryItem),
  };
}

export default function ProfileLayout() {
  return <Outlet />;
}
