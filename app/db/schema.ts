import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  jsonb,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum("user_role", ["user", "admin", "super_admin", "advertiser"]);

export const membershipTiers = pgTable("membership_tiers", {
  id: text().primaryKey(),
  name: text().notNull(),
  priceKobo: bigint({ mode: "bigint" }).notNull(),
  benefits: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
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
    permissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    membershipTierId: text()
      .notNull()
      .default("basic")
      .references(() => membershipTiers.id),
    referralCode: text().notNull().unique(),
    referredById: text().references((): AnyPgColumn => users.id),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** The address the account was registered from, compared with a referrer's to hold self-referral rewards. */
    signupIp: text(),
    /**
     * The networks of the latest sign-ins (an IPv4 address, an IPv6 /64: see networkOf;
     * RECENT_SIGN_IN_ADDRESSES of them, newest first, each once), for the same comparison. Rows
     * from before may still hold whole IPv6 addresses; the comparison takes their /64. Never
     * shown to anyone.
     */
    recentLoginIps: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when the super admin deactivates an admin: no sign-in, no sessions. */
    deactivatedAt: timestamp({ withTimezone: true }),
    /**
     * Set when the member froze their payouts (the link in the bank-details-changed mail): nothing
     * is paid to them by transfer until an admin releases it (null again).
     */
    payoutsFrozenAt: timestamp({ withTimezone: true }),
    /** The linked accounts this one belongs to (app/domain/risk); null while linked to none. */
    riskClusterId: text(),
    /** When the person last changed their name on the profile: automatic payouts wait a while after. */
    nameChangedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One role's users from the index alone (the admin dashboard's Advertiser Balances, the
    // advertisers' list counts), not a read of every user. Not a partial index on role =
    // 'advertiser': that value was added to the enum by ALTER TYPE (0019), and a fresh database's
    // migrations run in one transaction, where PostgreSQL refuses to use it.
    index("users_role_idx").on(t.role, t.id),
    index("users_created_at_idx").on(t.createdAt),
    index("users_risk_cluster_idx").on(t.riskClusterId),
    // A member's page flags the sign-in addresses other members used too: by network (ip_network,
    // migration 0025: an IPv4 address, an IPv6 /64), whether the sign-up address or a recent one.
    index("users_signup_network_idx").on(sql`ip_network(${t.signupIp})`),
    index("users_recent_networks_idx").using("gin", sql`ip_networks(${t.recentLoginIps})`),
    // Searches by part of a name or email (Manage Users, and the lists that search their members):
    // trigram indexes (pg_trgm, migration 0027) answer ILIKE '%…%' without reading every user.
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // Manage Users' Pending and Restricted filters, newest first, and the count of restricted members.
    index("users_pending_members_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'user' AND NOT ${t.isApproved} AND NOT ${t.isRestricted}`),
    index("users_restricted_members_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'user' AND ${t.isRestricted}`),
    uniqueIndex("users_single_super_admin")
      .on(t.role)
      .where(sql`${t.role} = 'super_admin'`),
  ],
);

/**
 * pending until the referred member's first approved upgrade; then approved (paid) or, when the
 * referral looks like a self-referral, held for an admin who releases (pays) or voids it.
 */
export const referralStatus = pgEnum("referral_status", ["pending", "approved", "held", "voided"]);

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
    /** Why its reward is (or was) held for review instead of paid; null when nothing looked wrong. */
    holdReason: text(),
    /** When an admin released or voided a held reward, and who. */
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedById: text().references((): AnyPgColumn => users.id),
    ...timestamps,
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId),
    index("referrals_status_created_idx").on(t.status, t.createdAt),
    // The statistics' count of distinct referrers with an approved referral, from this index alone.
    index("referrals_approved_referrer_idx")
      .on(t.referrerId)
      .where(sql`${t.status} = 'approved'`),
    // The admin list's All tab, newest first.
    index("referrals_created_idx").on(t.createdAt, t.id),
    // The referral leaderboards (and every dashboard's Weekly Rank) read one period's approvals.
    index("referrals_approved_at_idx")
      .on(t.approvedAt)
      .where(sql`${t.status} = 'approved'`),
  ],
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
    /** The most an advert may pay per click (₦1,000.00 by default). */
    maxAdvertRewardKobo: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`100000`),
    /** The most an advert may pay in all: reward × max clicks (₦1,000,000.00 by default). */
    maxAdvertBudgetKobo: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`100000000`),
    /**
     * The platform's account that members pay upgrades into by bank transfer; null until an admin
     * sets it on /admin/memberships (then bank transfer is offered).
     */
    receivingBankCode: text(),
    receivingAccountNumber: text(),
    receivingAccountName: text(),
    /** The platform's fee on a campaign, in basis points of its rewards (2000 = 20%). */
    campaignFeeBps: integer().notNull().default(2000),
    /**
     * With the payment provider on: withdrawals up to this amount are paid by transfer as soon as
     * they are requested, when the member is approved and not held for review. Null: off.
     */
    autoPayoutMaxKobo: bigint({ mode: "bigint" }),
    /**
     * The most paid automatically in one Lagos day, all members together (₦500,000.00 by default);
     * past it, withdrawals wait for an admin. Null: no daily total.
     */
    autoPayoutDailyMaxKobo: bigint({ mode: "bigint" }).default(sql`50000000`),
    /** Hours after bank details change during which withdrawals to them are never paid automatically. */
    bankChangeHoldHours: integer().notNull().default(24),
    /** Days an account must have existed before its withdrawals are paid automatically. */
    autoPayoutMinAccountAgeDays: integer().notNull().default(3),
    /** Accounts one device may hold before its accounts are held for review (a family phone: 2). */
    accountsPerDevice: integer().notNull().default(2),
    /** Accounts one bank account may pay before they are held for review. */
    accountsPerBankAccount: integer().notNull().default(1),
    /**
     * The most an advertiser may withdraw in one request (₦1,000,000.00 by default): separate from
     * members' maximum, so a refunded campaign budget can come back in one request.
     */
    advertiserMaxWithdrawalKobo: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`100000000`),
    /** Support channels shown on /contact and /help; null: not offered. */
    supportEmail: text(),
    supportPhone: text(),
    /** A Nigerian mobile number in international form (2348012345678), for wa.me links. */
    supportWhatsapp: text(),
    /** One sentence on when payouts happen, shown on /help and by the withdraw form. */
    payoutSchedule: text()
      .notNull()
      .default("Withdrawals are reviewed and paid on working days, usually within 24 hours."),
    ...timestamps,
  },
  (t) => [
    check("app_settings_single_row", sql`${t.id} = 1`),
    check("app_settings_accounts_per_device", sql`${t.accountsPerDevice} BETWEEN 1 AND 20`),
    check("app_settings_accounts_per_bank_account", sql`${t.accountsPerBankAccount} BETWEEN 1 AND 20`),
    check("app_settings_bank_change_hold_hours", sql`${t.bankChangeHoldHours} BETWEEN 0 AND 720`),
    check("app_settings_auto_payout_min_age_days", sql`${t.autoPayoutMinAccountAgeDays} BETWEEN 0 AND 365`),
    check(
      "app_settings_auto_payout_daily_max_positive",
      sql`${t.autoPayoutDailyMaxKobo} IS NULL OR ${t.autoPayoutDailyMaxKobo} > 0`,
    ),
    check(
      "app_settings_receiving_account_whole",
      sql`(${t.receivingBankCode} IS NULL) = (${t.receivingAccountNumber} IS NULL) AND (${t.receivingBankCode} IS NULL) = (${t.receivingAccountName} IS NULL)`,
    ),
    check(
      "app_settings_receiving_account_number_ten_digits",
      sql`${t.receivingAccountNumber} IS NULL OR ${t.receivingAccountNumber} ~ '^[0-9]{10}$'`,
    ),
    check(
      "app_settings_advert_money_limits",
      sql`${t.maxAdvertRewardKobo} > 0 and ${t.maxAdvertRewardKobo} <= ${t.maxAdvertBudgetKobo}`,
    ),
    check("app_settings_campaign_fee_bps", sql`${t.campaignFeeBps} BETWEEN 0 AND 10000`),
    check("app_settings_auto_payout_positive", sql`${t.autoPayoutMaxKobo} IS NULL OR ${t.autoPayoutMaxKobo} > 0`),
    check("app_settings_advertiser_max_withdrawal_positive", sql`${t.advertiserMaxWithdrawalKobo} > 0`),
  ],
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
    /**
     * When this session last proved the account's second factor (decision 030). Null: not yet,
     * so a staff session (or a member's with a factor turned on) opens only the factor pages.
     */
    factorCheckedAt: timestamp({ withTimezone: true }),
    /** The WebAuthn challenge this session was last given, answered once (a passkey sign-in or enrolment). */
    passkeyChallenge: text(),
    /**
     * A money action's form, kept while its re-check of the second factor is asked for (its path
     * and fields): the confirmation page posts them back with the code, so nothing typed is lost.
     * Passwords are never kept: `askAgain` names the fields the page asks for again.
     */
    pendingAction: jsonb().$type<{ path: string; fields: [string, string][]; askAgain?: string[] }>(),
    ...timestamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * An account's authenticator app (TOTP, RFC 6238). Kept from the first code that proves it
 * (`confirmedAt`); until then it is only offered. A code's 30-second step is accepted once.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32, as the authenticator app was given it. */
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** The last step a code was accepted for: that step and earlier ones are refused (a code works once). */
  lastUsedStep: bigint({ mode: "number" }),
  ...timestamps,
});

