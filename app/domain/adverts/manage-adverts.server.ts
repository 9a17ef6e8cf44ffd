import { and, desc, eq, notExists } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, advertViews, campaigns, users } from "~/db/schema";
import { rewardsPaid } from "~/domain/stats/platform-totals.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { lockAppSettings } from "~/domain/settings/app-settings";
import { hasPermission } from "~/domain/permissions/permissions";
import { newId } from "~/domain/shared/ids";
import type { Kobo } from "~/domain/shared/money";
import { FORBIDDEN, type Forbidden } from "~/domain/shared/outcome";
import { onPage, pageWindow } from "~/domain/shared/paging";
import type { AdvertMoneyLimits } from "~/domain/settings/advert-money-limits";
import { advertStatus, type AdvertStatus } from "./advert-status";
import { storedCheck, type CustomCheck } from "./attention-check";
import { advertMoneyLimitErrors, type AdvertMoneyLimitErrors } from "./money-limits";
import { assertAdvertInput, type AdvertInput, type AdvertUpdate } from "./validation";

const NOT_FOUND = { status: "not-found" } as const;

/** The advert fields as audit JSON (bigint as a string). */
const auditFields = (a: AdvertInput) => ({
  title: a.title,
  description: a.description,
  rewardKobo: a.rewardKobo.toString(),
  maxClicks: a.maxClicks,
  imageUrl: a.imageUrl,
  check: a.check ? [a.check.question, a.check.answer, ...a.check.wrongAnswers].join(" | ") : null,
});

/** An advert over the settings' reward or budget limit: the form's messages, and the limits. */
export type OverLimit = { status: "over-limit"; errors: AdvertMoneyLimitErrors; limits: AdvertMoneyLimits };

/**
 * The advert money limits, read in the caller's transaction with a share lock on the settings
 * row: a change of the limits (which locks it for update) waits for this advert's transaction,
 * or this one for it, so no advert is saved against limits that have already been lowered.
 */
async function moneyLimitsIn(tx: Database): Promise<AdvertMoneyLimits> {
  const settings = await lockAppSettings(tx, "share");
  return { maxRewardKobo: settings.maxAdvertRewardKobo, maxBudgetKobo: settings.maxAdvertBudgetKobo };
}

/**
 * The admin's own adverts: a campaign's advert (one a campaigns row references) belongs to the
 * advertiser's campaign, is paid from its escrow and is managed only through the campaign.
 */
const notACampaign = (db: Database) =>
  notExists(db.select({ one: campaigns.id }).from(campaigns).where(eq(campaigns.advertId, adverts.id)));

/** The advert's row, locked for update, unless it is missing, deleted or a campaign's. */
async function lockLiveAdvert(tx: Database, advertId: string) {
  const [row] = await tx
    .select()
    .from(adverts)
    .where(and(eq(adverts.id, advertId), eq(adverts.isActive, true), notACampaign(tx)))
    .for("update", { of: adverts });
  return row;
}

/**
 * Posts a new advert (needs manage_adverts), within the settings' limits on the reward per click
 * and the budget (reward × max clicks). Audited.
 */
export async function createAdvert(
  db: Database,
  actor: Actor,
  input: AdvertInput,
): Promise<{ status: "ok"; advertId: string } | Forbidden | OverLimit> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  assertAdvertInput(input);
  const advertId = newId();
  return db.transaction(async (tx): Promise<{ status: "ok"; advertId: string } | OverLimit> => {
    const limits = await moneyLimitsIn(tx);
    const errors = advertMoneyLimitErrors(input, limits);
    if (errors) return { status: "over-limit", errors, limits };
    await tx.insert(adverts).values({ id: advertId, ...fieldsOf(input), postedByAdminId: actor.id });
    await recordAudit(tx, {
      actor,
      action: "advert.create",
      targetType: "advert",
      targetId: advertId,
      after: auditFields(input),
    });
    return { status: "ok", advertId };
  });
}

