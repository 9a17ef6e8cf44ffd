import { and, desc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedPerDatabase } from "~/db/prepared.server";
import { adverts, advertViews, membershipTiers, users, type AdvertView } from "~/db/schema";
import { ensureUserAccounts } from "~/domain/ledger/accounts.server";
import { getAppSettings } from "~/domain/settings/app-settings";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { lagosDay } from "~/lib/lagos-time";
import { flagForReview } from "~/domain/risk/flags.server";
import { VISIBILITY_REPORT_CAP_MS } from "./advert-claim";
import { FAILED_CHECKS_TO_FLAG, type AttentionCheck } from "./attention-check";
import { advertIsLive } from "./advert-live.server";
import { setAttentionCheck } from "./attention-check.server";
import { claimInDatabase, type ClaimRow } from "./money.server";

/** What a member sees of an advert. */
export type MemberAdvert = {
  id: string;
  title: string;
  description: string;
  rewardKobo: Kobo;
  imageUrl: string | null;
  /** The business whose campaign it is (members see who advertises); null for an admin's advert. */
  businessName: string | null;
};

type ViewRefusal =
  | { status: "not-approved" }
  | { status: "not-member" }
  | { status: "not-found" }
  | { status: "already-claimed" }
  /** A wrong pick at the attention check voided the member's view of this advert. */
  | { status: "check-failed" }
  | { status: "no-slots" }
  | { status: "daily-limit"; limit: number };

export type StartViewResult =
  | {
      status: "ok";
      advert: MemberAdvert;
      dwellSeconds: number;
      startedAt: Date;
      secondsLeft: number;
      /** Set once the countdown has ended and a claim asked for it: the page shows it to answer. */
      check: AttentionCheck | null;
    }
  | ViewRefusal;

export type ClaimResult =
  | { status: "ok"; rewardKobo: Kobo; advertId: string; viewId: string; transferId: string }
  | ViewRefusal
  | { status: "not-started" }
  /** The claim came from the advert's page, whose view was ended by opening another advert. */
  | { status: "view-ended" }
  | { status: "too-early"; secondsLeft: number }
  /** The countdown has ended: the member answers the attention check (then claims with the answer). */
  | { status: "check"; check: AttentionCheck };

/** The columns a member sees of an advert. */
const advertShown = {
  id: adverts.id,
  title: adverts.title,
  description: adverts.description,
  rewardKobo: adverts.rewardKobo,
  imageUrl: adverts.imageUrl,
  // One campaign per advert at most (campaigns_advert_unique): its business, through that index.
  // Written out qualified: drizzle names a single table's columns bare, which the subquery would
  // take for its own.
  businessName: sql<string | null>`(
    select p.business_name from campaigns c join advertiser_profiles p on p.user_id = c.advertiser_id
    where c.advert_id = adverts.id)`,
};

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
        // Rewarded, or voided by a wrong pick at the attention check.
        sql`(${advertViews.claimedAt} IS NOT NULL OR ${advertViews.checkResult} = 'failed')`,
      ),
    );
  return db
    .select({ ...advertShown, createdAt: adverts.createdAt })
    .from(adverts)
    .where(and(advertIsLive, lt(adverts.currentClicks, adverts.maxClicks), sql`not exists ${rewarded}`))
    .orderBy(desc(adverts.createdAt), desc(adverts.id))
    .limit(sql.placeholder("limit"))
    .prepare("available_adverts");
});

/**
 * "View Advert": records when the member opened the advert and returns the advert, the dwell
 * time and the seconds still to wait. A member views one advert at a time: opening another ends
 * any view of theirs still unclaimed (its row is deleted, so its countdown is gone and a claim of
 * it is "not-started"), while opening the same one again continues its countdown. Otherwise a
 * script could open every advert, wait out one dwell time and claim them all.
 *
 * One transaction under the member's row lock (the lock the claim takes first), so a start and a
 * claim of the same member are ordered. Refuses early what a claim would refuse anyway (approval,
 * deleted or full advert, already rewarded, daily limit), so nobody waits for nothing; the claim
 * checks everything again.
 */