/** One-time recovery codes: ten per enrolment, stored as SHA-256 hashes, shown once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys) an account registered as its second factor. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter, which must grow (0 for authenticators that keep none). */
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
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
    /** The event a mail reports (`campaign:<id>:activated`): one mail per event, however often it is replayed. */
    dedupeKey: text(),
    ...timestamps,
  },
  (t) => [
    index("emails_pending_idx").on(t.status, t.nextAttemptAt),
    uniqueIndex("emails_dedupe_key_idx").on(t.dedupeKey),
  ],
);

/** Secrets generated on first start and shared by every app process (e.g. cookie signing). */
export const serverSecrets = pgTable("server_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  ...timestamps,
});

/**
 * Every admin and super-admin action. Append-only: triggers refuse UPDATE, DELETE and TRUNCATE
 * (migration 0002), so the history cannot be rewritten even by the application.
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
    /** The actor's role when the entry was written (null on entries older than migration 0040). */
    actorRole: userRole(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    // A member's page lists the entries about them.
    index("audit_log_target_idx").on(t.targetId, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type MembershipTier = typeof membershipTiers.$inferSelect;
export type AppSettings = typeof appSettings.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Email = typeof emails.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Ledger: double-entry, append-only. Every money movement is a transfer with two
// entries (−amount on the debit account, +amount on the credit account). User balances are cached
// on the account and changed only by a trigger on entry insert (migrations 0004, 0008), never
// directly; platform accounts keep no cached balance (migration 0008, decision 009).
// ---------------------------------------------------------------------------------------------

/**
 * user_available / user_held: a member's or an advertiser's balance and money held for them (an
 * advertiser's available account is their advertiser balance); platform: the platform's own
 * accounts (uncached); campaign_escrow: one per paid campaign, holding what is left of its budget.
 */
export const ledgerAccountKind = pgEnum("ledger_account_kind", [
  "user_available",
  "user_held",
  "platform",
  "campaign_escrow",
]);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text().primaryKey(),
    kind: ledgerAccountKind().notNull(),
    /** Owner of a user account; null for platform accounts. */
    userId: text().references(() => users.id),
    /** Stable name of a platform account (advert_rewards, bank_payouts…); null for user accounts. */
    code: text().unique("ledger_accounts_code_unique"),
    /** The campaign whose escrow this is; null for every other kind. */
    campaignId: text()
      .unique("ledger_accounts_campaign_unique")
      .references((): AnyPgColumn => campaigns.id),
    /**
     * User accounts: cache of the sum of this account's entries, maintained by the database.
     * Platform accounts: always null — they keep no cached balance (decision 009); their balance
     * is the sum of their entries (platformBalance in app/domain/ledger/accounts.server.ts).
     */
    balanceKobo: bigint({ mode: "bigint" }).default(sql`0`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_kind_idx").on(t.userId, t.kind),
    check("ledger_accounts_user_balance_non_negative", sql`${t.kind} = 'platform' OR ${t.balanceKobo} >= 0`),
    check("ledger_accounts_cached_balance_users_only", sql`(${t.kind} = 'platform') = (${t.balanceKobo} IS NULL)`),
    // kind::text: the check is added in the migration that adds 'campaign_escrow' to the enum,
    // where the new value may not be used as an enum yet.
    check(
      "ledger_accounts_owner",
      sql`CASE ${t.kind}::text WHEN 'platform' THEN ${t.userId} IS NULL AND ${t.code} IS NOT NULL AND ${t.campaignId} IS NULL WHEN 'campaign_escrow' THEN ${t.userId} IS NULL AND ${t.code} IS NULL AND ${t.campaignId} IS NOT NULL ELSE ${t.userId} IS NOT NULL AND ${t.code} IS NULL AND ${t.campaignId} IS NULL END`,
    ),
  ],
);

export const ledgerTransferKind = pgEnum("ledger_transfer_kind", [
  "advert_reward",
  "referral_reward",
  "upgrade_payment",
  "withdrawal_hold",
  "withdrawal_release",
  "withdrawal_payout",
  "withdrawal_fee",
  "upgrade_hold",
  "upgrade_release",
  /** Bank receipts → an advertiser's balance: a campaign's payment, confirmed by an admin. */
  "advertiser_deposit",
  /** An advertiser's balance → a campaign's escrow: the campaign's whole budget, up front. */
  "campaign_funding",
  /** A campaign's escrow → campaign fees: the platform's share of one verified view. */
  "campaign_fee",
  /** A campaign's escrow → its advertiser's balance: what was left when it ended, once. */
  "campaign_refund",
  /** Provider fees → provider clearing: what the payment provider kept of a payment it collected. */
  "provider_fee",
  /**
   * Bank payouts and withdrawal fees → a member's held balance: a paid transfer the provider
   * reversed; the withdrawal is back in processing with its money held again.
   */
  "withdrawal_reversal",
  /**
   * Bank receipts → provider clearing: a settlement the payment provider paid from what it held
   * for the platform into the platform's bank account (booked once it reports it successful).
   */
  "provider_settlement",
  /**
   * Provider clearing → payments held: a payment held for an admin (paid, not as asked) taken onto
   * the books when its refund is asked for: the provider has that money, owed back to the payer.
   */
  "held_payment",
  /**
   * Payments held (or the account the refunded money was in) → provider clearing: a refund the
   * provider reported processed; the money left the provider for the payer's card or bank.
   */
  "provider_refund",
  /** Dispute losses → provider clearing: a card dispute the platform lost; the provider took the amount back. */
  "dispute_loss",
]);

export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: text().primaryKey(),
    kind: ledgerTransferKind().notNull(),
    debitAccountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    /** Chosen by the caller from what it is paying for ("advert-reward:<viewId>"): a retry posts nothing. */
    idempotencyKey: text().notNull().unique("ledger_transfers_idempotency_key_unique"),
    /** What the money is for, e.g. ("withdrawal", id). */
    referenceType: text(),
    referenceId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_transfers_amount_positive", sql`${t.amountKobo} > 0`),
    check("ledger_transfers_distinct_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_reference_pair", sql`(${t.referenceType} IS NULL) = (${t.referenceId} IS NULL)`),
    index("ledger_transfers_reference_idx").on(t.referenceType, t.referenceId),
    index("ledger_transfers_created_at_idx").on(t.createdAt),
    // Members' earned totals sum the transfers credited to their account, by kind.
    index("ledger_transfers_credit_kind_idx").on(t.creditAccountId, t.kind),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text().primaryKey(),
    transferId: text()
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed: negative on the debit account, positive on the credit account. */
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_entries_amount_non_zero", sql`${t.amountKobo} <> 0`),
    index("ledger_entries_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("ledger_entries_transfer_account_idx").on(t.transferId, t.accountId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Ledger rollups: figures the dashboards read without aggregating the ledger. Maintained by
// statement triggers on ledger_transfers and ledger_entries in the same transaction as each
// transfer (migration 0016), rebuilt from the ledger by ledger_rollups_rebuild(), and checked
// against the ledger by reconcile(). Never written by the application's own statements.
// ---------------------------------------------------------------------------------------------

/**
 * Transfers per Africa/Lagos day and kind, one row per database connection that wrote that day
 * (shard = its backend pid): two transactions running at once never write the same row, so the
 * rewards paid at once never queue on a row, or deadlock over rows taken in different orders.
 * Readers sum the shards; an hourly job (ledger_rollups_compact) folds the shards of finished days
 * into shard 0, so a day keeps one row per kind.
 */
export const ledgerDailyTotals = pgTable(
  "ledger_daily_totals",
  {
    kind: ledgerTransferKind().notNull(),
    day: date().notNull(),
    shard: integer().notNull(),
    transfers: integer().notNull(),
    amountKobo: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.shard] })],
);

