import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user";
import { MemberPage, type MemberPageData, type MemberPages } from "~/components/users-admin/member-page";
import { auditActionLabel } from "~/domain/audit/actions";
import { listAudit } from "~/domain/audit/audit.server";
import { hasPermission } from "~/domain/permissions/permissions";
import { formatKobo } from "~/domain/shared/money";
import { pageParam } from "~/domain/shared/paging";
import { toStatementItem } from "~/domain/statement/statement-lines";
import { memberStatement } from "~/domain/statement/statement.server";
import { accountStatusOf } from "~/domain/users/account-status";
import {
  MEMBER_PAGE_LIST_SIZE,
  memberProfile,
  memberReferrals,
  memberSignInAddresses,
  memberStatusHistory,
  memberUpgrades,
  memberWithdrawals,
} from "~/domain/users/member-page.server";
import { reviewCluster } from "~/domain/risk-review/review-queue.server";
import { toMemberClusterView } from "~/domain/risk-review/review-view";
import { formatLagosDate, formatLagosDateTime } from "~/lib/lagos-time";
import { pageTitle } from "~/lib/meta";
import { requireAdmin } from "~/server/auth.server";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageTitle(matches, data?.member.name ? `${data.member.name}: Member` : "Member");

const DENIED = "Access Denied. You do not have permission to manage users.";

/** ?statement=&referrals=&withdrawals=&upgrades=&audit=: each list's page, anything unusable page 1. */
const PagesSchema = z.object({
  statement: pageParam,
  referrals: pageParam,
  withdrawals: pageParam,
  upgrades: pageParam,
  audit: pageParam,
}) satisfies z.ZodType<MemberPages>;

const seenAt = (signup: boolean, signIn: boolean) =>
  signup && signIn ? "Sign-up and a recent sign-in" : signup ? "Sign-up" : "Recent sign-in";

/**
 * GET /admin/users/:userId: one member (or advertiser) as the admins see them. Staff have no such
 * page: an admin's id, as an unknown one, is not found. Changes are made where they always are
 * (Approve / Restrict / Unrestrict post to Manage Users' action).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "manage_users", DENIED);
  // Which other accounts this one is linked to is the reviewers' to see (review_risk).
  const seesLinks = hasPermission(admin, "review_risk");
  const { db } = context.services;
  const pages = PagesSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const profile = await memberProfile(db, params.userId);
  if (!profile) throw data(null, { status: 404 });
  const id = profile.id;
  const [history, addresses, statement, referrals, withdrawals, upgrades, audit, cluster] = await Promise.all([
    memberStatusHistory(db, id),
    memberSignInAddresses(db, id),
    memberStatement(db, id, { page: pages.statement }),
    memberReferrals(db, id, pages.referrals),
    memberWithdrawals(db, id, pages.withdrawals),
    memberUpgrades(db, id, pages.upgrades),
    // Staff's addresses on these entries only for those who read the whole log (view_reports).
    listAudit(db, admin, { targetId: id, page: pages.audit, pageSize: MEMBER_PAGE_LIST_SIZE }),
    seesLinks && profile.riskClusterId ? reviewCluster(db, profile.riskClusterId) : null,
  ]);
  const result: MemberPageData = {
    member: {
      id,
      displayId: profile.displayId,
      name: profile.name,
      email: profile.email,
      advertiser: profile.role === "advertiser",
      status: accountStatusOf(profile),
      tierName: profile.tierName,
      joined: formatLagosDate(profile.createdAt),
      emailConfirmed: profile.emailConfirmedAt ? formatLagosDate(profile.emailConfirmedAt) : null,
      lastSignIn: profile.lastLoginAt ? formatLagosDateTime(profile.lastLoginAt) : null,
      referralCode: profile.referralCode,
      referredBy: profile.referredBy,
      available: formatKobo(profile.availableKobo),
      held: formatKobo(profile.heldKobo),
      earned: formatKobo(profile.earnedKobo),
      payoutsFrozen: profile.payoutsFrozenAt ? formatLagosDateTime(profile.payoutsFrozenAt) : null,
    },
    pages,
    cluster: cluster ? toMemberClusterView(cluster, id) : null,
    history: history.map((h) => ({
      id: h.id,
      label: auditActionLabel(h.action),
      by: h.actorName,
      byDisplayId: h.actorDisplayId,
      at: h.createdAt.toISOString(),
      when: formatLagosDateTime(h.createdAt),
    })),
    addresses: addresses.map((a) => ({
      network: a.network,
      seen: seenAt(a.signup, a.signIn),
      sharedWith: a.sharedWith,
      others: a.others,
    })),
    statement: {
      rows: statement.lines.map((line) => toStatementItem(line, "staff")),
      page: statement.page,
      pageCount: statement.pageCount,
      total: statement.total,
    },
    referrals: {
      ...referrals,
      rows: referrals.rows.map((r) => ({
        id: r.id,
        referred: { id: r.referredId, name: r.referredName, displayId: r.referredDisplayId },
        status: r.status,
        reward: r.rewardKobo === null ? null : formatKobo(r.rewardKobo),
        holdReason: r.holdReason,
        date: formatLagosDate(r.createdAt),
      })),
    },
    withdrawals: {
      ...withdrawals,
      rows: withdrawals.rows.map((w) => ({
        id: w.id,
        reference: w.reference,
        amount: formatKobo(w.amountKobo),
        fee: formatKobo(w.feeKobo),
        bankName: w.bankName,
        status: w.status,
        requested: formatLagosDateTime(w.requestedAt),
      })),
    },
    upgrades: {
      ...upgrades,
      rows: upgrades.rows.map((u) => ({
        id: u.id,
        reference: u.reference,
        tierName: u.tierName,
        amount: formatKobo(u.priceKobo),
        method: u.method,
        status: u.status,
        requested: formatLagosDateTime(u.createdAt),
      })),
    },
    audit: {
      rows: audit.entries.map(({ createdAt, ...entry }) => ({ ...entry, at: createdAt.toISOString() })),
      page: audit.page,
      pageCount: audit.pageCount,
      total: audit.total,
    },
  };
  return result;
}

export default function MemberAdminPage({ loaderData }: Route.ComponentProps) {
  return <MemberPage {...loaderData} />;
}
