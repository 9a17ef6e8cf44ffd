import { mailRiskDigest } from "~/domain/risk-review/risk-digest.server";
import { linkBackfilledBankAccounts } from "~/domain/risk/signals.server";
import { createDeviceIdCookie, type DeviceIdCookie } from "./device-id.server";
import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import pino, { type Logger } from "pino";
import { eq } from "drizzle-orm";
import { openPglite, openPostgres, runMigrations, type Database, type DatabaseHandle } from "~/db/client.server";
import { currentRole, databaseRoleRisks, grantAppPrivileges } from "~/db/privileges.server";
import { serverSecrets } from "~/db/schema";
import { bootstrapSuperAdmin } from "~/domain/accounts/bootstrap-super-admin.server";
import { seedPlatformAccounts } from "~/domain/ledger/accounts.server";
import { seedDefaultTiers } from "~/domain/memberships/default-tiers";
import { deliverDueEmails, type MailTransport } from "~/domain/mail/outbox.server";
import { purgeExpiredSessions, SESSION_ABSOLUTE_MS } from "~/domain/sessions/sessions.server";
import {
  cancelExpiredCampaigns,
  completeEndedCampaigns,
  mailCampaignsCompletedByViews,
} from "~/domain/campaigns/expire-campaigns.server";
import { compactRollups } from "~/domain/stats/rollups.server";
import { deleteUnusedImages } from "~/domain/images/advert-images.server";
import { seedDefaultSettings } from "~/domain/settings/app-settings";
import type { Config } from "./config.server";
import { createMailTransport } from "./mail-transport.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { createPaystackProvider } from "./paystack.server";
import { startPayoutWorker } from "./payout-worker.server";
import { checkWaitingWithProvider } from "./provider-reconciliation.server";
import { createRateLimits, type RateLimitOptions, type RateLimits } from "./rate-limit.server";
import { createKnownDeviceCookie, type KnownDeviceCookie } from "./known-device.server";
import { createToastCookie, type ToastCookie } from "./toast.server";

export type Services = {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  db: Database;
  mail: MailTransport;
  /** Paystack, when PAYSTACK_SECRET_KEY is set; otherwise none, and the manual rails are the only ones. */
  paymentProvider?: PaymentProvider;
  rateLimits: RateLimits;
  cookies: { session: Cookie; toast: ToastCookie; knownDevice: KnownDeviceCookie; deviceId: DeviceIdCookie };
  /** The key each session's offered authenticator-app secret is derived from (offeredTotpSecret). */
  secondFactorOfferKey: string;
  /** What the start found worth an operator's attention, as codes `/readyz` lists ("database-role-superuser"). */
  startupWarnings: readonly string[];
  /** Delivers queued mail now (after the transaction that queued it has committed). */
  flushMail: () => Promise<void>;
  /** Payouts were queued (app/domain/withdrawals/payout-queue.server.ts): send them now. */
  kickPayouts: () => void;
  close: () => Promise<void>;
};

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({ level: config.logLevel, base: { service: "adnaira" } });
}