export const earningsPeriod = pgEnum("earnings_period", ["week", "month", "year"]);

/**
 * What each member earned (advert and referral rewards credited to their available account) per
 * Africa/Lagos week (from Sunday), month and year, and when they reached that amount (their
 * latest credit in the period): Top Performers is the first rows of one period by the index.
 */
export const memberPeriodEarnings = pgTable(
  "member_period_earnings",
  {
    period: earningsPeriod().notNull(),
    periodStart: date().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    reachedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.periodStart, t.userId] }),
    index("member_period_earnings_rank_idx").on(t.period, t.periodStart, t.amountKobo.desc(), t.reachedAt),
  ],
);

export const dailyCounter = pgEnum("daily_counter", [
  "members",
  "pending_members",
  "messages",
  "referrals",
  "audit_entries",
  "pending_referrals",
  "approved_referrals",
  "held_referrals",
  "voided_referrals",
  "pending_advertisers",
  "approved_advertisers",
  "rejected_advertisers",
]);

/**
 * Row counts the admin cards and charts read, as changes per counter and Africa/Lagos day of the
 * counted row's created_at: `members` (role user), `pending_members` (members neither approved
 * nor restricted), `messages`, `referrals`; since migration 0028 `audit_entries` (the audit log's
 * rows), the referrals by status (`pending_referrals`…) and the advertisers' profiles by status
 * (`pending_advertisers`…). A counter's total is the sum of all its days; a day's new members the
 * sum of that day.
 * Kept by statement triggers in the same transaction as each insert, update and delete of the
 * counted tables (migration 0017), one row per connection like
 * ledger_daily_totals, folded hourly; rebuilt by daily_counts_rebuild().
 */
export const dailyCounts = pgTable(
  "daily_counts",
  {
    counter: dailyCounter().notNull(),
    day: date().notNull(),
    shard: integer().notNull(),
    change: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.counter, t.day, t.shard] })],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Adverts and advert views. A member earns an advert's reward once: the view row is
// unique per (advert, member); a claim takes a slot with a conditional update on current_clicks,
// marks the view claimed and posts the ledger transfer, all in one transaction.
// ---------------------------------------------------------------------------------------------