const fieldsOf = (input: AdvertInput) => ({
  title: input.title,
  description: input.description,
  rewardKobo: input.rewardKobo,
  maxClicks: input.maxClicks,
  imageUrl: input.imageUrl,
  checkQuestion: input.check?.question ?? null,
  checkAnswer: input.check?.answer ?? null,
  checkWrongAnswers: input.check?.wrongAnswers ?? null,
});

export type UpdateAdvertResult =
  | { status: "ok"; changed: boolean }
  | Forbidden
  | { status: "not-found" }
  | { status: "max-clicks-below-current"; currentClicks: number }
  | OverLimit;

/**
 * Edits a live advert (needs manage_adverts). Max clicks can go down to the clicks already
 * taken (the advert is then Completed), never below. A new reward applies to later claims.
 * A reward or budget over the settings' limits is refused when it is higher than the advert's
 * own (an advert made under higher limits can be corrected or scaled down, never up).
 * Audited with the changed fields only; saving the same values writes nothing. Without an
 * `imageUrl` the advert keeps its image.
 */
export async function updateAdvert(
  db: Database,
  actor: Actor,
  advertId: string,
  update: AdvertUpdate,
): Promise<UpdateAdvertResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  assertAdvertInput(update);
  return db.transaction(async (tx): Promise<UpdateAdvertResult> => {
    // The row lock queues this behind claims in flight (and them behind it), so the click count
    // compared below is the one the update will see.
    const current = await lockLiveAdvert(tx, advertId);
    if (!current) return NOT_FOUND;
    const input: AdvertInput = {
      ...update,
      imageUrl: update.imageUrl === undefined ? current.imageUrl : update.imageUrl,
      check: update.check === undefined ? storedCheck(current) : update.check,
    };
    if (input.maxClicks < current.currentClicks) {
      return { status: "max-clicks-below-current", currentClicks: current.currentClicks };
    }
    const limits = await moneyLimitsIn(tx);
    const errors = advertMoneyLimitErrors(input, limits, current);
    if (errors) return { status: "over-limit", errors, limits };
    const before = auditFields({ ...current, check: storedCheck(current) });
    const after = auditFields(input);
    const changedKeys = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
    if (changedKeys.length === 0) return { status: "ok", changed: false };
    await tx
      .update(adverts)
      .set({ ...fieldsOf(input), updatedAt: new Date() })
      .where(eq(adverts.id, advertId));
    await recordAudit(tx, {
      actor,
      action: "advert.update",
      targetType: "advert",
      targetId: advertId,
      before: Object.fromEntries(changedKeys.map((k) => [k, before[k]])),
      after: Object.fromEntries(changedKeys.map((k) => [k, after[k]])),
    });
    return { status: "ok", changed: true };
  });
}

/** Two successes: "erased" (nobody had opened it) or "deactivated" (kept for its views and payments). */
export type DeleteAdvertResult = { status: "erased" } | { status: "deactivated" } | Forbidden | { status: "not-found" };

/**
 * Deletes an advert (needs manage_adverts). One nobody has opened is erased; one that has been
 * viewed (any view row, claimed or not) is deactivated: it leaves every list and cannot be
 * claimed, while its views and payments stay. The foreign key from advert_views makes erasing
 * a viewed advert impossible even by mistake. Audited.
 */
