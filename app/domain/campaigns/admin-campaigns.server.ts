import { storedCheck, type CustomCheck } from "~/domain/adverts/attention-check";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { advertiserProfiles, adverts, campaigns, ledgerAccounts, users } from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { onPage, pageWindow, type PageInfo } from "~/domain/shared/paging";
import { ADMIN_CAMPAIGN_FILTERS, type AdminCampaignFilter } from "./review-validation";
import type { CampaignStatus } from "./rules";

export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

/** One campaign as the admin reviews it. */
export type AdminCampaign = {
  id: string;
  reference: string;
  status: CampaignStatus;
  businessName: string;
  advertiserEmail: string;
  title: string;
  description: string;
  /** The advertiser's own attention check, reviewed with the advert (it reaches members as set). */
  check: CustomCheck | null;
  imageUrl: string | null;
  rewardKobo: Kobo;
  viewsWanted: number;
  /** Views paid so far (its advert's clicks); 0 before it runs. */
  viewsDone: number;
  feeBps: number;
  feePerViewKobo: Kobo;
  budgetKobo: Kobo;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  fundedAt: Date | null;
  activatedAt: Date | null;
};

/**
 * The campaigns in one status for the admin's review, oldest first for the two waiting ones
 * (first come, first reviewed) and newest first for the running ones; 20 a page, clamped.
 */
export async function listCampaignsForAdmin(
  db: Database,
  options: { status: AdminCampaignFilter; page?: number },
): Promise<PageInfo & { campaigns: AdminCampaign[]; counts: Record<AdminCampaignFilter, number> }> {
  const inStatus = eq(campaigns.status, options.status);
  const { page, pageCount, total, ...window } = pageWindow(
    await db.$count(campaigns, inStatus),
    options.page,
    ADMIN_CAMPAIGNS_PAGE_SIZE,
  );
  const order =
    options.status === "active"
      ? [desc(campaigns.activatedAt), desc(campaigns.id)]
      : [campaigns.createdAt, campaigns.id];
  const query = db
    .select({
      id: campaigns.id,
      reference: campaigns.reference,
      status: campaigns.status,
      businessName: advertiserProfiles.businessName,
      advertiserEmail: users.email,
      title: campaigns.title,
      description: campaigns.description,
      checkQuestion: campaigns.checkQuestion,
      checkAnswer: campaigns.checkAnswer,
      checkWrongAnswers: campaigns.checkWrongAnswers,
      imageUrl: campaigns.imageUrl,
      rewardKobo: campaigns.rewardKobo,
      viewsWanted: campaigns.viewsWanted,
      currentClicks: adverts.currentClicks,
      feeBps: campaigns.feeBps,
      feePerViewKobo: campaigns.feePerViewKobo,
      budgetKobo: campaigns.budgetKobo,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      createdAt: campaigns.createdAt,
      fundedAt: campaigns.fundedAt,
      activatedAt: campaigns.activatedAt,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.advertiserId))
    .innerJoin(advertiserProfiles, eq(advertiserProfiles.userId, campaigns.advertiserId))
    .leftJoin(adverts, eq(adverts.id, campaigns.advertId))
    .where(inStatus)
    .orderBy(...order);
  const [rows, counts] = await Promise.all([onPage(query.$dynamic(), window), countCampaignsByFilter(db)]);
  return {
    page,
    pageCount,
    total,
    counts,
    campaigns: rows.map(({ currentClicks, checkQuestion, checkAnswer, checkWrongAnswers, ...row }) => ({
      ...row,
      check: storedCheck({ checkQuestion, checkAnswer, checkWrongAnswers }),
      viewsDone: currentClicks ?? 0,
    })),
  };
}

/** How many campaigns each filter holds (over the status index). */
export async function countCampaignsByFilter(db: Database): Promise<Record<AdminCampaignFilter, number>> {
  const rows = await db
    .select({ status: campaigns.status, n: count() })
    .from(campaigns)
    .where(inArray(campaigns.status, [...ADMIN_CAMPAIGN_FILTERS]))
    .groupBy(campaigns.status);
  const counts = { in_review: 0, awaiting_payment: 0, active: 0 };
  for (const row of rows) counts[row.status as AdminCampaignFilter] = row.n;
  return counts;
}

/** Running campaigns (the admin dashboard's card): a count over the status index of a small table. */
export async function countActiveCampaigns(db: Database): Promise<number> {
  return db.$count(campaigns, eq(campaigns.status, "active"));
}

/**
 * What the platform owes advertisers (the admin dashboard's card): the sum of their available
 * balances, money paid in or refunded from escrow and not yet spent or paid out. One account per
 * advertiser, and advertisers are few: they come from the role index (users_role_idx) and each
 * one's account from its (user_id, kind) key, so neither the members nor their accounts are read.
 * (As a join, the planner would rather scan every account than probe a few thousand.)
 */
export async function advertiserBalancesTotal(db: Database): Promise<Kobo> {
  const available = db
    .select({ balance: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, "user_available")));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum((${available})), 0)::text` })
    .from(users)
    .where(eq(users.role, "advertiser"));
  return BigInt(row?.total ?? "0");
}

/** The admin dashboard's campaign cards (manage_adverts). */
export async function adminCampaignStats(db: Database) {
  const [activeCampaigns, advertiserBalancesKobo] = await Promise.all([
    countActiveCampaigns(db),
    advertiserBalancesTotal(db),
  ]);
  return { activeCampaigns, advertiserBalancesKobo };
}