export const adverts = pgTable(
  "adverts",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    description: text().notNull(),
    /** Paid to a member for one rewarded view. */
    rewardKobo: bigint({ mode: "bigint" }).notNull(),
    maxClicks: integer().notNull(),
    /** Rewarded views so far; only ever raised by a claim (Active while below max_clicks). */
    currentClicks: integer().notNull().default(0),
    /** Optional image: an uploaded image's own address (/images/<sha-256>) or, from before uploads, an https URL. */
    imageUrl: text(),
    postedByAdminId: text()
      .notNull()
      .references(() => users.id),
    /** False once deleted after someone viewed it: a viewed advert is retired, never erased. */
    isActive: boolean().notNull().default(true),
    /** A campaign's advert runs from startsAt (inclusive) to endsAt (exclusive); null: open-ended. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /**
     * The attention check its advertiser or an admin set (all three or none): the question, its
     * answer and three wrong answers. None: the check asks for the advert's title.
     */
    checkQuestion: text(),
    checkAnswer: text(),
    checkWrongAnswers: text().array(),
    ...timestamps,
  },
  (t) => [
    check(
      "adverts_check_complete",
      sql`(${t.checkQuestion} IS NULL) = (${t.checkAnswer} IS NULL) AND (${t.checkQuestion} IS NULL) = (${t.checkWrongAnswers} IS NULL) AND (${t.checkWrongAnswers} IS NULL OR cardinality(${t.checkWrongAnswers}) = 3)`,
    ),
    check("adverts_runs_forward", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`),
    check("adverts_reward_positive", sql`${t.rewardKobo} > 0`),
    check("adverts_max_clicks_positive", sql`${t.maxClicks} > 0`),
    check("adverts_clicks_within_max", sql`${t.currentClicks} >= 0 AND ${t.currentClicks} <= ${t.maxClicks}`),
    check("adverts_title_present", sql`length(btrim(${t.title})) > 0`),
    check(
      "adverts_image_address",
      sql`${t.imageUrl} IS NULL OR ${t.imageUrl} LIKE 'https://%' OR ${t.imageUrl} ~ '^/images/[0-9a-f]{64}$'`,
    ),
    index("adverts_live_created_idx")
      .on(t.createdAt)
      .where(sql`${t.isActive}`),
  ],
);

/** An attention check's outcome (advert_views.check_result). */
export const attentionCheckResult = pgEnum("attention_check_result", ["passed", "failed"]);

export const advertViews = pgTable(
  "advert_views",
  {
    id: text().primaryKey(),
    /** No cascade: an advert with views can never be erased, only deactivated. */
    advertId: text()
      .notNull()
      .references(() => adverts.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** When the member first opened the advert; the dwell time counts from here. */
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** The four claim columns are set together, in the claim's transaction. */
    claimedAt: timestamp({ withTimezone: true }),
    rewardKobo: bigint({ mode: "bigint" }),
    /** Africa/Lagos calendar day of the claim: what the tier's daily limit counts. */
    lagosDay: date({ mode: "string" }),
    transferId: text().references(() => ledgerTransfers.id),
    /**
     * Time the page was seen (docs/decisions/028): once the page reports its visibility, the claim
     * needs visibleMs (plus the open stretch since visibleSince, capped) to reach the dwell time.
     */
    visibilityReported: boolean().notNull().default(false),
    visibleMs: integer().notNull().default(0),
    visibleSince: timestamp({ withTimezone: true }),
    /** The attention check, set when the countdown has ended: what was asked, in the order shown. */
    checkQuestion: text(),
    checkChoices: text().array(),
    checkAnswerIndex: smallint(),
    checkIssuedAt: timestamp({ withTimezone: true }),
    /** passed: paid with the claim; failed: a wrong pick voided the view (never paid). */
    checkResult: attentionCheckResult(),
    checkAnsweredAt: timestamp({ withTimezone: true }),
    /** Africa/Lagos day of a failed check: three in a day flag the member. */
    checkFailedDay: date({ mode: "string" }),
  },
  (t) => [
    uniqueIndex("advert_views_advert_user_idx").on(t.advertId, t.userId),
    index("advert_views_user_day_idx").on(t.userId, t.lagosDay),
    index("advert_views_failed_checks_idx")
      .on(t.userId, t.checkFailedDay)
      .where(sql`${t.checkFailedDay} IS NOT NULL`),
    check("advert_views_visible_ms", sql`${t.visibleMs} >= 0`),
    check(
      "advert_views_check_issued",
      sql`(${t.checkIssuedAt} IS NULL) = (${t.checkChoices} IS NULL) AND (${t.checkIssuedAt} IS NULL) = (${t.checkAnswerIndex} IS NULL) AND (${t.checkResult} IS NULL OR ${t.checkIssuedAt} IS NOT NULL) AND (${t.checkResult} IS NULL) = (${t.checkAnsweredAt} IS NULL) AND (${t.checkFailedDay} IS NOT NULL) = (${t.checkResult} IS NOT DISTINCT FROM 'failed')`,
    ),
    check(
      "advert_views_claim_complete",
      sql`(${t.claimedAt} IS NULL) = (${t.rewardKobo} IS NULL) AND (${t.claimedAt} IS NULL) = (${t.lagosDay} IS NULL) AND (${t.claimedAt} IS NULL) = (${t.transferId} IS NULL)`,
    ),
    check("advert_views_reward_positive", sql`${t.rewardKobo} IS NULL OR ${t.rewardKobo} > 0`),
  ],
);

export type Advert = typeof adverts.$inferSelect;
export type AdvertView = typeof advertViews.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Bank details and withdrawals. A request moves the amount from the
// member's available to held account in the transaction that stores it; every status change is a
// conditional update on the current status. A withdrawal keeps a copy of the bank details it was
// requested with, so a later change of details never redirects a payout.
// ---------------------------------------------------------------------------------------------

/** A member's payout account: one per member, replaced (audited) when they change it. */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id),
    accountHolderName: text().notNull(),
    /** CBN institution code from the bank list (app/domain/banks). */
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    /**
     * When the payment provider resolved this account and the member confirmed the name it
     * returned (then accountHolderName is that name); null for details saved without a provider.
     */
    nameResolvedAt: timestamp({ withTimezone: true }),
    /**
     * Whether the name the bank resolved is the member's (an advertiser's: their business or
     * contact name), judged when it was saved (holderNameMatches); null when not resolved.
     */
    holderNameMatches: boolean(),
    ...timestamps,
  },
  (t) => [
    check("bank_accounts_number_ten_digits", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    check("bank_accounts_holder_present", sql`length(btrim(${t.accountHolderName})) > 0`),
  ],
);

/**
 * pending → processing → completed, or pending → rejected; paid through the payment provider,
 * processing → sent (a transfer is in flight) → completed, or back to processing when it fails.
 */
export const withdrawalStatus = pgEnum("withdrawal_status", ["pending", "processing", "completed", "rejected", "sent"]);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: text().primaryKey(),
    /** Shown to admins and put in the bank transfer narration: "W" + 8 unambiguous characters. */
    reference: text().notNull().unique("withdrawals_reference_unique"),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** What leaves the member's balance; the bank receives amount − fee. */
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    /** The fee at request time (settings' percentage of the amount), booked on completion. */
    feeKobo: bigint({ mode: "bigint" }).notNull(),
    status: withdrawalStatus().notNull().default("pending"),
    /** The form render's key: a resubmit of the same form never makes a second withdrawal. */
    idempotencyKey: text().notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    accountHolderName: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by Start Processing. */
    processingAt: timestamp({ withTimezone: true }),
    /** Stamped only when the withdrawal becomes completed. */
    processedAt: timestamp({ withTimezone: true }),
    rejectedAt: timestamp({ withTimezone: true }),
    /**
     * The payout file ("PB" + 8 characters) this withdrawal was downloaded in, for the bank's
     * bulk-transfer upload; null until then. A download claims the processing withdrawals with
     * no batch in one conditional UPDATE, so no withdrawal is ever in two files
     * (app/domain/withdrawals/payout-export.server.ts). Kept once completed.
     */
    payoutBatch: text(),
    /** When its payout file was downloaded (set with payoutBatch). */
    exportedAt: timestamp({ withTimezone: true }),
    /** The provider's code of the transfer that paid (or is paying) it, e.g. "TRF_…"; null otherwise. */
    transferCode: text(),
    /** When its current transfer was sent; null unless paid (or being paid) by transfer. */
    sentAt: timestamp({ withTimezone: true }),
    /** Why its last transfer failed or was reversed, shown to the admin who retries or rejects it. */
    transferFailureReason: text(),
    /** Why the automatic payout left it for an admin (AutoPayHold); null when it did not look. */
    autoPayHold: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("withdrawals_payout_batch_idx").on(t.payoutBatch),
    index("withdrawals_user_requested_idx").on(t.userId, t.requestedAt),
    index("withdrawals_status_requested_idx").on(t.status, t.requestedAt),
    // Withdrawal Requests' All tab, newest first.
    index("withdrawals_requested_idx").on(t.requestedAt, t.id),
    check("withdrawals_amount_positive", sql`${t.amountKobo} > 0`),
    check("withdrawals_fee_within_amount", sql`${t.feeKobo} >= 0 AND ${t.feeKobo} < ${t.amountKobo}`),
    check("withdrawals_account_number_ten_digits", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    check("withdrawals_processed_iff_completed", sql`(${t.processedAt} IS NOT NULL) = (${t.status} = 'completed')`),
    check("withdrawals_rejected_iff_rejected", sql`(${t.rejectedAt} IS NOT NULL) = (${t.status} = 'rejected')`),
    check("withdrawals_exported_with_batch", sql`(${t.payoutBatch} IS NULL) = (${t.exportedAt} IS NULL)`),
    // Only a withdrawal being (or having been) paid is ever in a payout file; reject is pending-only.
    check(
      "withdrawals_batch_only_when_paying",
      sql`${t.payoutBatch} IS NULL OR ${t.status} IN ('processing', 'completed')`,
    ),
    // status::text: 'sent' is added to the enum in the migration that adds this check.
    check("withdrawals_sent_by_transfer", sql`${t.status}::text <> 'sent' OR (${t.sentAt} IS NOT NULL)`),
    // A withdrawal in a payout file is never also sent by transfer (and the other way round).
    check(
      "withdrawals_transfer_or_file",
      sql`${t.payoutBatch} IS NULL OR (${t.transferCode} IS NULL AND ${t.sentAt} IS NULL)`,
    ),
  ],
);

export type BankAccount = typeof bankAccounts.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Membership upgrades. A request keeps the tier, price and method it was made with; paid from
// the balance, its price moves available → held in the transaction that stores it. Every
// decision is a conditional update on `pending`; at most one request per member is pending.
// ---------------------------------------------------------------------------------------------

export const upgradeMethod = pgEnum("upgrade_method", ["balance", "bank_transfer", "online"]);
export const upgradeStatus = pgEnum("upgrade_status", ["pending", "approved", "rejected", "cancelled"]);

export const upgradeRequests = pgTable(
  "upgrade_requests",
  {
    id: text().primaryKey(),
    /** "UPG-" + 8 unambiguous characters: the bank transfer narration, shown to member and admin. */
    reference: text().notNull().unique("upgrade_requests_reference_unique"),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** The member's tier when they asked (the price is the difference from it). */
    fromTierId: text()
      .notNull()
      .references(() => membershipTiers.id),
    tierId: text()
      .notNull()
      .references(() => membershipTiers.id),
    /** New tier's price − current tier's price at request time; a later price change never moves it. */
    priceKobo: bigint({ mode: "bigint" }).notNull(),
    method: upgradeMethod().notNull(),
    status: upgradeStatus().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was approved, rejected or cancelled. */
    processedAt: timestamp({ withTimezone: true }),
    /** The admin who approved or rejected it (null while pending and when the member cancelled). */
    processedById: text().references(() => users.id),
  },
  (t) => [
    uniqueIndex("upgrade_requests_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("upgrade_requests_user_created_idx").on(t.userId, t.createdAt),
    index("upgrade_requests_status_created_idx").on(t.status, t.createdAt),
    check("upgrade_requests_price_positive", sql`${t.priceKobo} > 0`),
    check("upgrade_requests_processed_iff_decided", sql`(${t.processedAt} IS NULL) = (${t.status} = 'pending')`),
    // An admin signs every decision except an online payment's approval (the provider's
    // confirmation approves it). `method` as text: the enum's 'online' was added in this migration.
    check(
      "upgrade_requests_processed_by_admin_decision",
      sql`(${t.processedById} IS NOT NULL) = (${t.status} = 'rejected' OR (${t.status} = 'approved' AND ${t.method}::text <> 'online'))`,
    ),
  ],
);

export type UpgradeRequest = typeof upgradeRequests.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Messages between accounts and the notice board. Both are plain text: stored as typed, never
// rendered as HTML. A message is never edited; reading it stamps readAt once. A notice is edited
// in place (updatedAt) and deleted by deactivating it: nothing is erased.
// ---------------------------------------------------------------------------------------------

export const messages = pgTable(
  "messages",
  {
    id: text().primaryKey(),
    senderId: text()
      .notNull()
      .references(() => users.id),
    /**
     * Null: to support, whose inbox every admin and the super admin read (one read state, shared:
     * read once one of them has seen it). Indexed with the rest (a B-tree keeps nulls).
     */
    recipientId: text().references(() => users.id),
    content: text().notNull(),
    /** The advertiser's campaign a message to support is about (sent from the campaign's page). */
    campaignId: text().references(() => campaigns.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the recipient (for support: the first of the staff) saw it on /messages; null while unread. */
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("messages_sender_created_idx").on(t.senderId, t.createdAt, t.id),
    index("messages_recipient_created_idx").on(t.recipientId, t.createdAt, t.id),
    index("messages_recipient_unread_idx")
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL`),
    check("messages_content_length", sql`char_length(${t.content}) BETWEEN 1 AND 2000`),
    check("messages_not_to_self", sql`${t.senderId} <> ${t.recipientId}`),
    check("messages_campaign_to_support", sql`${t.campaignId} IS NULL OR ${t.recipientId} IS NULL`),
  ],
);

