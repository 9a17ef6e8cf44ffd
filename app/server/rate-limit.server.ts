import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

type LimitName =
  | "loginIp"
  | "loginAccount"
  | "loginAccountSlowDown"
  | "secondFactor"
  | "registerIp"
  | "resetIp"
  | "resetAccount"
  | "resendIp"
  | "resendAccount"
  | "passwordChange"
  | "accountLookupMember"
  | "accountLookupNetwork"
  | "imageUploadAdvertiser";

/** The account lookups allowed (see LIMITS). */
export const ACCOUNT_LOOKUPS_PER_MEMBER_PER_DAY = 10;
export const ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR = 30;
/** Image files an advertiser may upload an hour, "Show budget" included (see LIMITS). */
export const IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR = 20;

/**
 * Points per window (decision 021 gives the reasons for each number). Login limits count failed
 * sign-ins only, and the per-address one (loginIp) is skipped for a browser with a known-device
 * cookie for the account. The per-address ceilings of sign-up and the mail forms sit above what a
 * whole carrier address (carrier-grade NAT: many subscribers behind one address) sends in normal
 * use. The mail-sending account limits (resetAccount, resendAccount) are never answered with a
 * refusal: past them the request is answered as usual and nothing is sent, so nobody can use up
 * someone else's allowance and get them refused.
 */
const LIMITS: Record<LimitName, { points: number; duration: number }> = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginAccount: { points: 10, duration: 15 * 60 },
  // Never blocks: only counts the account's recent failures from every address (see slowDownMs).
  loginAccountSlowDown: { points: Number.MAX_SAFE_INTEGER, duration: 15 * 60 },
  registerIp: { points: 600, duration: 60 * 60 },
  resetIp: { points: 300, duration: 60 * 60 },
  resetAccount: { points: 3, duration: 60 * 60 },
  resendIp: { points: 300, duration: 60 * 60 },
  resendAccount: { points: 3, duration: 60 * 60 },
  passwordChange: { points: 10, duration: 15 * 60 },
  // Wrong second-factor codes per account, as wrong passwords per account (loginAccount): whoever
  // types them already knows the password, so the account, not the address, is what is counted.
  secondFactor: { points: 10, duration: 15 * 60 },
  // Bank account lookups ("Check account" asks the bank for the holder's name): few per member
  // and per address, so holders' names cannot be harvested and one member cannot spend the
  // provider's quota (issue 39). Only lookups that reach the provider count.
  accountLookupMember: { points: ACCOUNT_LOOKUPS_PER_MEMBER_PER_DAY, duration: 24 * 60 * 60 },
  accountLookupNetwork: { points: ACCOUNT_LOOKUPS_PER_ADDRESS_PER_HOUR, duration: 60 * 60 },
  // Image files on the campaign form, per advertiser (an account, not an address): each costs a
  // re-encode (sharp) and up to 1 MB stored for a day if unused (issue 42). A campaign needs one or
  // a few tries; 20 an hour is far above that. Admins' uploads (Manage Adverts) are not counted.
  imageUploadAdvertiser: { points: IMAGE_UPLOADS_PER_ADVERTISER_PER_HOUR, duration: 60 * 60 },
};

/** Failures on an account (from any address) before sign-ins to it are slowed down. */
export const SLOW_DOWN_FREE_FAILURES = 3;
/** The slow-down doubles with each further failure up to this many steps (3 s with 250 ms steps). */
export const SLOW_DOWN_MAX_STEPS = 12;
export const DEFAULT_SLOW_DOWN_STEP_MS = 250;

/**
 * The wait before checking a password after `failures` recent failures on the account:
 * none for the first 3, then 1, 2, 4, 8 steps, at most 12 steps (250 ms … 3 s by default).
 * A delay, never a lock: the owner still signs in, whoever else is guessing.
 */
export function slowDownMs(failures: number, stepMs = DEFAULT_SLOW_DOWN_STEP_MS): number {
  if (failures < SLOW_DOWN_FREE_FAILURES) return 0;
  return stepMs * Math.min(SLOW_DOWN_MAX_STEPS, 2 ** (failures - SLOW_DOWN_FREE_FAILURES));
}

export type RateLimitOptions = {
  /** One slow-down step (default 250 ms); tests use a few milliseconds. */
  slowDownStepMs?: number;
  /** How the slow-down waits (default a timer). */
  sleep?: (ms: number) => Promise<void>;
};

export type RateLimits = {
  /** Takes one point; returns the wait in seconds when the limit is already used up. */
  consume: (name: LimitName, key: string) => Promise<number | null>;
  /** Whether the key is blocked, without taking a point. */
  blockedFor: (name: LimitName, key: string) => Promise<number | null>;
  /** Gives back a point taken by `consume` (a request that turned out not to count). */
  refund: (name: LimitName, key: string) => Promise<void>;
  reset: (name: LimitName, key: string) => Promise<void>;
  /** The slow-down due for the key's recent failures under `name` (milliseconds). */
  slowDownFor: (name: LimitName, key: string) => Promise<number>;
  /** Waits out that slow-down; returns how long it waited. */
  slowDown: (name: LimitName, key: string) => Promise<number>;
  close: () => Promise<void>;
};

/** Redis when REDIS_URL is set (shared by every app process), otherwise process memory. */
export function createRateLimits(redisUrl?: string, options: RateLimitOptions = {}): RateLimits {
  const stepMs = options.slowDownStepMs ?? DEFAULT_SLOW_DOWN_STEP_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on("error", () => {
    /* reported by the limiter's insurance fallback; a Redis outage must not crash the app */
  });
  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, opts]) => {
      const memory = new RateLimiterMemory({ keyPrefix: name, ...opts });
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `adnaira:${name}`, insuranceLimiter: memory, ...opts })
        : memory;
      return [name, limiter];
    }),
  ) as Record<LimitName, RateLimiterAbstract>;

  const slowDownFor = async (name: LimitName, key: string) => {
    const res = await limiters[name].get(key);
    return slowDownMs(res?.consumedPoints ?? 0, stepMs);
  };

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
        return null;
      } catch (res) {
        if (res instanceof RateLimiterRes) return Math.ceil(res.msBeforeNext / 1000);
        throw res;
      }
    },
    async blockedFor(name, key) {
      const res = await limiters[name].get(key);
      if (res && res.consumedPoints >= LIMITS[name].points) return Math.ceil(res.msBeforeNext / 1000);
      return null;
    },
    async refund(name, key) {
      await limiters[name].reward(key, 1);
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    slowDownFor,
    async slowDown(name, key) {
      const ms = await slowDownFor(name, key);
      if (ms > 0) await sleep(ms);
      return ms;
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/**
 * Runs `work`, which a point of `name` was just taken for; when it fails (the database is down),
 * gives the point back before rethrowing: a request that did nothing must not use up an allowance.
 */
export async function refundOnFailure<T>(
  rateLimits: RateLimits,
  name: LimitName,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await rateLimits.refund(name, key).catch(() => undefined);
    throw error;
  }
}

/** The refusal past an account-lookup limit: which one, and when checking works again. */
export function tooManyLookupsMessage(scope: "member" | "network", retryAfterSeconds: number): string {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = retryAfterSeconds > 3600 ? `about ${hours} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return scope === "member"
    ? `You have checked ${ACCOUNT_LOOKUPS_PER_MEMBER_PER_DAY} bank accounts today, the most allowed in a day. Please try again in ${wait}.`
    : `Too many bank accounts have been checked from your network in the last hour. Please try again in ${wait}.`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