export async function startAdvertView(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
): Promise<StartViewResult> {
  return db.transaction(async (tx) => {
    const member = await memberState(tx, userId, { lock: true });
    const refusal = eligibility(member);
    if (refusal) return refusal;
    // KEY SHARE: a racing delete of the advert waits for this view, or wins and it is not found.
    const advert = await liveAdvert(tx, advertId, { lock: true });
    if (!advert) return { status: "not-found" };
    let view = await findView(tx, advertId, userId);
    if (view?.claimedAt) return { status: "already-claimed" };
    if (view?.checkResult === "failed") return { status: "check-failed" };
    if (advert.currentClicks >= advert.maxClicks) return { status: "no-slots" };
    if ((await claimsOn(tx, userId, lagosDay(now))) >= member!.dailyLimit) {
      return { status: "daily-limit", limit: member!.dailyLimit };
    }
    await tx.delete(advertViews).where(
      and(
        eq(advertViews.userId, userId),
        isNull(advertViews.claimedAt),
        // A voided view stays (the advert is not offered to the member again), and so does one
        // whose check was asked: leaving a question unanswered never brings a new one.
        isNull(advertViews.checkResult),
        isNull(advertViews.checkIssuedAt),
        ne(advertViews.advertId, advertId),
      ),
    );
    if (!view) {
      const inserted = await tx
        .insert(advertViews)
        .values({ id: newId(), advertId, userId, startedAt: now })
        .returning();
      view = inserted[0]!;
    }
    return viewing(tx, advert, view, now);
  });
}

/**
 * The advert the member is viewing, read only (the advert page's loader): the same answer as
 * startAdvertView gives for it, or "not-started" with the advert when it is not their view in
 * progress (never opened, or ended by opening another advert: the page offers to view it again).
 */
export async function advertBeingViewed(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
): Promise<StartViewResult | { status: "not-started"; advert: MemberAdvert }> {
  const member = await memberState(db, userId);
  const refusal = eligibility(member);
  if (refusal) return refusal;
  const advert = await liveAdvert(db, advertId);
  if (!advert) return { status: "not-found" };
  const view = await findView(db, advertId, userId);
  if (!view) {
    const { currentClicks: _c, maxClicks: _m, ...shown } = advert;
    return { status: "not-started", advert: shown };
  }
  if (view.claimedAt) return { status: "already-claimed" };
  if (view.checkResult === "failed") return { status: "check-failed" };
  if (advert.currentClicks >= advert.maxClicks) return { status: "no-slots" };
  return viewing(db, advert, view, now);
}

async function liveAdvert(db: Database, advertId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      ...advertShown,
      currentClicks: adverts.currentClicks,
      maxClicks: adverts.maxClicks,
    })
    .from(adverts)
    .where(and(eq(adverts.id, advertId), advertIsLive));
  const [advert] = options.lock ? await query.for("key share") : await query;
  return advert;
}

async function viewing(
  db: Database,
  advert: NonNullable<Awaited<ReturnType<typeof liveAdvert>>>,
  view: ViewTime & Pick<AdvertView, "checkQuestion" | "checkChoices">,
  now: Date,
): Promise<StartViewResult> {
  const dwellSeconds = (await getAppSettings(db)).advertDwellSeconds;
  const { currentClicks: _c, maxClicks: _m, ...shown } = advert;
  return {
    status: "ok",
    advert: shown,
    dwellSeconds,
    startedAt: view.startedAt,
    secondsLeft: viewSecondsLeft(view, now, dwellSeconds),
    check:
      view.checkQuestion && view.checkChoices ? { question: view.checkQuestion, choices: view.checkChoices } : null,
  };
}

/** What a view's countdown is made of: when it started and what its page reported (decision 028). */
type ViewTime = Pick<AdvertView, "startedAt" | "visibilityReported" | "visibleMs" | "visibleSince">;