export async function deleteAdvert(db: Database, actor: Actor, advertId: string): Promise<DeleteAdvertResult> {
  if (!hasPermission(actor, "manage_adverts")) return FORBIDDEN;
  return db.transaction(async (tx): Promise<DeleteAdvertResult> => {
    // FOR UPDATE also blocks new view rows (their foreign-key check needs a KEY SHARE lock on
    // this row) until we commit; views inserted before the lock are seen by the next statement.
    const current = await lockLiveAdvert(tx, advertId);
    if (!current) return NOT_FOUND;
    const [viewed] = await tx
      .select({ id: advertViews.id })
      .from(advertViews)
      .where(eq(advertViews.advertId, advertId))
      .limit(1);
    const outcome = viewed ? "deactivated" : "erased";
    if (viewed) {
      await tx.update(adverts).set({ isActive: false, updatedAt: new Date() }).where(eq(adverts.id, advertId));
    } else {
      await tx.delete(adverts).where(eq(adverts.id, advertId));
    }
    await recordAudit(tx, {
      actor,
      action: "advert.delete",
      targetType: "advert",
      targetId: advertId,
      before: { ...auditFields({ ...current, check: storedCheck(current) }), currentClicks: current.currentClicks },
      after: { outcome },
    });
    return { status: outcome };
  });
}

export type AdminAdvert = {
  id: string;
  title: string;
  description: string;
  rewardKobo: Kobo;
  maxClicks: number;
  currentClicks: number;
  imageUrl: string | null;
  status: AdvertStatus;
  check: CustomCheck | null;
  postedBy: { id: string; name: string };
  createdAt: Date;
  updatedAt: Date;
};

export const ADVERTS_PAGE_SIZE = 50;

const adminColumns = {
  id: adverts.id,
  title: adverts.title,
  description: adverts.description,
  rewardKobo: adverts.rewardKobo,
  maxClicks: adverts.maxClicks,
  currentClicks: adverts.currentClicks,
  imageUrl: adverts.imageUrl,
  checkQuestion: adverts.checkQuestion,
  checkAnswer: adverts.checkAnswer,
  checkWrongAnswers: adverts.checkWrongAnswers,
  createdAt: adverts.createdAt,
  updatedAt: adverts.updatedAt,
  postedById: users.id,
  postedByName: users.name,
};

const toAdminAdvert = ({
  postedById,
  postedByName,
  checkQuestion,
  checkAnswer,
  checkWrongAnswers,
  ...row
}: { postedById: string; postedByName: string } & Parameters<typeof storedCheck>[0] &
  Omit<AdminAdvert, "status" | "postedBy" | "check">): AdminAdvert => ({
  ...row,
  status: advertStatus(row),
  check: storedCheck({ checkQuestion, checkAnswer, checkWrongAnswers }),
  postedBy: { id: postedById, name: postedByName },
});

/** Live (not deleted) adverts of the admins (no campaign's) for Manage Adverts, newest first, 50 a page (the page clamped to the ones there are). */
export async function listAdvertsForAdmin(db: Database, options: { page?: number } = {}) {
  const live = and(eq(adverts.isActive, true), notACampaign(db));
  const { page, pageCount, total, ...window } = pageWindow(
    await db.$count(adverts, live),
    options.page,
    ADVERTS_PAGE_SIZE,
  );
  const newestFirst = db
    .select(adminColumns)
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.postedByAdminId))
    .where(live)
    .orderBy(desc(adverts.createdAt), desc(adverts.id));
  const rows = await onPage(newestFirst.$dynamic(), window);
  return { adverts: rows.map(toAdminAdvert), page, pageCount, total };
}

/** One live advert of the admins (for the edit dialog), or null when unknown, deleted or a campaign's. */
export async function getAdvert(db: Database, advertId: string): Promise<AdminAdvert | null> {
  const [row] = await db
    .select(adminColumns)
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.postedByAdminId))
    .where(and(eq(adverts.id, advertId), eq(adverts.isActive, true), notACampaign(db)));
  return row ? toAdminAdvert(row) : null;
}

/**
 * Admin dashboard figures: the live adverts, and the earnings distributed to members: every
 * advert reward the ledger has paid, and beside it every referral reward.
 */
export async function adminAdvertStats(db: Database) {
  const [totalAdverts, paid] = await Promise.all([db.$count(adverts, eq(adverts.isActive, true)), rewardsPaid(db)]);
  return { totalAdverts, earningsDistributedKobo: paid.advertKobo, referralRewardsKobo: paid.referralKobo };
}
