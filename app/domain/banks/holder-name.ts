import { distance } from "fastest-levenshtein";

/**
 * Words a bank or a member adds around a name that say nothing about whose it is: titles, and a
 * business's legal form (an advertiser's account is often "ACME VENTURES NIG LTD").
 */
const FILLER_WORDS = new Set([
  "mr",
  "mrs",
  "miss",
  "ms",
  "dr",
  "chief",
  "alhaji",
  "alhaja",
  "engr",
  "pastor",
  "prof",
  "ltd",
  "limited",
  "plc",
  "nig",
  "nigeria",
  "enterprise",
  "enterprises",
  "ent",
  "and",
  "co",
  "company",
]);

/** One spelling for names banks and people write many ways (Muhammad: Mohammed, Mohd, Muhd…). */
const SPELLINGS = new Map(
  ["mohammed", "mohammad", "muhammed", "mohamed", "mohamad", "muhamad", "mohd", "muhd", "mohamud"].map((v) => [
    v,
    "muhammad",
  ]),
);

/** A name's words: accents and punctuation gone, lower case, fillers dropped, one spelling of each. */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !FILLER_WORDS.has(word))
    .map((word) => SPELLINGS.get(word) ?? word);
}

/** Two neighbouring words written as one on the other side ("Adebayo-Oke" and "ADEBAYOOKE") become that one word. */
function joinAsOther(words: string[], other: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = words[i]! + (words[i + 1] ?? "");
    if (i + 1 < words.length && other.includes(pair)) {
      joined.push(pair);
      i++;
    } else joined.push(words[i]!);
  }
  return joined;
}

/** One letter stands for a word it starts ("C." for Chinedu); a long word may carry one typo. */
function wordsMatch(a: string, b: string): "same" | "initial" | "close" | null {
  if (a === b) return "same";
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return "initial";
  if (Math.min(a.length, b.length) >= 5 && distance(a, b) <= 1) return "close";
  return null;
}

/**
 * Whether the name a bank resolved for an account is this person's: the same words in any order
 * and case, one spelling of Muhammad, a hyphenated name written as one word, an initial for a
 * word, one typo in a long word, and one name (a middle name) on one side only, or more at the
 * bank when all of the member's words are there in full. At least two words must match, one of
 * them in full, unless both names are one word.
 * "OKAFOR CHINEDU JOHN" is "Chinedu Okafor"'s; "OKAFOR EMEKA" is not, nor is "CHINEDU" alone.
 */
export function isSamePersonName(bankName: string, ownName: string): boolean {
  const bankWords = nameWords(bankName);
  const ownWords = nameWords(ownName);
  const bank = joinAsOther(bankWords, ownWords);
  const own = joinAsOther(ownWords, bankWords);
  if (bank.length === 0 || own.length === 0) return false;
  const [shorter, longer] = bank.length <= own.length ? [bank, own] : [own, bank];
  const unused = [...longer];
  let full = 0;
  // Exact words first, so an initial or a near spelling never takes a word that matches exactly.
  const pending: string[] = [];
  for (const word of shorter) {
    const at = unused.indexOf(word);
    if (at >= 0) {
      unused.splice(at, 1);
      if (word.length > 1) full += 1;
    } else pending.push(word);
  }
  for (const word of pending) {
    const at = unused.findIndex((other) => wordsMatch(word, other) !== null);
    if (at < 0) return false;
    if (wordsMatch(word, unused[at]!) === "close") full += 1;
    unused.splice(at, 1);
  }
  if (longer.length === 1) return full === 1;
  if (shorter.length < 2 || full < 1) return false;
  // One name on one side only (a middle name); more only when every word of the member's name
  // is at the bank in full (banks add second middle names: "OKAFOR CHINEDU JOHN PAUL").
  return unused.length <= 1 || (longer === bank && full === own.length && full >= 2);
}

/** Whether the resolved name is one of the names the account may carry (a business: its name or its contact's). */
export const holderNameMatches = (bankName: string, ownNames: readonly string[]): boolean =>
  ownNames.some((name) => isSamePersonName(bankName, name));
