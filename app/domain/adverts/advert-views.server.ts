import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { type Database, rowsOf } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { adverts, advertViews, membershipTiers, users } from "~/db/schema";
import { transfer } from "~/domain/ledger/transfer.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { lagosDay } from "./lagos-day";

/** What a member sees of an advert. */
export type MemberAdvert = {
  id: string;
  title: string;
  description: string;
  rewardKobo: Kobo;
  imageUrl: string | null;
};

type Refusal =
  | { status: "not-approved" }
  | { status: "not-member" }
  | { status: "not-found" }
  | { status: "already-claimed" }
  | { status: "no-slots" }
  | { status: "daily-limit"; limit: number };

export type StartViewResult =
  | { status: "ok"; advert: MemberAdvert; dwellSeconds: number; startedAt: Date; secondsLeft: number }
  | Refusal;

export type ClaimResult =
  | { status: "ok"; rewardKobo: Kobo; advertId: string; viewId: string; transferId: string }
  | Refusal
  | { status: "not-started" }
  | { status: "too-early"; secondsLeft: number };

/** The ledger idempotency key of a member's reward for an advert: one payment, ever. */
export const advertRewardKey = (advertId: string, userId: string) => `advert-view:${advertId}:${userId}`;

/**
 * Live adverts with slots left that this member has not been rewarded for, newest first
 * (the dashboard's Available Adverts). An advert the member opened but did not claim stays.
 */
export async function listAvailableAdverts(
  db: Database,
  userId: string,
  options: { limit?: number } = {},
): Promise<(MemberAdvert & { createdAt: Date })[]> {
  const limit = Math.min(Math.max(1, options.limit ?? 60), 200);
  return availableAdvertsQuery(db).execute({ userId, limit });
}

const availableAdvertsQuery = preparedPerDatabase((db) => {
  const rewarded = db
    .select({ one: sql`1` })
    .from(advertViews)
    .where(
      and(
        eq(advertViews.advertId, adverts.id),
        eq(advertViews.userId, sql.placeholder("userId")),
        isNotNull(advertViews.claimedAt),
      ),
    );
  return db
    .select({
      id: adverts.id,
      title: adverts.title,
      description: adverts.description,
      rewardKobo: adverts.rewardKobo,
      imageUrl: adverts.imageUrl,
      createdAt: adverts.createdAt,
    })
    .from(adverts)
    .where(and(eq(adverts.isActive, true), lt(adverts.currentClicks, adverts.maxClicks), sql`not exists ${rewarded}`))
    .orderBy(desc(adverts.createdAt), desc(adverts.id))
    .limit(sql.placeholder("limit"))
    .prepare("available_adverts");
});

/**
 * "View Advert": records when the member opened the advert (the first time only: opening it
 * again continues the countdown, it does not restart it) and returns the advert, the dwell time
 * and the seconds still to wait. Refuses early what a claim would refuse anyway (approval,
 * deleted or full advert, already rewarded, daily limit), so nobody waits for nothing; the claim
 * checks everything again.
 */
export async function startAdvertView(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
): Promise<StartViewResult> {
  const member = await memberState(db, userId, { lock: false });
  const refusal = eligibility(member);
  if (refusal) return refusal;
  const [advert] = await db
    .select({
      id: adverts.id,
      title: adverts.title,
      description: adverts.description,
      rewardKobo: adverts.rewardKobo,
      imageUrl: adverts.imageUrl,
      currentClicks: adverts.currentClicks,
      maxClicks: adverts.maxClicks,
    })
    .from(adverts)
    .where(and(eq(adverts.id, advertId), eq(adverts.isActive, true)));
  if (!advert) return { status: "not-found" };
  let view = await findView(db, advertId, userId);
  if (view?.claimedAt) return { status: "already-claimed" };
  if (advert.currentClicks >= advert.maxClicks) return { status: "no-slots" };
  if ((await claimsOn(db, userId, lagosDay(now))) >= member!.dailyLimit) {
    return { status: "daily-limit", limit: member!.dailyLimit };
  }
  if (!view) {
    try {
      await db
        .insert(advertViews)
        .values({ id: newId(), advertId, userId, startedAt: now })
        .onConflictDoNothing({ target: [advertViews.advertId, advertViews.userId] });
    } catch (err) {
      // The advert was erased between our read and the insert (a racing delete).
      if (isForeignKeyViolation(err)) return { status: "not-found" };
      throw err;
    }
    view = await findView(db, advertId, userId); // ours, or a racing tab's: the first start wins
    if (!view) throw new Error("startAdvertView: the view row is missing after insert");
  }
  const dwellSeconds = (await getAppSettings(db)).advertDwellSeconds;
  const { currentClicks: _c, maxClicks: _m, ...shown } = advert;
  return {
    status: "ok",
    advert: shown,
    dwellSeconds,
    startedAt: view.startedAt,
    secondsLeft: secondsLeft(view.startedAt, now, dwellSeconds),
  };
}

