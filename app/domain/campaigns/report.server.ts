import { and, asc, count, countDistinct, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  advertViews,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  membershipTiers,
  users,
  type Campaign,
} from "~/db/schema";
import type { Kobo } from "~/domain/shared/money";
import { lagosDay } from "~/lib/lagos-time";
import { campaignStart, fillReportDays, type CampaignReportDay } from "./report";

/**
 * A campaign's report for its advertiser, from the ledger and the views alone: the verified views
 * (claimed advert_views rows of its advert) and the money its escrow account paid out, never a
 * counter. No member is named or identified: views are counted per day and per current tier.
 */
export type CampaignReport = {
  verifiedViews: number;
  uniqueViewers: number;
  /** Verified views whose viewer also answered the attention check right (views before it had none). */
  checkedViews: number;
  /** Views voided by a wrong pick at the attention check: never paid, the slot kept for another member. */
  failedChecks: number;
  /** Paid into the escrow (the budget, once paid). */
  fundedKobo: Kobo;
  /** Rewards paid to members from the escrow (advert_reward transfers). */
  rewardsKobo: Kobo;
  /** The platform's fee taken from the escrow (campaign_fee transfers). */
  feesKobo: Kobo;
  /** rewards + fees. */
  spendKobo: Kobo;
  /** Returned to the advertiser's balance (campaign_refund). */
  refundedKobo: Kobo;
  /** What the escrow holds now. */
  remainingKobo: Kobo;
  /** Every Lagos day the campaign ran (zeros included), oldest first; empty before it started. */
  days: CampaignReportDay[];
  /** Verified views by the viewer's current membership tier, lowest tier first. */
  tiers: { tier: string; views: number }[];
};

const MONEY_KINDS = ["advert_reward", "campaign_fee"] as const;

/** The Lagos days a campaign ran so far: from its start (or activation) to today, its end or its finish. */
export function campaignRunDays(
  campaign: Pick<Campaign, "startsAt" | "endsAt" | "activatedAt" | "finishedAt">,
  now: Date,
): { from: string; to: string } | null {
  const start = campaignStart(campaign);
  if (!start) return null;
  let stop = now;
  if (campaign.finishedAt && campaign.finishedAt < stop) stop = campaign.finishedAt;
  if (campaign.endsAt && campaign.endsAt <= stop) stop = new Date(campaign.endsAt.getTime() - 1);
  if (stop < start) return null;
  return { from: lagosDay(start), to: lagosDay(stop) };
}

export async function campaignReport(
  db: Database,
  campaign: Pick<Campaign, "id" | "advertId" | "startsAt" | "endsAt" | "activatedAt" | "finishedAt">,
  now: Date = new Date(),
): Promise<CampaignReport> {
  const [escrow] = await db
    .select({ id: ledgerAccounts.id, balanceKobo: ledgerAccounts.balanceKobo })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.campaignId, campaign.id));

  const [byKind, moneyByDay, viewsByDay, viewers, checks, tiers] = await Promise.all([
    escrow ? escrowTotalsByKind(db, escrow.id) : [],
    escrow && campaign.advertId ? escrowPaidByDay(db, escrow.id) : [],
    campaign.advertId ? claimedViewsByDay(db, campaign.advertId) : [],
    campaign.advertId ? uniqueViewers(db, campaign.advertId) : 0,
    campaign.advertId ? attentionChecks(db, campaign.advertId) : { passed: 0, failed: 0 },
    campaign.advertId ? viewsByCurrentTier(db, campaign.advertId) : [],
  ]);

  const total = (kind: string, sign: "in" | "out") =>
    byKind.filter((r) => r.kind === kind && r.sign === sign).reduce((sum, r) => sum + BigInt(r.total), 0n);
  const rewardsKobo = total("advert_reward", "out");
  const feesKobo = total("campaign_fee", "out");

  const sparse = new Map<string, CampaignReportDay>();
  const dayOf = (day: string) => {
    let row = sparse.get(day);
    if (!row) sparse.set(day, (row = { day, views: 0, rewardsKobo: 0n, feesKobo: 0n }));
    return row;
  };
  for (const r of viewsByDay) dayOf(r.day).views = r.views;
  for (const r of moneyByDay) {
    const row = dayOf(r.day);
    if (r.kind === "advert_reward") row.rewardsKobo += BigInt(r.total);
    else row.feesKobo += BigInt(r.total);
  }
  const range = campaignRunDays(campaign, now);
  const rows = [...sparse.values()];
  // Never activated (so never viewed): no days. Otherwise its run so far, widened to any view's day.
  const days = range ? fillReportDays(rows, range.from, range.to) : [];

  return {
    verifiedViews: viewsByDay.reduce((sum, r) => sum + r.views, 0),
    uniqueViewers: viewers,
    checkedViews: checks.passed,
    failedChecks: checks.failed,
    fundedKobo: total("campaign_funding", "in"),
    rewardsKobo,
    feesKobo,
    spendKobo: rewardsKobo + feesKobo,
    refundedKobo: total("campaign_refund", "out"),
    remainingKobo: escrow?.balanceKobo ?? 0n,
    days,
    tiers,
  };
}

