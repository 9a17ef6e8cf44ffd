/**
 * The attention check at the claim (issue 39, decision 028): when the countdown ends the member
 * picks what the advert showed out of four choices that were not on the page before. By default
 * the advert's title among three other adverts' titles; an advertiser or an admin may set a
 * question, its answer and three wrong answers on the advert instead. Pure: the server layer
 * (attention-check.server.ts) reads the titles and stores what was asked.
 */

/** What the member is asked: the question and the four choices, in the order shown. */
export type AttentionCheck = { question: string; choices: string[] };

/** An advert's own check (all of it or none: the database's adverts_check_complete). */
export type CustomCheck = { question: string; answer: string; wrongAnswers: [string, string, string] };

export const CHOICES = 4;

/** An advert's own check as stored (adverts.check_*), or null when it has none. */
export function storedCheck(row: {
  checkQuestion: string | null;
  checkAnswer: string | null;
  checkWrongAnswers: string[] | null;
}): CustomCheck | null {
  const { checkQuestion: question, checkAnswer: answer, checkWrongAnswers: wrong } = row;
  return question && answer && wrong?.length === 3
    ? { question, answer, wrongAnswers: [wrong[0]!, wrong[1]!, wrong[2]!] }
    : null;
}

/** The advert page's title while the check is asked (the advert's title would give the answer away). */
export const ATTENTION_CHECK_TITLE = "Attention Check";

/** The default question: the advert's title is the answer. */
export const TITLE_QUESTION = "Which advert did you just view?";

/** The field the member's pick is sent in: the index of the choice (0 to 3). */
export const ANSWER_FIELD = "answer";

/** Wrong picks in one Africa/Lagos day that flag the member for review. */
export const FAILED_CHECKS_TO_FLAG = 3;

/**
 * Stand-in titles when fewer than three other adverts run (a new platform): they read like
 * adverts, so the answer does not stand out.
 */
export const STAND_IN_TITLES = [
  "Fresh Bread Delivered Daily",
  "Learn Data Analysis in 12 Weeks",
  "Solar Panels for Your Home",
  "Affordable Car Insurance",
  "Weekend Sale on Phones",
  "Fast Laundry Pick-up",
] as const;

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The check for an advert: its own question when set, else its title among `otherTitles` (the
 * first three that differ from it and each other, topped up with STAND_IN_TITLES), shuffled by
 * `random` (a number in [0, 1)). `answerIndex`: where the answer landed.
 */
export function composeCheck(
  advert: { title: string; custom: CustomCheck | null },
  otherTitles: readonly string[],
  random: () => number = Math.random,
): AttentionCheck & { answerIndex: number } {
  const question = advert.custom?.question ?? TITLE_QUESTION;
  const answer = advert.custom?.answer ?? advert.title;
  const wrong: string[] = [];
  const candidates = advert.custom ? advert.custom.wrongAnswers : [...otherTitles, ...STAND_IN_TITLES];
  for (const candidate of candidates) {
    if (wrong.length === CHOICES - 1) break;
    if (sameText(candidate, answer) || wrong.some((w) => sameText(w, candidate))) continue;
    wrong.push(candidate.trim());
  }
  const choices = shuffle([answer.trim(), ...wrong], random);
  return { question, choices, answerIndex: choices.indexOf(answer.trim()) };
}

/** Fisher–Yates: every order equally likely. */
function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