/**
 * Whole seconds still to wait: the server's timer from the start, and — once the page reports its
 * visibility — the time it was seen, the open stretch since its last "visible" report capped as one
 * report is. claim_advert_reward decides the same to the millisecond.
 */
export function viewSecondsLeft(view: ViewTime, now: Date, dwellSeconds: number): number {
  const byTimer = secondsLeft(view.startedAt, now, dwellSeconds);
  if (!view.visibilityReported) return byTimer;
  const open = view.visibleSince
    ? Math.min(Math.max(0, now.getTime() - view.visibleSince.getTime()), VISIBILITY_REPORT_CAP_MS)
    : 0;
  const leftMs = dwellSeconds * 1000 - (view.visibleMs + open);
  return Math.max(byTimer, leftMs <= 0 ? 0 : Math.min(dwellSeconds, Math.ceil(leftMs / 1000)));
}

/**
 * The page's report that it is now visible or hidden (POST /adverts/:id/visibility, sent by its
 * script). The time since its last "visible" report is added to the view's visible time, at most
 * VISIBILITY_REPORT_CAP_MS (a page frozen without saying "hidden" gains no more than that); the
 * first report also counts the time the page took to open, within the same cap. From then on the
 * claim needs the visible time to reach the dwell time. Reports about a view that has ended, been
 * claimed or reached its check change nothing. One statement: reports of the same view in two tabs
 * add up to the time that passed, not twice.
 */
export async function reportVisibility(
  db: Database,
  userId: string,
  advertId: string,
  visible: boolean,
  now: Date = new Date(),
): Promise<{ status: "ok"; secondsLeft: number } | { status: "not-started" }> {
  const since = sql`coalesce(${advertViews.visibleSince}, CASE WHEN NOT ${advertViews.visibilityReported} THEN ${advertViews.startedAt} END)`;
  const added = sql`least(greatest(floor(extract(epoch FROM ${now.toISOString()}::timestamptz - ${since}) * 1000), 0), ${VISIBILITY_REPORT_CAP_MS})`;
  const [view] = await db
    .update(advertViews)
    .set({
      // Kept within an hour's worth: far beyond any dwell time, far below the column's range.
      visibleMs: sql`least(${advertViews.visibleMs} + coalesce(${added}, 0), ${VISIBLE_MS_MAX})::integer`,
      // Never back in time (a report that arrives after a later one, another server's clock).
      visibleSince: visible ? sql`greatest(${advertViews.visibleSince}, ${now.toISOString()}::timestamptz)` : null,
      visibilityReported: true,
    })
    .where(
      and(
        eq(advertViews.userId, userId),
        eq(advertViews.advertId, advertId),
        isNull(advertViews.claimedAt),
        isNull(advertViews.checkIssuedAt),
      ),
    )
    .returning();
  if (!view) return { status: "not-started" };
  const dwellSeconds = (await getAppSettings(db)).advertDwellSeconds;
  return { status: "ok", secondsLeft: viewSecondsLeft(view, now, dwellSeconds) };
}

const VISIBLE_MS_MAX = 60 * 60 * 1000;