/** The escrow's entries summed by transfer kind, money in and out apart (one account's few rows). */
function escrowTotalsByKind(db: Database, escrowId: string) {
  return db
    .select({
      kind: ledgerTransfers.kind,
      sign: sql<"in" | "out">`case when ${ledgerEntries.amountKobo} > 0 then 'in' else 'out' end`,
      total: sql<string>`abs(sum(${ledgerEntries.amountKobo}))::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(eq(ledgerEntries.accountId, escrowId))
    .groupBy(ledgerTransfers.kind, sql`2`);
}

/** Rewards and fees debited from the escrow, by the Lagos day of the view they paid for. */
function escrowPaidByDay(db: Database, escrowId: string) {
  return db
    .select({
      day: sql<string>`${advertViews.lagosDay}::text`,
      kind: ledgerTransfers.kind,
      total: sql<string>`(-sum(${ledgerEntries.amountKobo}))::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .innerJoin(
      advertViews,
      and(eq(ledgerTransfers.referenceType, "advert_view"), eq(advertViews.id, ledgerTransfers.referenceId)),
    )
    .where(
      and(
        eq(ledgerEntries.accountId, escrowId),
        lt(ledgerEntries.amountKobo, 0n),
        inArray(ledgerTransfers.kind, [...MONEY_KINDS]),
      ),
    )
    .groupBy(advertViews.lagosDay, ledgerTransfers.kind);
}

const claimedOf = (advertId: string) => and(eq(advertViews.advertId, advertId), isNotNull(advertViews.claimedAt));

function claimedViewsByDay(db: Database, advertId: string) {
  return db
    .select({ day: sql<string>`${advertViews.lagosDay}::text`, views: count() })
    .from(advertViews)
    .where(claimedOf(advertId))
    .groupBy(advertViews.lagosDay);
}

async function uniqueViewers(db: Database, advertId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(advertViews.userId) })
    .from(advertViews)
    .where(claimedOf(advertId));
  return row?.n ?? 0;
}

/** The advert's views by the attention check's outcome. */
async function attentionChecks(db: Database, advertId: string): Promise<{ passed: number; failed: number }> {
  const [row] = await db
    .select({
      passed: sql<number>`count(*) filter (where ${advertViews.checkResult} = 'passed')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${advertViews.checkResult} = 'failed')`.mapWith(Number),
    })
    .from(advertViews)
    .where(and(eq(advertViews.advertId, advertId), isNotNull(advertViews.checkResult)));
  return { passed: row?.passed ?? 0, failed: row?.failed ?? 0 };
}

/** Verified views by the tier each viewer is on now (names of tiers only, never of members). */
function viewsByCurrentTier(db: Database, advertId: string) {
  return db
    .select({ tier: membershipTiers.name, views: count() })
    .from(advertViews)
    .innerJoin(users, eq(users.id, advertViews.userId))
    .innerJoin(membershipTiers, eq(membershipTiers.id, users.membershipTierId))
    .where(claimedOf(advertId))
    .groupBy(membershipTiers.name, membershipTiers.rank)
    .orderBy(asc(membershipTiers.rank));
}
