import { describe, expect, it } from "vitest";
import { ConfigError, defaultPoolMax, loadConfig } from "./config.server";

/** The ConfigError thrown for an environment (fails the test when nothing is thrown). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("has working defaults for a local try-out", () => {
    const config = loadConfig({}, { cpus: 2 });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.appUrl.href).toBe("http://localhost:3000/");
    expect(config.dataDir).toBe("./data");
    expect(config.nodeEnv).toBe("development");
    expect(config.logLevel).toBe("info");
    expect(config.trustProxy).toBe(0);
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databaseMigrationUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.superAdmin).toBeUndefined();
    expect(config.mailFrom).toBe("AdNaira <no-reply@adnaira.local>");
    expect(config.webConcurrency).toBe(1);
    expect(config.databasePoolMax).toBe(4); // 2 × 2 cores, one process
    expect(config.metricsToken).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
  });

  it("sizes the database pool to the cores, shared between the processes, unless told", () => {
    expect(defaultPoolMax(2, 1)).toBe(4);
    expect(defaultPoolMax(2, 2)).toBe(2);
    expect(defaultPoolMax(8, 8)).toBe(2);
    expect(defaultPoolMax(8, 3)).toBe(6); // rounded up
    expect(defaultPoolMax(1, 4)).toBe(2); // never fewer than 2 a process
    expect(
      loadConfig({ DATABASE_URL: "postgres://db/x", REDIS_URL: "redis://r", WEB_CONCURRENCY: "2" }, { cpus: 2 })
        .databasePoolMax,
    ).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: "1", DATABASE_POOL_MAX: "30" }, { cpus: 2 }).databasePoolMax).toBe(30);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "0.0.0.0",
      APP_URL: "https://adnaira.ng",
      DATA_DIR: "/var/lib/adnaira",
      DATABASE_URL: "postgres://app:secret@db.internal:5432/adnaira",
      DATABASE_MIGRATION_URL: "postgres://owner:secret@db.internal:5432/adnaira",
      SMTP_URL: "smtps://mailer:secret@smtp.example.ng:465",
      MAIL_FROM: "AdNaira <hello@adnaira.ng>",
      SUPER_ADMIN_EMAIL: "Owner@AdNaira.ng",
      SUPER_ADMIN_PASSWORD: "a-long-owner-password",
      REDIS_URL: "redis://cache.internal:6379",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      WEB_CONCURRENCY: "4",
      DATABASE_POOL_MAX: "15",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/adnaira",
      databaseUrl: "postgres://app:secret@db.internal:5432/adnaira",
      databaseMigrationUrl: "postgres://owner:secret@db.internal:5432/adnaira",
      smtpUrl: "smtps://mailer:secret@smtp.example.ng:465",
      mailFrom: "AdNaira <hello@adnaira.ng>",
      superAdmin: { email: "owner@adnaira.ng", password: "a-long-owner-password" },
      redisUrl: "redis://cache.internal:6379",
      logLevel: "warn",
      trustProxy: 1,
      webConcurrency: 4,
      databasePoolMax: 15,
      secureCookies: true,
    });
    expect(config.appUrl.origin).toBe("https://adnaira.ng");
  });

  it("derives the default APP_URL from PORT", () => {
    expect(loadConfig({ PORT: "4100" }).appUrl.href).toBe("http://localhost:4100/");
  });

  it("secure cookies exactly when APP_URL is https", () => {
    expect(loadConfig({ APP_URL: "https://adnaira.ng" }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: "http://adnaira.ng" }).secureCookies).toBe(false);
  });

  it("accepts postgresql:// as well as postgres://", () => {
    expect(loadConfig({ DATABASE_URL: "postgresql://localhost/adnaira" }).databaseUrl).toBe(
      "postgresql://localhost/adnaira",
    );
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({
      PORT: "",
      APP_URL: "",
      DATA_DIR: "",
      DATABASE_URL: "",
      SMTP_URL: "",
      SUPER_ADMIN_EMAIL: "",
      SUPER_ADMIN_PASSWORD: "",
      REDIS_URL: "",
      LOG_LEVEL: "",
      NODE_ENV: "",
    });
    expect(config.port).toBe(3000);
    expect(config.appUrl.href).toBe("http://localhost:3000/");
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.superAdmin).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.nodeEnv).toBe("development");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "3000.5"],
    ["APP_URL", "not a url"],
    ["APP_URL", "ftp://adnaira.ng"],
    ["DATABASE_URL", "mysql://localhost/adnaira"],
    ["DATABASE_URL", "localhost:5432"],
    ["DATABASE_MIGRATION_URL", "mysql://owner@localhost/adnaira"],
    ["DATABASE_MIGRATION_URL", "localhost:5432"],
    ["SMTP_URL", "http://smtp.example.ng"],
    ["SMTP_URL", "smtp.example.ng:25"],
    ["REDIS_URL", "http://cache"],
    ["LOG_LEVEL", "verbose"],
    ["NODE_ENV", "staging"],
    ["SUPER_ADMIN_EMAIL", "not-an-email"],
    ["TRUST_PROXY", "many"],
    ["DATABASE_POOL_MAX", "0"],
    ["METRICS_TOKEN", "too-short-to-guard-metrics"],
    ["METRICS_PORT", "0"],
    ["METRICS_PORT", "http"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    const env: Record<string, string> = { [name]: value };
    if (name === "SUPER_ADMIN_EMAIL") env.SUPER_ADMIN_PASSWORD = "a-long-owner-password";
    if (name === "DATABASE_MIGRATION_URL") env.DATABASE_URL = "postgres://app@localhost/adnaira";
    const error = configError(env);
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(error.message).toMatch(/^Invalid configuration/);
  });

  it("names every bad variable at once", () => {
    const error = configError({ PORT: "abc", LOG_LEVEL: "loud" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("LOG_LEVEL");
  });

  it("needs SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD together", () => {
    const noPassword = configError({ SUPER_ADMIN_EMAIL: "owner@adnaira.ng" });
    expect(noPassword.message).toContain("SUPER_ADMIN_PASSWORD");
    expect(noPassword.message).toContain("must be set together");

    const noEmail = configError({ SUPER_ADMIN_PASSWORD: "a-long-owner-password" });
    expect(noEmail.message).toContain("SUPER_ADMIN_EMAIL");

    const emptyPassword = configError({ SUPER_ADMIN_EMAIL: "owner@adnaira.ng", SUPER_ADMIN_PASSWORD: "" });
    expect(emptyPassword.message).toContain("SUPER_ADMIN_PASSWORD");
  });

  it("turns Paystack on with a Paystack secret key only, at Paystack's address unless told", () => {
    expect(loadConfig({}).paystack).toBeUndefined();
    expect(loadConfig({ PAYSTACK_SECRET_KEY: "" }).paystack).toBeUndefined();
    expect(loadConfig({ PAYSTACK_SECRET_KEY: "sk_live_abcdef0123456789" }).paystack).toEqual({
      secretKey: "sk_live_abcdef0123456789",
      baseUrl: "https://api.paystack.co",
      testMode: false,
    });
    expect(
      loadConfig({ PAYSTACK_SECRET_KEY: "sk_test_abcdef0123456789", PAYSTACK_BASE_URL: "http://127.0.0.1:4010" })
        .paystack,
    ).toEqual({ secretKey: "sk_test_abcdef0123456789", baseUrl: "http://127.0.0.1:4010", testMode: true });
    // A public key, or anything else, is refused at start.
    for (const key of ["pk_test_abcdef0123456789", "sk_abcdef", "secret"]) {
      expect(configError({ PAYSTACK_SECRET_KEY: key }).message).toMatch(
        /PAYSTACK_SECRET_KEY: must be a Paystack secret key/,
      );
    }
    expect(configError({ PAYSTACK_BASE_URL: "ftp://x" }).message).toContain("PAYSTACK_BASE_URL");
  });

  it("sends the Paystack key over https:// only: plain http:// to a stand-in on this machine with a test key", () => {
    const TEST_KEY = "sk_test_abcdef0123456789";
    const LIVE_KEY = "sk_live_abcdef0123456789";
    const baseUrl = (env: Record<string, string>) => loadConfig(env).paystack?.baseUrl;
    // https://, with either key.
    expect(baseUrl({ PAYSTACK_SECRET_KEY: LIVE_KEY, PAYSTACK_BASE_URL: "https://api.paystack.co" })).toBe(
      "https://api.paystack.co",
    );
    expect(baseUrl({ PAYSTACK_SECRET_KEY: TEST_KEY, PAYSTACK_BASE_URL: "https://paystack.internal:8443/" })).toBe(
      "https://paystack.internal:8443/",
    );
    // http:// to a loopback host with a test key: the stand-in (tests, npm run paystack:standin).
    for (const url of ["http://127.0.0.1:4010", "http://[::1]:4010", "http://localhost:4010", "http://LOCALHOST:4010/"])
      expect(baseUrl({ PAYSTACK_SECRET_KEY: TEST_KEY, PAYSTACK_BASE_URL: url })).toBe(url);

    // http:// anywhere else, whatever the key: refused, naming the variable.
    for (const url of [
      "http://api.paystack.co",
      "http://10.0.0.5:4010",
      "http://127.0.0.2:4010",
      "http://127.0.0.1.example.com",
      "http://localhost@api.paystack.co",
      "http://localhost.example.com:4010",
    ]) {
      for (const key of [TEST_KEY, LIVE_KEY]) {
        expect(configError({ PAYSTACK_SECRET_KEY: key, PAYSTACK_BASE_URL: url }).message).toContain(
          "PAYSTACK_BASE_URL: must be an https:// URL (http:// only for a stand-in on this machine: 127.0.0.1, ::1 or localhost)",
        );
      }
    }
    // http:// on this machine with a live key, or with no key: refused.
    const NEEDS_TEST_KEY =
      "PAYSTACK_BASE_URL: an http:// URL needs a test key (PAYSTACK_SECRET_KEY sk_test_…): a live key is sent over https:// only";
    for (const url of ["http://127.0.0.1:4010", "http://[::1]:4010", "http://localhost:4010"]) {
      expect(configError({ PAYSTACK_SECRET_KEY: LIVE_KEY, PAYSTACK_BASE_URL: url }).message).toContain(NEEDS_TEST_KEY);
      expect(configError({ PAYSTACK_BASE_URL: url }).message).toContain(NEEDS_TEST_KEY);
    }
    // Neither an http(s) URL nor a URL at all.
    for (const url of ["ftp://127.0.0.1/", "ws://127.0.0.1:4010", "127.0.0.1:4010", "paystack"]) {
      expect(configError({ PAYSTACK_SECRET_KEY: TEST_KEY, PAYSTACK_BASE_URL: url }).message).toContain(
        "PAYSTACK_BASE_URL: must be an https:// URL",
      );
    }
  });

  it("refuses a short super admin password", () => {
    const error = configError({ SUPER_ADMIN_EMAIL: "owner@adnaira.ng", SUPER_ADMIN_PASSWORD: "short" });
    expect(error.message).toMatch(/SUPER_ADMIN_PASSWORD: must be at least 12 characters/);
  });

  it("takes DATABASE_MIGRATION_URL (the owner) only beside DATABASE_URL (the app's role)", () => {
    const both = loadConfig({
      DATABASE_URL: "postgres://app@db/adnaira",
      DATABASE_MIGRATION_URL: "postgresql://owner@db/adnaira",
    });
    expect(both).toMatchObject({
      databaseUrl: "postgres://app@db/adnaira",
      databaseMigrationUrl: "postgresql://owner@db/adnaira",
    });
    expect(
      loadConfig({ DATABASE_URL: "postgres://app@db/adnaira", DATABASE_MIGRATION_URL: "" }).databaseMigrationUrl,
    ).toBeUndefined();
    const alone = configError({ DATABASE_MIGRATION_URL: "postgres://owner@db/adnaira" });
    expect(alone.message).toMatch(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
  });

  it("runs several processes only with a shared database and shared rate limits", () => {
    const shared = { DATABASE_URL: "postgres://app@db.internal/adnaira", REDIS_URL: "redis://cache.internal:6379" };
    expect(loadConfig({ ...shared, WEB_CONCURRENCY: "2" }).webConcurrency).toBe(2);
    expect(loadConfig({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);

    const embedded = configError({ WEB_CONCURRENCY: "2", REDIS_URL: shared.REDIS_URL });
    expect(embedded.message).toMatch(/WEB_CONCURRENCY: more than one process needs DATABASE_URL/);
    const localLimits = configError({ WEB_CONCURRENCY: "2", DATABASE_URL: shared.DATABASE_URL });
    expect(localLimits.message).toMatch(/WEB_CONCURRENCY: more than one process needs REDIS_URL/);
    expect(configError({ ...shared, WEB_CONCURRENCY: "0" }).message).toContain("WEB_CONCURRENCY");
    expect(configError({ ...shared, WEB_CONCURRENCY: "two" }).message).toContain("WEB_CONCURRENCY");
  });
});
