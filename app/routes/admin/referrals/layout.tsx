import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/layout";
import { REFERRAL_FILTERS } from "~/components/referrals-admin/referral-list";
import type { ReferralsAdminData } from "~/components/referrals-admin/referrals-page";
import { REVIEW_DECISIONS } from "~/components/referrals-admin/review-held";
import { heldReferral, listReferrals, referralStats } from "~/domain/referrals/admin-referrals.server";
import { formatBps } from "~/domain/shared/percentage";
import { getAppSettings } from "~/domain/settings/app-settings";
import { formatKobo, koboToDecimal } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { requireAdmin } from "~/server/auth.server";
import { pageTitle } from "~/lib/meta";

/**
 * The referral admin page's data, for the routes under this layout that render the page:
 * /admin/referrals, and the route of each of its forms (/admin/referrals/settings, the reward
 * rule; /admin/referrals/review, Release or Void of a held reward), each with its own action.
 */
export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Referral System Settings");

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  status: z.enum(REFERRAL_FILTERS).catch("all"),
  page: pageParam,
  /** The held referral whose Release or Void the page asks about (the buttons' link without JavaScript). */
  review: z.string().trim().max(64).optional().catch(undefined),
  decision: z.enum(REVIEW_DECISIONS).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "manage_referrals", "Access Denied.");
  const { review, decision, ...query } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.services.db;
  const [settings, stats, list, reviewing] = await Promise.all([
    getAppSettings(db),
    referralStats(db),
    listReferrals(db, { search: query.q, status: query.status, page: query.page }),
    review && decision ? heldReferral(db, review) : null,
  ]);
  return {
    query,
    reviewing:
      reviewing && decision
        ? {
            decision,
            referral: {
              id: reviewing.id,
              referrerName: reviewing.referrerName,
              referredName: reviewing.referredName,
              reward: formatKobo(reviewing.rewardKobo ?? 0n),
              holdReason: reviewing.holdReason,
            },
          }
        : null,
    stats: {
      totalReferrals: stats.totalReferrals,
      totalRewardsPaid: formatKobo(stats.totalRewardsPaidKobo),
      activeReferrers: stats.activeReferrers,
    },
    list: {
      ...list,
      referrals: list.referrals.map(({ rewardKobo, createdAt, ...r }) => ({
        ...r,
        reward: rewardKobo === null ? null : formatKobo(rewardKobo),
        createdAt: createdAt.toISOString(),
      })),
    },
    settings: {
      referralActive: settings.referralActive,
      rewardType: settings.referralRewardType,
      fixedAmount: koboToDecimal(settings.referralFixedKobo),
      percentage: formatBps(settings.referralPercentBps, { percentSign: false }),
    },
  } satisfies ReferralsAdminData;
}

/** A refused review (409: decided by someone else; 404: gone) reloads the list so it shows the truth. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export default function ReferralsAdminLayout() {
  return <Outlet />;
}
