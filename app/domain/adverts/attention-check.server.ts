import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { adverts, advertViews } from "~/db/schema";
import { composeCheck, type AttentionCheck, type CustomCheck } from "./attention-check";

/**
 * Sets the attention check on a view whose countdown has ended (the claim's "check-due") and
 * returns it: the advert's own question, or its title among three other live adverts' titles
 * picked at random. Set once: when two claims race, the first stored is the one both return.
 */
export async function setAttentionCheck(
  db: Database,
  viewId: string,
  advertId: string,
  now: Date,
  random: () => number = Math.random,
): Promise<AttentionCheck> {
  const [advert] = await db
    .select({
      title: adverts.title,
      question: adverts.checkQuestion,
      answer: adverts.checkAnswer,
      wrongAnswers: adverts.checkWrongAnswers,
    })
    .from(adverts)
    .where(eq(adverts.id, advertId));
  if (!advert) throw new Error(`setAttentionCheck: no advert ${advertId}`);
  const custom: CustomCheck | null =
    advert.question && advert.answer && advert.wrongAnswers?.length === 3
      ? {
          question: advert.question,
          answer: advert.answer,
          wrongAnswers: advert.wrongAnswers as CustomCheck["wrongAnswers"],
        }
      : null;
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
  if (!stored?.question || !stored.choices) throw new Error(`setAttentionCheck: view ${viewId} is gone`);
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
    .where(
      and(
        sql`advert_is_live(${adverts.isActive}, ${adverts.startsAt}, ${adverts.endsAt}, now())`,
        ne(adverts.id, advertId),
        sql`lower(btrim(${adverts.title})) <> lower(btrim(${title}))`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(6);
  return rows.map((r) => r.title);
}