/** Opens the database, migrates, seeds defaults, bootstraps the super admin and starts workers. */
export async function createServices(
  config: Config,
  options: {
    log?: Logger;
    database?: DatabaseHandle;
    mail?: MailTransport;
    /** Tests may wrap the provider (to time a call out, say); by default Paystack's when configured. */
    paymentProvider?: PaymentProvider;
    backgroundWork?: boolean;
    /** Tests shorten the login slow-down. */
    rateLimits?: RateLimitOptions;
  } = {},
): Promise<Services> {
  const log = options.log ?? createLogger(config);
  const database =
    options.database ??
    (config.databaseUrl
      ? openPostgres(config.databaseUrl, log, { max: config.databasePoolMax })
      : await openPglite(config.dataDir, log));
  if (database.kind === "pglite" && config.nodeEnv === "production") {
    log.warn(
      "Running in production on the embedded PGlite database, which does not flush to disk on every commit: " +
        "a crash can lose recent data. Set DATABASE_URL to a PostgreSQL server for real use.",
    );
  }
  const db = database.db;
  await migrate(config, database, log);
  const startupWarnings = await databaseRoleWarnings(config, database, log);
  await seedDefaultSettings(db);
  await seedDefaultTiers(db);
  await seedPlatformAccounts(db);
  const bootstrap = await bootstrapSuperAdmin(db, config.superAdmin);
  if (bootstrap.status === "created") {
    if (bootstrap.generatedPassword) {
      log.warn(
        `Created the super admin ${bootstrap.email} with the generated password ${bootstrap.generatedPassword} ` +
          "(shown only this once; set SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD to choose your own)",
      );
    } else {
      log.info({ email: bootstrap.email }, "created the super admin");
    }
  }

  // Once after the upgrade that began recording signals (decision 027).
  const linked = await linkBackfilledBankAccounts(db);
  if (linked > 0) log.info({ groups: linked }, "linked the accounts that already shared a bank account");

  const cookieSecret = await getOrCreateSecret(db, "cookie_secret");
  const secondFactorOfferKey = await getOrCreateSecret(db, "second_factor_offer");
  const common = { httpOnly: true, sameSite: "lax" as const, secure: config.secureCookies, path: "/" };
  const cookies = {
    // __Host- binds the cookie to this exact origin; browsers only accept it over https.
    session: createCookie(config.secureCookies ? "__Host-adnaira_session" : "adnaira_session", {
      ...common,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    }),
    toast: createToastCookie(cookieSecret, { secure: config.secureCookies }),
    knownDevice: createKnownDeviceCookie(cookieSecret, { secure: config.secureCookies }),
    deviceId: createDeviceIdCookie(cookieSecret, { secure: config.secureCookies }),
  };

  const mail = options.mail ?? createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const rateLimits = createRateLimits(config.redisUrl, options.rateLimits);
  const paymentProvider =
    options.paymentProvider ??
    (config.paystack
      ? createPaystackProvider({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl })
      : undefined);

  let delivering: Promise<void> | undefined;
  const flushMail = () => {
    delivering ??= deliverDueEmails(db, mail, {
      appUrl: config.appUrl,
      onRefused: (refused) => log.error({ mail: refused }, "mail not sent: it links outside APP_URL"),
    })
      .then(() => undefined)
      .catch((err) => log.error({ err }, "mail delivery failed"))
      .finally(() => {
        delivering = undefined;
      });
    return delivering;
  };

  // At most one provider check at a time: a slow provider never piles runs up.
  let checkingProvider: Promise<void> | undefined;
  const runProviderCheck = () =>
    checkWaitingWithProvider({ db, paymentProvider, flushMail })
      .then((run) => {
        if (run.settlementsFailed > 0) log.warn({ providerCheck: run }, "Paystack settlements could not be recorded");
        else if (run.payments + run.transfers + run.settlements + run.unavailable > 0)
          log.info({ providerCheck: run }, "checked with Paystack");
      })
      .catch((err) => log.warn({ err }, "checking payments and transfers with Paystack failed"))
      .finally(() => {
        checkingProvider = undefined;
      });

  // Queued payouts are sent by this process whenever the provider is on (tests included): the
  // queue is the only way a withdrawal is paid by transfer, and it resumes after a restart.
  const payoutWorker = paymentProvider
    ? startPayoutWorker({ db, provider: paymentProvider, log, afterSend: () => void flushMail() })
    : undefined;

  const timers: NodeJS.Timeout[] = [];
  if (options.backgroundWork ?? true) {
    timers.push(setInterval(() => void flushMail(), 15_000).unref());
    // Campaigns past their end date stop (or, never run, are cancelled) and return their unspent
    // escrow; the claim refuses them from the end date on in any case, so this only settles money.
    timers.push(
      setInterval(() => {
        completeEndedCampaigns(db)
          .then(() => mailCampaignsCompletedByViews(db))
          .catch((err) => log.warn({ err }, "completing ended campaigns failed"));
        if (paymentProvider) checkingProvider ??= runProviderCheck();
        cancelExpiredCampaigns(db).catch((err) => log.warn({ err }, "cancelling expired campaigns failed"));
      }, 60_000).unref(),
    );
    timers.push(
      setInterval(
        () => {
          purgeExpiredSessions(db).catch((err) => log.warn({ err }, "session purge failed"));
          compactRollups(db).catch((err) => log.warn({ err }, "rollup compaction failed"));
          mailRiskDigest(db).catch((err) => log.warn({ err }, "the linked accounts digest failed"));
          // Images no advert or campaign uses (a preview's never used, one an advert dropped), a day on.
          deleteUnusedImages(db)
            .then((deleted) => {
              if (deleted > 0) log.info({ deleted }, "deleted unused advert images");
            })
            .catch((err) => log.warn({ err }, "deleting unused advert images failed"));
        },
        60 * 60 * 1000,
      ).unref(),
    );
  }

  return {
    config,
    log,
    database,
    db,
    mail,
    paymentProvider,
    rateLimits,
    cookies,
    secondFactorOfferKey,
    startupWarnings,
    flushMail,
    kickPayouts: () => payoutWorker?.kick(),
    async close() {
      timers.forEach(clearInterval);
      await payoutWorker?.close();
      await delivering;
      await checkingProvider;
      await rateLimits.close();
      await database.close();
    },
  };
}

/**
 * With DATABASE_MIGRATION_URL the owner migrates, then confines the app's role (DATABASE_URL) to
 * what app/db/privileges.server.ts grants it; otherwise the app's own connection migrates.
 */
async function migrate(config: Config, database: DatabaseHandle, log: Logger): Promise<void> {
  if (!config.databaseMigrationUrl || database.kind !== "postgres") {
    await runMigrations(database);
    return;
  }
  const appRole = await currentRole(database.db);
  const owner = openPostgres(config.databaseMigrationUrl, log, { max: 1 });
  try {
    await runMigrations(owner, (ownerDb) => grantAppPrivileges(ownerDb, appRole));
  } finally {
    await owner.close();
  }
}

/**
 * In production on PostgreSQL: warns (in the log, and on `/readyz`) when the app's own role could
 * rewrite the ledger's history, as with DATABASE_URL alone: a superuser, or the owner of the
 * tables. The checks are the ones DATABASE_MIGRATION_URL's start refuses on; without it this is a
 * warning, not a refusal, since one role is how a first deployment usually runs.
 */
async function databaseRoleWarnings(config: Config, database: DatabaseHandle, log: Logger): Promise<string[]> {
  if (config.nodeEnv !== "production" || database.kind !== "postgres") return [];
  const risks = await databaseRoleRisks(database.db, await currentRole(database.db));
  if (risks.length === 0) return [];
  const codes = risks.map((risk) => risk.code);
  log.warn(
    { warnings: codes },
    `The app's database role can rewrite the ledger's history. ${risks.map((risk) => risk.message).join(" ")} ` +
      "Set DATABASE_MIGRATION_URL to a role that owns the database and its tables (it runs the migrations at start) " +
      "and DATABASE_URL to a login role that owns nothing: see the README, " +
      '"A database role for the app that cannot rewrite history".',
  );
  return codes;
}

async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
