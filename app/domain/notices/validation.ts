import { z } from "zod";
import type { StatusBadges } from "~/domain/shared/status-badges";

/** The notices table's CHECKs (characters, as char_length counts them). */
export const NOTICE_LIMITS = { titleMax: 200, contentMax: 5_000 } as const;

export const NOTICE_AUDIENCES = ["all", "user", "admin"] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** The audience select's options, in this order; also the list's labels. */
export const AUDIENCE_LABELS: Record<NoticeAudience, string> = {
  all: "All Users",
  user: "Regular Users Only",
  admin: "Admins Only",
};

/** The audience's badge on Manage Notices: its label, in blue. */
export const AUDIENCE_BADGES = {
  all: { label: AUDIENCE_LABELS.all, tone: "blue" },
  user: { label: AUDIENCE_LABELS.user, tone: "blue" },
  admin: { label: AUDIENCE_LABELS.admin, tone: "blue" },
} as const satisfies StatusBadges<NoticeAudience>;

/** A notice is active until deleted; a deleted one stays listed for the admins. */
export type NoticeStatus = "active" | "deleted";

export const noticeStatus = (isActive: boolean): NoticeStatus => (isActive ? "active" : "deleted");

/** Active green, deleted red. */
export const NOTICE_STATUS_BADGES = {
  active: { label: "Active", tone: "green" },
  deleted: { label: "Deleted", tone: "red" },
} as const satisfies StatusBadges<NoticeStatus>;

/** What createNotice/updateNotice take: already parsed and trimmed. */
export type NoticeInput = { title: string; content: string; audience: NoticeAudience };

/** Characters as PostgreSQL counts them (code points), not UTF-16 units. */
const chars = (value: string) => Array.from(value).length;

// A title is one line: no line breaks, no other control characters (NUL among them).
// eslint-disable-next-line no-control-regex
const TITLE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// Content keeps line breaks and tabs; other control characters (NUL cannot even be stored) are refused.
// eslint-disable-next-line no-control-regex
const CONTENT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const NOTICE_FIELD_MESSAGES = {
  titleBlank: "Enter a title.",
  titleLong: `Title is too long (${NOTICE_LIMITS.titleMax} characters at most).`,
  titleControl: "Title must be a single line without control characters.",
  contentBlank: "Enter the notice content.",
  contentLong: `Content is too long (${NOTICE_LIMITS.contentMax.toLocaleString("en-NG")} characters at most).`,
  contentControl: "Content cannot contain control characters such as NUL.",
  audience: "Choose who sees the notice.",
} as const;

const M = NOTICE_FIELD_MESSAGES;

const titleSchema = z
  .string()
  .default("")
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, M.titleBlank)
  .refine((v) => !TITLE_FORBIDDEN.test(v), M.titleControl)
  .refine((v) => chars(v) <= NOTICE_LIMITS.titleMax, M.titleLong);

const contentSchema = z
  .string()
  .default("")
  // A textarea posts CRLF line breaks; one line break is stored as one character.
  .transform((v) => v.replace(/\r\n?/g, "\n").trim())
  .refine((v) => v.length > 0, M.contentBlank)
  .refine((v) => !CONTENT_FORBIDDEN.test(v), M.contentControl)
  .refine((v) => chars(v) <= NOTICE_LIMITS.contentMax, M.contentLong);

const audienceSchema = z.enum(NOTICE_AUDIENCES, { error: M.audience });

/** The Create Notice form (field names are the form's). */
export const createNoticeSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  audience: audienceSchema,
});

/**
 * The Edit Notice form: the same fields, which notice, and the version (its updatedAt, ISO) the
 * form was opened with, so a save over someone else's newer change is refused.
 */
export const editNoticeSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  audience: audienceSchema,
  noticeId: z.string().trim().min(1, "Choose a notice to edit.").max(64),
  updatedAt: z.iso
    .datetime({ offset: true, error: "Reload the page and edit the notice again." })
    .transform((v) => new Date(v)),
});

/** The same rules for callers that skip the form: refuses what the form would refuse. */
export function assertNoticeInput(input: NoticeInput): void {
  const problems: string[] = [];
  const t = input.title;
  if (!t.trim() || TITLE_FORBIDDEN.test(t) || chars(t) > NOTICE_LIMITS.titleMax) problems.push("title");
  const c = input.content;
  if (!c.trim() || CONTENT_FORBIDDEN.test(c) || chars(c) > NOTICE_LIMITS.contentMax) problems.push("content");
  if (!NOTICE_AUDIENCES.includes(input.audience)) problems.push("audience");
  if (problems.length) throw new RangeError(`Invalid notice: ${problems.join(", ")}`);
}
