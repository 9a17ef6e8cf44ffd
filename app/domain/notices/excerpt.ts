/** How many characters of a notice the member dashboard's card shows. */
export const NOTICE_EXCERPT_CHARS = 160;

/**
 * The start of a notice's content for a card: its whitespace (line breaks included) folded to
 * single spaces, cut at the last word that fits within `max` characters (code points, so an
 * emoji is never split), with "…" when anything was left out.
 */
export function noticeExcerpt(content: string, max = NOTICE_EXCERPT_CHARS): string {
  const text = content.replace(/\s+/g, " ").trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join("");
  const lastSpace = cut.lastIndexOf(" ");
  // A single long word (a link, a number) is cut where it reaches the limit.
  const kept = lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s.,;:!?-]+$/u, "")}…`;
}
