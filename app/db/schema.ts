import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  jsonb,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum("user_role", ["user", "admin", "super_admin"]);

export const membershipTiers = pgTable("membership_tiers", {
  id: text().primaryKey(),
  name: text().notNull(),
  priceKobo: bigint({ mode: "bigint" }).notNull(),
  benefits: text().array().notNull().default(sql`'{}'::text[]`),
  dailyAdViews: integer().notNull(),
  rank: integer().notNull().unique(),
  ...timestamps,
});

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    displayId: text().notNull().unique(),
    name: text().notNull(),
    /** Stored lower-cased; unique. */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: userRole().notNull().default("user"),
    isApproved: boolean().notNull().default(false),
    isRestricted: boolean().notNull().default(false),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    membershipTierId: text()
      .notNull()
      .default("basic")
      .references(() => membershipTiers.id),
    referralCode: text().notNull().unique(),
    referredById: text().references((): AnyPgColumn => users.id),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Set when the super admin deactivates an admin: no sign-in, no sessions. */
    deactivatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("users_role_idx").on(t.role),
    index("users_created_at_idx").on(t.createdAt),
    uniqueIndex("users_single_super_admin").on(t.role).where(sql`${t.role} = 'super_admin'`),
  ],
);

export const referralStatus = pgEnum("referral_status", ["pending", "approved"]);

export const referrals = pgTable(
  "referrals",
  {
    id: text().primaryKey(),
    referrerId: text()
      .notNull()
      .references(() => users.id),
    referredId: text()
      .notNull()
      .unique()
      .references(() => users.id),
    referralCode: text().notNull(),
    status: referralStatus().notNull().default("pending"),
    rewardKobo: bigint({ mode: "bigint" }),
    approvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId)],
);

export const referralRewardType = pgEnum("referral_reward_type", ["fixed", "percentage"]);

export const appSettings = pgTable(
  "app_settings",
  {
    id: integer().primaryKey().default(1),
    appName: text().notNull(),
    logoUrl: text().notNull(),
    referralActive: boolean().notNull(),
    referralRewardType: referralRewardType().notNull(),
    referralFixedKobo: bigint({ mode: "bigint" }).notNull(),
    /** Percentage of the tier price in basis points (4000 = 40%). */
    referralPercentBps: integer().notNull(),
    minWithdrawalKobo: bigint({ mode: "bigint" }).notNull(),
    maxWithdrawalKobo: bigint({ mode: "bigint" }).notNull(),
    /** Withdrawal fee in basis points (200 = 2%). */
    withdrawalFeeBps: integer().notNull(),
    advertDwellSeconds: integer().notNull(),
    ...timestamps,
  },
  (t) => [check("app_settings_single_row", sql`${t.id} = 1`)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a database leak does not leak usable sessions. */
    idHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
    ...timestamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const emailTokenPurpose = pgEnum("email_token_purpose", ["confirm_email", "reset_password"]);

export const emailTokens = pgTable(
  "email_tokens",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: emailTokenPurpose().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("email_tokens_hash_idx").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId)],
);

export const emailStatus = pgEnum("email_status", ["pending", "sent", "logged", "failed"]);

/** Outbox: a mail is stored in the same transaction as the change that causes it, then delivered. */
export const emails = pgTable(
  "emails",
  {
    id: text().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    status: emailStatus().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("emails_pending_idx").on(t.status, t.nextAttemptAt)],
);

/** Secrets generated on first start and shared by every app process (e.g. cookie signing). */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  ...timestamps,
});

/**
 * Every admin and super-admin action. Append-only: a trigger refuses UPDATE and DELETE
 * (migration 0001), so the history cannot be rewritten even by the application.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text().primaryKey(),
    actorId: text()
      .notNull()
      .references(() => users.id),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type MembershipTier = typeof membershipTiers.$inferSelect;
export type AppSettings = typeof appSettings.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Email = typeof emails.$inferSelect;
