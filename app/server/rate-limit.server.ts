import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

type LimitName =
  | "loginIp"
  | "loginAccount"
  | "registerIp"
  | "resetIp"
  | "resetAccount"
  | "resendAccount"
  | "passwordChange";

/** Points per window. Account limits count failures (login) or requests (mail sends). */
const LIMITS: Record<LimitName, { points: number; duration: number }> = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginAccount: { points: 10, duration: 15 * 60 },
  registerIp: { points: 10, duration: 60 * 60 },
  resetIp: { points: 10, duration: 60 * 60 },
  resetAccount: { points: 3, duration: 60 * 60 },
  resendAccount: { points: 3, duration: 60 * 60 },
  passwordChange: { points: 10, duration: 15 * 60 },
};

export type RateLimits = {
  /** Takes one point; returns the wait in seconds when the limit is already used up. */
  consume: (name: LimitName, key: string) => Promise<number | null>;
  /** Whether the key is blocked, without taking a point. */
  blockedFor: (name: LimitName, key: string) => Promise<number | null>;
  reset: (name: LimitName, key: string) => Promise<void>;
  close: () => Promise<void>;
};

/** Redis when REDIS_URL is set (shared by every app process), otherwise process memory. */
export function createRateLimits(redisUrl?: string): RateLimits {
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
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
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
