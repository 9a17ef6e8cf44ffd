import { availableParallelism } from "node:os";
import { z } from "zod";
import { PAYSTACK_BASE_URL } from "./paystack.server";

/** Treats an empty variable (`FOO=`) as unset, so defaults apply. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The hosts a Paystack stand-in may be reached on over plain http://: this machine only. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * PAYSTACK_BASE_URL receives the secret key in every request's Authorization header, so it is
 * https://. Plain http:// is for the stand-in only (tests, `npm run paystack:standin`): on this
 * machine (a loopback host) and with a test key, never a live one. An https:// URL, or one that is
 * no URL at all (its own check names it), has no problem here.
 */
function paystackBaseUrlProblem(baseUrl: string | undefined, secretKey: string | undefined): string | undefined {
  const url = baseUrl ? URL.parse(baseUrl) : null;
  if (url?.protocol !== "http:") return undefined;
  if (!LOOPBACK_HOSTS.has(url.hostname))
    return "must be an https:// URL (http:// only for a stand-in on this machine: 127.0.0.1, ::1 or localhost)";
  if (!secretKey?.startsWith("sk_test_"))
    return "an http:// URL needs a test key (PAYSTACK_SECRET_KEY sk_test_…): a live key is sent over https:// only";
  return undefined;
}

const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(["development", "production", "test"])).transform((v) => v ?? "development"),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).transform((v) => v ?? 3000),
    HOST: optional(z.string().min(1)).transform((v) => v ?? "127.0.0.1"),
    APP_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })),
    DATA_DIR: optional(z.string().min(1)).transform((v) => v ?? "./data"),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })),
    DATABASE_MIGRATION_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" })),
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })),
    MAIL_FROM: optional(z.string().min(3)).transform((v) => v ?? "AdNaira <no-reply@adnaira.local>"),
    SUPER_ADMIN_EMAIL: optional(z.email({ error: "must be an email address" })),
    SUPER_ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters").max(128)),
    REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" })),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).transform(
      (v) => v ?? "info",
    ),
    TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((v) => v ?? 0),
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).transform((v) => v ?? 1),
    DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(500)),
    METRICS_TOKEN: optional(z.string().min(32, "must be at least 32 characters").max(256)),
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    PAYSTACK_SECRET_KEY: optional(
      z.string().regex(/^sk_(test|live)_[A-Za-z0-9]{8,}$/, "must be a Paystack secret key (sk_test_… or sk_live_…)"),
    ),
    PAYSTACK_BASE_URL: optional(z.url({ protocol: /^https?$/, error: "must be an https:// URL" })),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SUPER_ADMIN_EMAIL) !== Boolean(env.SUPER_ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SUPER_ADMIN_EMAIL ? "SUPER_ADMIN_PASSWORD" : "SUPER_ADMIN_EMAIL"],
        message: "SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD must be set together",
      });
    }
    if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_MIGRATION_URL"],
        message: "needs DATABASE_URL (the app's own role; this one owns the tables and runs the migrations)",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "more than one process needs DATABASE_URL (the embedded database is opened by one process only)",
      });
    }
    const paystackBaseUrl = paystackBaseUrlProblem(env.PAYSTACK_BASE_URL, env.PAYSTACK_SECRET_KEY);
    if (paystackBaseUrl) ctx.addIssue({ code: "custom", path: ["PAYSTACK_BASE_URL"], message: paystackBaseUrl });
    if (env.WEB_CONCURRENCY > 1 && !env.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "more than one process needs REDIS_URL (sign-in and other rate limits must be shared between them)",
      });
    }
  });

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  appUrl: URL;
  dataDir: string;
  databaseUrl?: string;
  /**
   * The tables' owner: runs the migrations at start, then grants the DATABASE_URL role only what
   * the app needs (app/db/privileges.server.ts). Unset: the DATABASE_URL role migrates and owns.
   */
  databaseMigrationUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  superAdmin?: { email: string; password: string };
  redisUrl?: string;
  logLevel: string;
  trustProxy: number;
  /** App processes serving the port (node:cluster); 1 = this process serves it alone. */
  webConcurrency: number;
  /**
   * PostgreSQL connections per app process (DATABASE_POOL_MAX, else {@link defaultPoolMax}):
   * WEB_CONCURRENCY × this (plus other clients) must stay under the server's max_connections.
   */
  databasePoolMax: number;
  /** Cookies carry `Secure` (and HSTS is sent) when the public origin is https. */
  secureCookies: boolean;
  /** `/metrics` on the app's port answers only `Authorization: Bearer <token>`; unset: not served there. */
  metricsToken?: string;
  /** `/metrics` without a token on this port, bound to 127.0.0.1 only. */
  metricsPort?: number;
  /**
   * Payments through Paystack (PAYSTACK_SECRET_KEY; PAYSTACK_BASE_URL points at a stand-in in
   * tests and local runs). Unset: the manual rails only (bank transfer, payout files).
   */
  paystack?: { secretKey: string; baseUrl: string; testMode: boolean };
};

export class ConfigError extends Error {}

/**
 * PostgreSQL does the most work with about two active connections per CPU core; past that they
 * queue for the CPUs inside the server and each transaction gets slower and costs more CPU
 * (docs/decisions/012; the measurements are in docs/performance.md).
 * Without DATABASE_POOL_MAX the app assumes the database has as many cores as this machine and
 * shares 2 × cores connections between its processes, at least 2 each. Requests beyond that wait
 * in the app for a free connection.
 */
export function defaultPoolMax(cpus: number, webConcurrency: number): number {
  return Math.max(2, Math.ceil((2 * cpus) / webConcurrency));
}

/** Parses the environment once at start; a bad value names the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  machine: { cpus: number } = { cpus: availableParallelism() },
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superAdmin:
      e.SUPER_ADMIN_EMAIL && e.SUPER_ADMIN_PASSWORD
        ? { email: e.SUPER_ADMIN_EMAIL.toLowerCase(), password: e.SUPER_ADMIN_PASSWORD }
        : undefined,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webConcurrency: e.WEB_CONCURRENCY,
    databasePoolMax: e.DATABASE_POOL_MAX ?? defaultPoolMax(machine.cpus, e.WEB_CONCURRENCY),
    secureCookies: appUrl.protocol === "https:",
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    paystack: e.PAYSTACK_SECRET_KEY
      ? {
          secretKey: e.PAYSTACK_SECRET_KEY,
          baseUrl: e.PAYSTACK_BASE_URL ?? PAYSTACK_BASE_URL,
          testMode: e.PAYSTACK_SECRET_KEY.startsWith("sk_test_"),
        }
      : undefined,
  };
}