export type Message = typeof messages.$inferSelect;

export const noticeAudience = pgEnum("notice_audience", ["all", "user", "admin"]);

export const notices = pgTable(
  "notices",
  {
    id: text().primaryKey(),
    title: text().notNull(),
    content: text().notNull(),
    audience: noticeAudience().notNull().default("all"),
    /** The admin who posted it; the board says "Unknown User" when no name is on record. */
    createdById: text().references(() => users.id),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("notices_active_audience_created_idx")
      .on(t.audience, t.createdAt, t.id)
      .where(sql`${t.isActive}`),
    index("notices_created_idx").on(t.createdAt, t.id),
    check("notices_title_length", sql`char_length(${t.title}) BETWEEN 1 AND 200`),
    check("notices_content_length", sql`char_length(${t.content}) BETWEEN 1 AND 5000`),
  ],
);

export type Notice = typeof notices.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Advertisers and their campaigns. An advertiser is a users row (role advertiser) with a business
// profile an admin approves. A campaign is paid for up front: its budget moves into its own escrow
// account before review; once an admin activates it, it runs as an advert whose verified views
// are paid from that escrow (claim_advert_reward), never from the platform.
// ---------------------------------------------------------------------------------------------

export const advertiserStatus = pgEnum("advertiser_status", ["pending", "approved", "rejected"]);

export const advertiserProfiles = pgTable(
  "advertiser_profiles",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id),
    businessName: text().notNull(),
    phone: text().notNull(),
    status: advertiserStatus().notNull().default("pending"),
    /** Shown to the business when an admin rejected it. */
    rejectionReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedById: text().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("advertiser_profiles_status_created_idx").on(t.status, t.createdAt),
    // Searched by part of the business name (Withdrawal Requests, Advertisers): pg_trgm, as users' names.
    index("advertiser_profiles_business_name_trgm_idx").using("gin", sql`${t.businessName} gin_trgm_ops`),
    check("advertiser_profiles_business_name_length", sql`char_length(btrim(${t.businessName})) BETWEEN 1 AND 120`),
    check("advertiser_profiles_reviewed_iff_decided", sql`(${t.reviewedAt} IS NULL) = (${t.status} = 'pending')`),
  ],
);

export type AdvertiserProfile = typeof advertiserProfiles.$inferSelect;

/**
 * draft → awaiting_payment → in_review → active → completed, or cancelled (by the advertiser,
 * before it completes) or rejected (by an admin, in review). Paid from the advertiser's balance,
 * a draft goes straight to in_review.
 */
export const campaignStatus = pgEnum("campaign_status", [
  "draft",
  "awaiting_payment",
  "in_review",
  "active",
  "completed",
  "cancelled",
  "rejected",
]);