/**
 * Claims the reward for an advert the member opened. One transaction:
 *
 * 1. locks the member's row (serialises one member's claims, so the daily count cannot race,
 *    and orders them against a restriction or tier change) and the view row, and re-checks role
 *    and approval, the view (exists, unclaimed, dwell time waited) and the advert;
 * 2. takes a slot: `UPDATE adverts SET current_clicks = current_clicks + 1 WHERE … AND
 *    current_clicks < max_clicks` — the database decides who gets the last one — in the same
 *    statement as the daily count (the member's rewarded views on today's Africa/Lagos day against
 *    their tier's limit; read after step 1's lock, so it sees every earlier claim of theirs);
 * 3. posts the ledger transfer advert_rewards → member available (idempotency key per advert
 *    and member) and marks the view claimed with the amount, the Lagos day and the transfer.
 *
 * Any failure rolls all of it back. The usual claim is four statements between BEGIN and COMMIT;
 * refusals take the slower path of {@link claimRefusal}, which names the reason exactly as the
 * checks above would. `now` is injectable for tests (dwell and midnight).
 *
 * The statements are SQL templates, not the query builder: this is the busiest write, and the
 * builder took ~270 µs of CPU to build the first read alone (the template: ~9 µs).
 */
export async function claimAdvertReward(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
): Promise<ClaimResult> {
  const day = lagosDay(now);
  return db.transaction(async (tx): Promise<ClaimResult> => {
    // 1. Member and view, locked in that order (users first, as memberState does), with the advert
    //    and the dwell setting. No row: no view (or no member) — the refusal path says which.
    const [state] = rowsOf<ClaimStateRow>(
      await tx.execute(sql`
        select u.role, u.is_approved, u.is_restricted, t.daily_ad_views,
               v.id as view_id, v.started_at, v.claimed_at,
               a.is_active, a.current_clicks, a.max_clicks,
               (select advert_dwell_seconds from app_settings where id = 1) as dwell_seconds
          from users u
          join membership_tiers t on t.id = u.membership_tier_id
          join advert_views v on v.user_id = u.id and v.advert_id = ${advertId}
          join adverts a on a.id = v.advert_id
         where u.id = ${userId}
           for no key update of u, v`),
    );
    if (!state) return claimRefusal(tx, userId, advertId);
    const refusal = eligibility({ role: state.role, isApproved: state.is_approved, isRestricted: state.is_restricted });
    if (refusal) return refusal;
    if (!state.is_active) return { status: "not-found" };
    if (state.claimed_at) return { status: "already-claimed" };
    if (state.current_clicks >= state.max_clicks) return { status: "no-slots" };
    const limit = state.daily_ad_views;
    const wait = secondsLeft(new Date(state.started_at), now, Number(state.dwell_seconds));
    if (wait > 0) {
      // The daily limit is named first, as the member can do nothing about it by waiting.
      if ((await claimsOn(tx, userId, day)) >= limit) return { status: "daily-limit", limit };
      return { status: "too-early", secondsLeft: wait };
    }

    // 2. The slot, if the member is under today's limit (counted now, under the member's lock).
    const [slot] = rowsOf<{ reward_kobo: string | bigint }>(
      await tx.execute(sql`
        update adverts set current_clicks = current_clicks + 1
         where id = ${advertId} and is_active and current_clicks < max_clicks
           and (select count(*) from advert_views where user_id = ${userId} and lagos_day = ${day}) < ${limit}
        returning reward_kobo`),
    );
    if (!slot) {
      const [after] = await tx.select({ isActive: adverts.isActive }).from(adverts).where(eq(adverts.id, advertId));
      if (!after?.isActive) return { status: "not-found" };
      if ((await claimsOn(tx, userId, day)) >= limit) return { status: "daily-limit", limit };
      return { status: "no-slots" };
    }

    // 3. The payment and the view.
    return pay(tx, userId, advertId, state.view_id, BigInt(slot.reward_kobo), day, now);
  });
}

/** The claim's lock-and-check read (snake_case: a raw row). */
type ClaimStateRow = {
  role: string;
  is_approved: boolean;
  is_restricted: boolean;
  daily_ad_views: number;
  view_id: string;
  started_at: string | Date;
  claimed_at: string | Date | null;
  is_active: boolean;
  current_clicks: number;
  max_clicks: number;
  dwell_seconds: number;
};

