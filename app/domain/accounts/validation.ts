import { z } from "zod";

/** Form schemas shared by route actions (parsing) and pages (hints). No server-only imports. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((v) => v.toLowerCase());

export const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * Control and formatting characters: line breaks, tabs, bidirectional overrides (U+202E) and the
 * like, which let a name pose as several lines or reverse text where it is shown (a mail, a page,
 * the audit log). The zero-width (non-)joiners some scripts and emoji need stay allowed.
 */
const NOT_ONE_LINE = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Whether text is one line of visible characters (see NOT_ONE_LINE). */
export const isOneLine = (text: string) => !NOT_ONE_LINE.test(text);

export const NAME_ONE_LINE_MESSAGE = "Name must be on one line, without line breaks or invisible characters";

/** A person's name: one line of visible text, trimmed, at most 100 characters. */
export const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, "Name is too long")
    .refine(isOneLine, NAME_ONE_LINE_MESSAGE);

/**
 * A name as it reads: NFKC (fullwidth "ＡＤＭＩＮ" is "ADMIN", ligatures are letters) without the
 * characters that show nothing (zero-width joiners, the combining grapheme joiner, variation
 * selectors, soft hyphens), so "Ad\u200Cmin" reads as "Admin".
 */
const asRead = (name: string) => name.normalize("NFKC").replace(/\p{Default_Ignorable_Code_Point}/gu, "");

/**
 * The platform's own name: "adnaira" anywhere, run into other words too ("AdNairaSupport"), or
 * "ad naira" / "ad-naira" starting a word (not "Ahmad Naira…", whose "ad" ends another word).
 */
const PLATFORM_NAME = /adnaira|(?<!\p{L})ad[\s._-]+naira/iu;

/** Whether a name (a person's or a business's) says "AdNaira" (see PLATFORM_NAME). */
export const namesThePlatform = (name: string) => PLATFORM_NAME.test(asRead(name));

/**
 * Words that would let a member pass for the platform's staff, in any case, where no letter
 * touches them: "Admin Tunde", "Tunde-Admin", "Admin1", "Support247 Desk" (a digit or a mark of
 * punctuation is an edge); not "Badmington", "Staffordshire" or "Supporter".
 */
const STAFF_WORDS = /(?<!\p{L})(?:admin|support|staff)(?!\p{L})/iu;

/**
 * Whether a name claims to be staff: the platform's name or a staff word, read as shown (see
 * asRead: no invisible characters, fullwidth letters as letters). Staff are told apart by a
 * badge from their role; a name must not say it instead.
 */
export const soundsLikeStaff = (name: string) => namesThePlatform(name) || STAFF_WORDS.test(asRead(name));

export const STAFF_NAME_MESSAGE =
  'Name cannot include the words "AdNaira", "admin", "support" or "staff": they are kept for the AdNaira team';

/** A member's (or an advertiser's contact's) name: a person's name that does not pose as staff. */
export const memberName = (requiredMessage: string) =>
  personName(requiredMessage).refine((name) => !soundsLikeStaff(name), STAFF_NAME_MESSAGE);

export const RegisterSchema = z.object({
  name: memberName("Full name is required"),
  email,
  password: newPassword,
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  referralCode: z
    .string()
    .trim()
    .max(32, "Referral code not found")
    .transform((v) => v.toUpperCase())
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX * 4),
});

export const EmailOnlySchema = z.object({ email });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
  confirmPassword: z.string().min(1, "Please confirm your password"),
});

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, "Current password is required")
    .max(PASSWORD_MAX * 4),
  newPassword,
  confirmPassword: z.string().min(1, "Please confirm your new password"),
});

export const TokenSchema = z.object({ token: z.string().min(1).max(200) });

/** A member renaming themselves on /profile. */
export const ProfileNameSchema = z.object({
  name: memberName("Name is required"),
});

/** An admin or the super admin renaming themselves: staff may say so. */
export const StaffProfileNameSchema = z.object({
  name: personName("Name is required"),
});

/** The super admin creating an admin: staff names may say so ("Support Desk"). */
export const CreateAdminSchema = z.object({
  name: personName("Name is required"),
  email,
  password: newPassword,
});