/**
 * Claims the reward for an advert the member opened. One transaction:
 *
 * 1. locks the member's row (serialises one member's claims, so today's count cannot race, and
 *    orders them against a restriction or tier change) and the view row, and re-checks role and
 *    approval, the view (exists, unclaimed, not voided), the advert, today's rewarded views on the
 *    Africa/Lagos day against the tier's limit, the dwell time waited and — once the page has
 *    reported its visibility — the time it was seen (decision 028);
 * 2. the attention check: with the countdown over, no check yet → "check-due" (set here with
 *    setAttentionCheck and returned as "check"); a check and no valid answer → "check" again; a
 *    wrong answer voids the view ("check-failed", committed; the third in a Lagos day flags the
 *    member: flagForReview);
 * 3. takes a slot: `UPDATE adverts SET current_clicks = current_clicks + 1 WHERE … AND
 *    current_clicks < max_clicks` — the database decides who gets the last one;
 * 4. posts the ledger transfer advert_rewards (or the campaign's escrow) → member available
 *    (idempotency key per advert and member) and marks the view claimed, its check passed.
 *
 * Any failure rolls all of it back. The steps run inside PostgreSQL, in the function
 * `claim_advert_reward` (live body in migration 0034, see docs/database.md): one round trip instead
 * of six, as this is the busiest write (docs/decisions/010-claim-in-the-database.md). `now` is
 * injectable for tests (dwell and midnight); `answer` is the index of the member's pick.
 *
 * `fromViewPage`: the claim was sent from the advert's page, which is shown only while this
 * view is in progress. If the view is gone by the claim, opening another advert ended it (the
 * only way a view ends unclaimed, startAdvertView): "view-ended" rather than "not-started".
 */
export async function claimAdvertReward(
  db: Database,
  userId: string,
  advertId: string,
  now: Date = new Date(),
  options: { fromViewPage?: boolean; answer?: number | null } = {},
): Promise<ClaimResult> {
  const claim = () => claimInDatabase(db, { userId, advertId, now, answer: options.answer ?? null });
  let row = await claim();
  if (row.outcome === "no-accounts") {
    // The member's first money: open their ledger accounts (nothing else was written), then claim.
    await ensureUserAccounts(db, userId);
    row = await claim();
  }
  if (row.outcome === "check-due") {
    const check = await setAttentionCheck(db, row.view_id!, advertId, now);
    if (check) return { status: "check", check };
    return options.fromViewPage ? { status: "view-ended" } : { status: "not-started" };
  }
  if (row.outcome === "check-failed" && (row.failed_today ?? 0) >= FAILED_CHECKS_TO_FLAG) {
    await flagForReview(db, userId, `answered ${row.failed_today} attention checks wrongly today`, now);
  }
  const result = claimResult(row, advertId);
  return result.status === "not-started" && options.fromViewPage ? { status: "view-ended" } : result;
}

function claimResult(row: ClaimRow, advertId: string): ClaimResult {
  switch (row.outcome) {
    case "ok":
      return {
        status: "ok",
        rewardKobo: BigInt(row.reward_kobo!),
        advertId,
        viewId: row.view_id!,
        transferId: row.transfer_id!,
      };
    case "daily-limit":
      return { status: "daily-limit", limit: row.daily_limit! };
    case "too-early":
      // At least 1: the database decided it is early, to the microsecond.
      return { status: "too-early", secondsLeft: Math.max(1, Math.ceil(row.wait_ms! / 1000)) };
    case "check-required":
      return { status: "check", check: { question: row.check_question!, choices: row.check_choices! } };
    case "not-member":
    case "not-approved":
    case "not-found":
    case "already-claimed":
    case "check-failed":
    case "no-slots":
    case "not-started":
      return { status: row.outcome };
    default:
      throw new Error(`claimAdvertReward: unexpected outcome ${row.outcome}`);
  }
}

type MemberState = { role: string; isApproved: boolean; isRestricted: boolean; dailyLimit: number };

/**
 * The member's role, approval and tier limit; with `lock`, under the member's row lock (NO KEY
 * UPDATE, as the claim takes it).
 */
async function memberState(
  db: Database,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<MemberState | undefined> {
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
  const [row] = options.lock ? await query.for("no key update", { of: users }) : await query;
  return row;
}

/** Only approved, unrestricted members (role user) earn from adverts. */
function eligibility(
  member: Omit<MemberState, "dailyLimit"> | undefined,
): { status: "not-member" } | { status: "not-approved" } | null {
  if (!member || member.role !== "user") return { status: "not-member" };
  if (!member.isApproved || member.isRestricted) return { status: "not-approved" };
  return null;
}

async function findView(db: Database, advertId: string, userId: string) {
  const [view] = await db
    .select()
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
