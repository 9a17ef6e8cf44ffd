import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, advertViews } from "~/db/schema";
import { advertIsLive } from "./advert-live.server";
import { composeCheck, storedCheck, type AttentionCheck } from "./attention-check";

/**
 * Sets the attention check on a view whose countdown has ended (the claim's "check-due") and
 * returns it: the advert's own question, or its title among three other live adverts' titles
 * picked at random. Set once: when two claims race, the first stored is the one both return.
 * Null when the view has ended meanwhile (another advert was opened).
 */
export async function setAttentionCheck(
  db: Database,
  viewId: string,
  advertId: string,
  now: Date,
  random: () => number = Math.random,
): Promise<AttentionCheck | null> {
  const [advert] = await db
    .select({
      title: adverts.title,
      checkQuestion: adverts.checkQuestion,
      checkAnswer: adverts.checkAnswer,
      checkWrongAnswers: adverts.checkWrongAnswers,
    })
    .from(adverts)
    .where(eq(adverts.id, advertId));
  if (!advert) throw new Error(`setAttentionCheck: no advert ${advertId}`);
  const custom = storedCheck(advert);
  const others = custom ? [] : await otherLiveTitles(db, advertId, advert.title);
  const check = composeCheck({ title: advert.title, custom }, others, random);
  await db
    .update(advertViews)
    .set({
      checkQuestion: check.question,
      checkChoices: check.choices,
      checkAnswerIndex: check.answerIndex,
      checkIssuedAt: now,
    })
    .where(and(eq(advertViews.id, viewId), isNull(advertViews.checkIssuedAt), isNull(advertViews.claimedAt)));
  const [stored] = await db
    .select({ question: advertViews.checkQuestion, choices: advertViews.checkChoices })
    .from(advertViews)
    .where(eq(advertViews.id, viewId));
  // Gone: the member opened another advert meanwhile, which ended this view.
  if (!stored?.question || !stored.choices) return null;
  return { question: stored.question, choices: stored.choices };
}

/**
 * Up to six titles of other live adverts, in random order (composeCheck keeps three that differ
 * from the answer and each other). Live adverts are few next to members (the partial index on
 * is_active), so ordering them at random is cheap.
 */
async function otherLiveTitles(db: Database, advertId: string, title: string): Promise<string[]> {
  const rows = await db
    .select({ title: adverts.title })
    .from(adverts)
    .where(and(advertIsLive, ne(adverts.id, advertId), sql`lower(btrim(${adverts.title})) <> lower(btrim(${title}))`))
    .orderBy(sql`random()`)
    .limit(6);
  return rows.map((r) => r.title);
}