export const campaigns = pgTable(
  "campaigns",
  {
    id: text().primaryKey(),
    /** "CMP-" + 8 unambiguous characters: the bank transfer narration, shown to advertiser and admin. */
    reference: text().notNull().unique("campaigns_reference_unique"),
    advertiserId: text()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    description: text().notNull(),
    imageUrl: text(),
    /** Paid to a member for one verified view. */
    rewardKobo: bigint({ mode: "bigint" }).notNull(),
    viewsWanted: integer().notNull(),
    /** The fee setting when the campaign was created, and the fee it makes per view. */
    feeBps: integer().notNull(),
    feePerViewKobo: bigint({ mode: "bigint" }).notNull(),
    /** viewsWanted × (reward + fee per view): what the advertiser pays, all of it into escrow. */
    budgetKobo: bigint({ mode: "bigint" }).notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** The advertiser's own attention check, copied to the advert on activation (adverts.check_*). */
    checkQuestion: text(),
    checkAnswer: text(),
    checkWrongAnswers: text().array(),
    status: campaignStatus().notNull().default("draft"),
    /** The advert members see, created when an admin activates the campaign. */
    advertId: text()
      .unique("campaigns_advert_unique")
      .references(() => adverts.id),
    rejectionReason: text(),
    /** The admin who confirmed the payment, and the one who activated or rejected it. */
    paymentConfirmedById: text().references(() => users.id),
    reviewedById: text().references(() => users.id),
    fundedAt: timestamp({ withTimezone: true }),
    activatedAt: timestamp({ withTimezone: true }),
    /** When it completed, was cancelled or was rejected. */
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("campaigns_advertiser_created_idx").on(t.advertiserId, t.createdAt),
    index("campaigns_status_created_idx").on(t.status, t.createdAt),
    check("campaigns_reward_positive", sql`${t.rewardKobo} > 0`),
    check("campaigns_views_positive", sql`${t.viewsWanted} > 0`),
    check("campaigns_fee_bps", sql`${t.feeBps} BETWEEN 0 AND 10000`),
    check("campaigns_fee_non_negative", sql`${t.feePerViewKobo} >= 0`),
    check(
      "campaigns_budget",
      sql`${t.budgetKobo} = ${t.viewsWanted}::bigint * (${t.rewardKobo} + ${t.feePerViewKobo})`,
    ),
    check("campaigns_runs_forward", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`),
    check(
      "campaigns_image_address",
      sql`${t.imageUrl} IS NULL OR ${t.imageUrl} LIKE 'https://%' OR ${t.imageUrl} ~ '^/images/[0-9a-f]{64}$'`,
    ),
    check("campaigns_title_present", sql`length(btrim(${t.title})) > 0`),
    check(
      "campaigns_check_complete",
      sql`(${t.checkQuestion} IS NULL) = (${t.checkAnswer} IS NULL) AND (${t.checkQuestion} IS NULL) = (${t.checkWrongAnswers} IS NULL) AND (${t.checkWrongAnswers} IS NULL OR cardinality(${t.checkWrongAnswers}) = 3)`,
    ),
    check("campaigns_advert_iff_activated", sql`(${t.advertId} IS NULL) = (${t.activatedAt} IS NULL)`),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The payment provider (Paystack). Each attempt to collect a payment online and each transfer
// attempt is a row keyed by the reference the provider knows it by; the provider's webhooks and
// verify calls settle them. Money is booked on the ledger with idempotency keys named after what
// is paid for (the upgrade, the campaign, the withdrawal), so however many times and in whatever
// order an outcome arrives, it is booked once. See docs/decisions/023-paystack.md.
// ---------------------------------------------------------------------------------------------

export const providerPaymentPurpose = pgEnum("provider_payment_purpose", ["upgrade", "campaign"]);
/**
 * initialized: sent to the checkout, outcome not known yet; succeeded: paid and booked;
 * failed / abandoned: the provider says it was not paid; held: paid, but the amount, currency or
 * reference did not match what was asked (or it was already paid another way), kept for an admin.
 */
export const providerPaymentStatus = pgEnum("provider_payment_status", [
  "initialized",
  "succeeded",
  "failed",
  "abandoned",
  "held",
]);

export const providerPayments = pgTable(
  "provider_payments",
  {
    id: text().primaryKey(),
    /** The provider's transaction reference: the request's UPG-/CMP- reference, "-2", "-3"… on a retry. */
    reference: text().notNull().unique("provider_payments_reference_unique"),
    purpose: providerPaymentPurpose().notNull(),
    upgradeRequestId: text().references(() => upgradeRequests.id),
    campaignId: text().references(() => campaigns.id),
    /** Who pays: the member or the advertiser. */
    userId: text()
      .notNull()
      .references(() => users.id),
    /** What was asked, fixed when the attempt was made. */
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    status: providerPaymentStatus().notNull().default("initialized"),
    /** Where the payer completes the payment (the provider's checkout page). */
    authorizationUrl: text(),
    /** What the provider reported once it settled: its transaction id, amount, currency and fee. */
    providerTransactionId: text(),
    paidKobo: bigint({ mode: "bigint" }),
    currency: text(),
    feeKobo: bigint({ mode: "bigint" }),
    /** Why a paid attempt was held for an admin instead of booked. */
    heldReason: text(),
    /**
     * Held because what it paid for was paid or closed before it (an older checkout paid late,
     * issue 42 item 9): the app refunds it itself, and the minute job retries until it has.
     */
    supersededAt: timestamp({ withTimezone: true }),
    /** When its outcome was learned (webhook or verify). */
    settledAt: timestamp({ withTimezone: true }),
    /** The last time the reconciliation job asked the provider about it. */
    checkedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("provider_payments_upgrade_idx").on(t.upgradeRequestId),
    index("provider_payments_campaign_idx").on(t.campaignId),
    index("provider_payments_status_created_idx").on(t.status, t.createdAt),
    check("provider_payments_amount_positive", sql`${t.amountKobo} > 0`),
    check(
      "provider_payments_target",
      sql`CASE ${t.purpose} WHEN 'upgrade' THEN ${t.upgradeRequestId} IS NOT NULL AND ${t.campaignId} IS NULL ELSE ${t.campaignId} IS NOT NULL AND ${t.upgradeRequestId} IS NULL END`,
    ),
    check("provider_payments_held_reason", sql`(${t.status} = 'held') = (${t.heldReason} IS NOT NULL)`),
    check("provider_payments_settled", sql`(${t.status} = 'initialized') = (${t.settledAt} IS NULL)`),
  ],
);

export type ProviderPayment = typeof providerPayments.$inferSelect;

/**
 * A bank account registered with the provider for transfers ("RCP_…"): created once per bank
 * account and reused by every payout to it.
 */
export const transferRecipients = pgTable(
  "transfer_recipients",
  {
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    recipientCode: text().notNull(),
    /** The name the provider registered the recipient under. */
    accountName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bankCode, t.accountNumber] })],
);

/**
 * initiating: claimed, the request to the provider not answered yet; pending: the provider took
 * it; unknown: the request timed out or failed with a 5xx, so it may or may not exist (verified
 * by its reference before anything else is sent); success, failed, reversed: settled.
 */
export const providerTransferStatus = pgEnum("provider_transfer_status", [
  "initiating",
  "pending",
  "unknown",
  "success",
  "failed",
  "reversed",
]);

export const providerTransfers = pgTable(
  "provider_transfers",
  {
    id: text().primaryKey(),
    withdrawalId: text()
      .notNull()
      .references(() => withdrawals.id),
    /** 1 for the first transfer of a withdrawal, 2 after the first failed… */
    attempt: integer().notNull(),
    /** The provider's transfer reference: the withdrawal's reference in its allowed characters, with the attempt. */
    reference: text().notNull().unique("provider_transfers_reference_unique"),
    /** The withdrawal's net amount (amount − fee). */
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    recipientCode: text().notNull(),
    status: providerTransferStatus().notNull().default("initiating"),
    transferCode: text(),
    failureReason: text(),
    /** Who sent it: an admin, or null when it was paid automatically. */
    sentById: text().references(() => users.id),
    /**
     * When this attempt's own POST /transfer left (null: not sent yet, and never will be once the
     * claim is abandoned) and when it ended: answered, timed out or dropped. Until it has ended
     * (or its time limit has passed, transfer-timing.ts) nobody may judge the attempt.
     */
    // Defaults to now(): a row written by code that does not set it (a process of the previous
    // version during a deploy) reads as sent, so it is verified, never taken as never sent. New
    // claims insert it as null explicitly.
    requestSentAt: timestamp({ withTimezone: true }).defaultNow(),
    requestEndedAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("provider_transfers_attempt_idx").on(t.withdrawalId, t.attempt),
    // At most one transfer of a withdrawal can be paying it: a second needs the first settled as not paid.
    uniqueIndex("provider_transfers_one_live_idx")
      .on(t.withdrawalId)
      .where(sql`${t.status} IN ('initiating', 'pending', 'unknown', 'success')`),
    index("provider_transfers_status_created_idx").on(t.status, t.createdAt),
    check("provider_transfers_amount_positive", sql`${t.amountKobo} > 0`),
    check("provider_transfers_attempt_positive", sql`${t.attempt} > 0`),
  ],
);

export type ProviderTransfer = typeof providerTransfers.$inferSelect;

/** What a payout job recorded: its send's outcome (pay-by-transfer's PayResult status), or that it gave up. */
export type PayoutJobOutcome =
  | "sent"
  | "completed"
  | "not-found"
  | "not-processing"
  | "in-payout-file"
  | "payouts-frozen"
  | "in-progress"
  | "unverified"
  | "refused"
  | "unknown"
  | "gave-up";

/** queued: waiting for a worker; sending: a worker holds its lease; done: the outcome is recorded. */
export const payoutJobState = pgEnum("payout_job_state", ["queued", "sending", "done"]);

/**
 * A withdrawal queued to be paid by transfer ("Pay via Paystack", "Pay selected", or the
 * automatic payout): the press answers at once and a worker in the app process sends it
 * (app/server/payout-worker.server.ts). One open job per withdrawal; a job whose worker died is
 * taken again once its lease has run out. What the job found is kept for the progress panel.
 */
export const payoutJobs = pgTable(
  "payout_jobs",
  {
    id: text().primaryKey(),
    /** One press (or one automatic payout): the jobs shown together as its progress. */
    batchId: text().notNull(),
    withdrawalId: text()
      .notNull()
      .references(() => withdrawals.id),
    /** The admin who pressed; null for the automatic payout. */
    queuedById: text().references(() => users.id),
    state: payoutJobState().notNull().default("queued"),
    /** The send's last outcome (PayResult's status), or `gave-up` after too many takes. */
    outcome: text().$type<PayoutJobOutcome>(),
    /** When done and not sent: why (the provider's words, or ours). */
    message: text(),
    /** The transfer attempt the job sent, or found still paying the withdrawal. */
    transferId: text().references(() => providerTransfers.id),
    /** Set each time a worker takes the job; only that worker may record its outcome. */
    leaseToken: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** How many times a worker has taken it (more than 1: a worker died or overran its lease). */
    takenCount: integer().notNull().default(0),
    queuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payout_jobs_one_open_idx")
      .on(t.withdrawalId)
      .where(sql`${t.state} IN ('queued', 'sending')`),
    index("payout_jobs_open_idx")
      .on(t.queuedAt)
      .where(sql`${t.state} IN ('queued', 'sending')`),
    index("payout_jobs_batch_idx").on(t.batchId),
    index("payout_jobs_queued_at_idx").on(t.queuedAt),
  ],
);

export type PayoutJob = typeof payoutJobs.$inferSelect;

/**
 * A signed provider event whose reference is none of ours (a payment made outside AdNaira's
 * checkout, say): answered 200 so the provider stops retrying, and kept here, once per event and
 * reference, for the reconciliation page.
 */
export const providerUnmatchedEvents = pgTable(
  "provider_unmatched_events",
  {
    id: text().primaryKey(),
    event: text().notNull(),
    reference: text().notNull(),
    amountKobo: bigint({ mode: "bigint" }),
    currency: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("provider_unmatched_events_event_reference_idx").on(t.event, t.reference)],
);

/**
 * Paystack's settlement statuses (GET /settlement, `status`): pending (queued), processing, success
 * (in the platform's bank account), failed. A status it may add later is recorded as pending.
 */
export const providerSettlementStatus = pgEnum("provider_settlement_status", [
  "pending",
  "processing",
  "success",
  "failed",
]);

/**
 * A settlement the provider reported (its payout of what it holds for the platform to the
 * platform's bank account), one row per provider id whatever the number of times it is listed.
 * Booked on the ledger (bank receipts → provider clearing, `provider-settlement:<provider id>`)
 * once, when it is first reported successful; until then it is "in settlement". See
 * docs/decisions/023-paystack.md, "Settlements".
 */
export const providerSettlements = pgTable(
  "provider_settlements",
  {
    id: text().primaryKey(),
    /** The provider's settlement id (Paystack's numeric `id`, as text). */
    providerSettlementId: text().notNull().unique("provider_settlements_provider_id_unique"),
    /** The last status reported; success is final (a later, older answer changes nothing). */
    status: providerSettlementStatus().notNull(),
    /** What reaches the bank (Paystack's `effective_amount`): the amount booked. */
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    /** Before the provider's deductions (Paystack's `total_amount`). */
    totalKobo: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    /** When the provider settles (or settled) it: Paystack's `settlement_date`. */
    settledAt: timestamp({ withTimezone: true }),
    /** When it was booked on the ledger; null until it is reported successful. */
    bookedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("provider_settlements_status_idx").on(t.status),
    check("provider_settlements_amount_not_negative", sql`${t.amountKobo} >= 0 AND ${t.totalKobo} >= 0`),
    // status::text: the check is added in the migration that creates the enum.
    check("provider_settlements_booked_success", sql`${t.bookedAt} IS NULL OR ${t.status}::text = 'success'`),
  ],
);

export type ProviderSettlement = typeof providerSettlements.$inferSelect;

/** The kinds of disagreement the reconciliation page lists (`Disagreement`, app/domain/payments/). */
export const disagreementKind = pgEnum("disagreement_kind", [
  "held-payment",
  "unknown-reference",
  "transfer-paid-after-failed",
  "transfer-unknown",
  "transfer-stuck",
]);

/**
 * An admin marked a disagreement on the reconciliation page resolved, with a note: one row per
 * disagreement (its kind and key), never changed or removed (append-only: triggers refuse UPDATE,
 * DELETE and TRUNCATE, migration 0038). The open list leaves out every disagreement with a row
 * here (decision 029).
 */
export const reconciliationResolutions = pgTable(
  "reconciliation_resolutions",
  {
    id: text().primaryKey(),
    kind: disagreementKind().notNull(),
    /** Which one: the payment's or the transfer's reference, or the unmatched event's id. */
    key: text().notNull(),
    /** The reference the admin saw it under (an unmatched event's reference), for the Resolved list. */
    reference: text().notNull(),
    resolvedById: text()
      .notNull()
      .references(() => users.id),
    /** What the admin found and did: trimmed, 1 to 1,000 characters. */
    note: text().notNull(),
    resolvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One resolution per disagreement: two admins at once, one row (the second finds it taken).
    uniqueIndex("reconciliation_resolutions_kind_key_idx").on(t.kind, t.key),
    index("reconciliation_resolutions_resolved_at_idx").on(t.resolvedAt),
    check("reconciliation_resolutions_note_length", sql`char_length(${t.note}) BETWEEN 1 AND 1000`),
    check("reconciliation_resolutions_key_length", sql`char_length(${t.key}) BETWEEN 1 AND 200`),
  ],
);
export type ReconciliationResolution = typeof reconciliationResolutions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Uploaded advert images: re-encoded on upload and stored here, served from /images/<id>. The id
// is the SHA-256 of the stored bytes, so an address always shows the same picture (it cannot
// change after review) and may be cached for good.
// ---------------------------------------------------------------------------------------------

/** PGlite answers a bytea as a Uint8Array, node-postgres as a Buffer: the app sees a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const advertImages = pgTable(
  "advert_images",
  {
    /** Lower-case hex SHA-256 of `bytes`. */
    id: text().primaryKey(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    uploadedById: text()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("advert_images_id_sha256", sql`${t.id} ~ '^[0-9a-f]{64}$'`),
    check("advert_images_content_type", sql`${t.contentType} IN ('image/jpeg', 'image/png', 'image/webp')`),
    check("advert_images_size", sql`octet_length(${t.bytes}) BETWEEN 1 AND 1048576`),
  ],
);
export type AdvertImage = typeof advertImages.$inferSelect;

/**
 * What was paid automatically per Lagos day, all members together, against the daily total
 * (app_settings.autoPayoutDailyMaxKobo): each automatic payout adds its amount with a conditional
 * UPDATE, so concurrent requests never pass the total together.
 */
export const autoPayoutDays = pgTable(
  "auto_payout_days",
  {
    lagosDay: date().primaryKey(),
    totalKobo: bigint({ mode: "bigint" })
      .notNull()
      .default(sql`0`),
    /** When the admins were told the day's total was reached (once a day). */
    limitMailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [check("auto_payout_days_total_not_negative", sql`${t.totalKobo} >= 0`)],
);

/**
 * What ties an account to a person (issue 39): the device id cookie, a browser fingerprint (a
 * weaker signal) and the network it came with, a bank account ("<bank code>:<number>"), the
 * normalised email, a sign-up or sign-in network. One row per account and value, kept as long as
 * the account.
 */
export const signalKind = pgEnum("signal_kind", [
  "device",
  "fingerprint",
  "bank_account",
  "email",
  "network",
  /** "<network>|<fingerprint>" seen in one request: the same phone, probably, even after its cookies were cleared. */
  "network_fingerprint",
]);

export const accountSignals = pgTable(
  "account_signals",
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    kind: signalKind().notNull(),
    value: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.value] }),
    // Who else holds a value: the link lookup.
    index("account_signals_value_idx").on(t.kind, t.value),
    check("account_signals_value_length", sql`char_length(${t.value}) BETWEEN 1 AND 200`),
  ],
);

/**
 * open: linked beyond the allowances, waiting for a review; clear: linked within them (a family
 * phone); trusted: an admin decided the links are fine; closed: an admin decided (restricted,
 * voided, rejected) and nothing new has arrived since.
 */
export const riskClusterStatus = pgEnum("risk_cluster_status", ["open", "clear", "trusted", "closed"]);

/** Accounts linked by shared signals (users.riskClusterId), kept as signals arrive. */
export const riskClusters = pgTable(
  "risk_clusters",
  {
    id: text().primaryKey(),
    status: riskClusterStatus().notNull().default("clear"),
    /** How many accounts it held when an admin last decided: a new one opens it again. */
    decidedMemberCount: integer(),
    openedAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    decidedById: text().references(() => users.id),
    decisionNote: text(),
    ...timestamps,
  },
  (t) => [index("risk_clusters_status_idx").on(t.status, t.openedAt)],
);

/** One-off work the app does once after an upgrade (the first start that finds it missing records it). */
export const oneOffTasks = pgTable("one_off_tasks", {
  name: text().primaryKey(),
  completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Money that goes back: refunds through the provider and card disputes (issue 42 items 4 and 5,
// docs/decisions/031-refunds-and-disputes.md).

/**
 * requesting: recorded, the request to the provider not answered yet; unknown: it timed out or
 * failed with a 5xx, so the refund may or may not exist (verified before anything else is sent);
 * pending / processing: the provider took it; processed: the money went back (final, booked once);
 * failed: the provider could not refund it, or never created it (final).
 */
export const providerRefundStatus = pgEnum("provider_refund_status", [
  "requesting",
  "unknown",
  "pending",
  "processing",
  "processed",
  "failed",
]);

/**
 * One refund of a payment collected through the provider. At most one is live (requesting,
 * unknown, pending, processing) per payment, and the refunds not failed never add up to more than
 * what was paid: both enforced in the database (a partial unique index, and a trigger that locks
 * the payment's row, migration 0041).
 */
export const providerRefunds = pgTable(
  "provider_refunds",
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => providerPayments.id),
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    status: providerRefundStatus().notNull().default("requesting"),
    /** The provider's refund id, once it answered. */
    providerRefundId: text().unique("provider_refunds_provider_id_unique"),
    /** The admin who pressed Refund; null when the app refunded by itself (an older checkout paid late). */
    requestedById: text().references(() => users.id),
    /** Why (sent to the provider as the merchant note). */
    reason: text().notNull(),
    /** When the provider said it was processed (or failed). */
    settledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("provider_refunds_payment_idx").on(t.paymentId),
    index("provider_refunds_status_idx").on(t.status, t.createdAt),
    uniqueIndex("provider_refunds_one_live_idx")
      .on(t.paymentId)
      .where(sql`${t.status} in ('requesting', 'unknown', 'pending', 'processing')`),
    check("provider_refunds_amount_positive", sql`${t.amountKobo} > 0`),
    check("provider_refunds_reason_length", sql`char_length(${t.reason}) BETWEEN 1 AND 500`),
  ],
);
export type ProviderRefund = typeof providerRefunds.$inferSelect;

/** open: the provider's dispute is being decided; won: the platform kept the money; lost: the provider took it back. */
export const providerDisputeOutcome = pgEnum("provider_dispute_outcome", ["open", "won", "lost"]);

/**
 * A card dispute (chargeback) the provider reported, one row per provider dispute id however many
 * times and in whatever order its events arrive. A lost one is booked once (dispute losses →
 * provider clearing, `dispute:<provider id>:loss`) and its payer's account is held for review.
 */
export const providerDisputes = pgTable(
  "provider_disputes",
  {
    id: text().primaryKey(),
    providerDisputeId: text().notNull().unique("provider_disputes_provider_id_unique"),
    /** The disputed transaction's reference, and our payment attempt when it is one of ours. */
    transactionReference: text().notNull(),
    paymentId: text().references(() => providerPayments.id),
    /** The payer, when the payment is ours. */
    userId: text().references(() => users.id),
    amountKobo: bigint({ mode: "bigint" }).notNull(),
    currency: text().notNull(),
    /** Why the payer disputes it (the provider's category, e.g. chargeback or fraud). */
    reason: text().notNull(),
    /** The provider's last status (awaiting-merchant-feedback, resolved…). */
    providerStatus: text().notNull(),
    /** By when the provider wants the platform's evidence. */
    evidenceDueAt: timestamp({ withTimezone: true }),
    outcome: providerDisputeOutcome().notNull().default("open"),
    /** The provider's resolution (merchant-accepted, declined…), once resolved. */
    resolution: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** When a lost dispute was booked on the ledger. */
    bookedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("provider_disputes_outcome_idx").on(t.outcome, t.createdAt),
    index("provider_disputes_user_idx").on(t.userId),
    check("provider_disputes_amount_not_negative", sql`${t.amountKobo} >= 0`),
    check("provider_disputes_booked_lost", sql`${t.bookedAt} IS NULL OR ${t.outcome}::text = 'lost'`),
  ],
);
export type ProviderDispute = typeof providerDisputes.$inferSelect;