/** Posts the reward and marks the (locked, unclaimed) view claimed. */
async function pay(
  tx: Database,
  userId: string,
  advertId: string,
  viewId: string,
  rewardKobo: Kobo,
  day: string,
  now: Date,
): Promise<ClaimResult> {
  const paid = await transfer(tx, {
    from: { platform: "advert_rewards" },
    to: { userId, kind: "available" },
    amountKobo: rewardKobo,
    kind: "advert_reward",
    idempotencyKey: advertRewardKey(advertId, userId),
    reference: { type: "advert_view", id: viewId },
  });
  // The view row is locked and unclaimed, so its key cannot have been used: refuse to go on
  // (and roll back the slot) rather than mark a view paid by some other transfer.
  if (paid.status !== "posted") throw new Error(`claimAdvertReward: ${advertRewardKey(advertId, userId)} was already used`);

  const [claimed] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update advert_views
         set claimed_at = ${now.toISOString()}, reward_kobo = ${rewardKobo.toString()}, lagos_day = ${day},
             transfer_id = ${paid.transferId}
       where id = ${viewId} and claimed_at is null
      returning id`),
  );
  if (!claimed) throw new Error("claimAdvertReward: the view was claimed under our lock");
  return { status: "ok", rewardKobo, advertId, viewId, transferId: paid.transferId };
}

/**
 * Why a claim whose member and view were not both found is refused, step by step as the claim
 * checks them: the member (locked), then the advert, then the view. Refusals only: a view that
 * appeared since the first read (a racing "View Advert") is reported as not started; the member
 * retries.
 */
async function claimRefusal(tx: Database, userId: string, advertId: string): Promise<ClaimResult> {
  const member = await memberState(tx, userId, { lock: true });
  const refusal = eligibility(member);
  if (refusal) return refusal;
  const [advert] = await tx.select({ isActive: adverts.isActive }).from(adverts).where(eq(adverts.id, advertId));
  if (!advert?.isActive) return { status: "not-found" };
  return { status: "not-started" };
}

type MemberState = { role: string; isApproved: boolean; isRestricted: boolean; dailyLimit: number };

/** The member's role, approval and tier limit; with `lock`, their row is locked until commit. */
async function memberState(db: Database, userId: string, options: { lock: boolean }): Promise<MemberState | undefined> {
  const query = db
    .select({
      role: users.role,
      isApproved: users.isApproved,
      isRestricted: users.isRestricted,
      dailyLimit: membershipTiers.dailyAdViews,
    })
    .from(users)
    .innerJoin(membershipTiers, eq(membershipTiers.id, users.membershipTierId))
    .where(eq(users.id, userId));
  // NO KEY UPDATE: conflicts with itself and with admin moderation (FOR UPDATE), but not with
  // the foreign-key checks of rows that merely reference the member (sessions, ledger accounts).
  const [row] = options.lock ? await query.for("no key update", { of: users }) : await query;
  return row;
}

/** Only approved, unrestricted members (role user) earn from adverts. */
function eligibility(member: Omit<MemberState, "dailyLimit"> | undefined): { status: "not-member" } | { status: "not-approved" } | null {
  if (!member || member.role !== "user") return { status: "not-member" };
  if (!member.isApproved || member.isRestricted) return { status: "not-approved" };
  return null;
}

async function findView(db: Database, advertId: string, userId: string) {
  const [view] = await db
    .select({ startedAt: advertViews.startedAt, claimedAt: advertViews.claimedAt })
    .from(advertViews)
    .where(and(eq(advertViews.advertId, advertId), eq(advertViews.userId, userId)));
  return view;
}

/** Rewarded views of a member on one Africa/Lagos day. */
async function claimsOn(db: Database, userId: string, day: string): Promise<number> {
  return db.$count(advertViews, and(eq(advertViews.userId, userId), eq(advertViews.lagosDay, day)));
}

/**
 * Whole seconds still to wait (rounded up; 0 when the dwell time has passed). A `now` before the
 * start (another server's clock) counts as no time waited.
 */
export function secondsLeft(startedAt: Date, now: Date, dwellSeconds: number): number {
  // Never "nothing left to wait" by accident: NaN compares false with everything.
  if (!Number.isFinite(startedAt.getTime()) || !Number.isFinite(now.getTime()) || !Number.isFinite(dwellSeconds)) {
    throw new Error(`secondsLeft: invalid input (${String(startedAt)}, ${String(now)}, ${dwellSeconds})`);
  }
  const waited = Math.max(0, now.getTime() - startedAt.getTime());
  const leftMs = dwellSeconds * 1000 - waited;
  return leftMs <= 0 ? 0 : Math.min(dwellSeconds, Math.ceil(leftMs / 1000));
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "23503") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
