import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRateLimits, slowDownMs } from "./rate-limit.server";

describe("login slow-down", () => {
  it("lets the first 3 failures through, then doubles from one step up to 12 steps (3 s by default)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map((failures) => slowDownMs(failures))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000,
    ]);
    expect(slowDownMs(5, 10)).toBe(40);
  });

  it("waits for the account's recent failures, and never refuses however many there are", async () => {
    const waits: number[] = [];
    const limits = createRateLimits(undefined, { slowDownStepMs: 10, sleep: async (ms) => void waits.push(ms) });
    for (let i = 0; i < 100; i++) {
      await limits.slowDown("loginAccountSlowDown", "owner@example.ng");
      expect(await limits.consume("loginAccountSlowDown", "owner@example.ng")).toBeNull();
    }
    expect(waits.slice(0, 6)).toEqual([10, 20, 40, 80, 120, 120]);
    expect(Math.max(...waits)).toBe(120);
    expect(await limits.slowDownFor("loginAccountSlowDown", "other@example.ng")).toBe(0);
    await limits.close();
  });
});

// In process memory always; in Redis too when REDIS_URL is set (as in CI).
const stores: [store: string, redisUrl: string | undefined][] = [
  ["memory", undefined],
  ...(process.env.REDIS_URL ? [["redis", process.env.REDIS_URL] as [string, string]] : []),
];

describe.each(stores)("refund and slow-down (%s)", (_store, redisUrl) => {
  it("gives back a point so only the requests that count use up the limit", async () => {
    const limits = createRateLimits(redisUrl);
    const ip = `10.0.0.1-${randomUUID()}`;
    for (let i = 0; i < 40; i++) {
      expect(await limits.consume("loginIp", ip)).toBeNull();
      await limits.refund("loginIp", ip);
    }
    for (let i = 0; i < 30; i++) expect(await limits.consume("loginIp", ip)).toBeNull();
    expect(await limits.consume("loginIp", ip)).toBeGreaterThan(0);
    await limits.close();
  });

  it("reads the slow-down from the failures counted so far", async () => {
    const limits = createRateLimits(redisUrl, { slowDownStepMs: 10 });
    const email = `owner-${randomUUID()}@example.ng`;
    const due: number[] = [];
    for (let i = 0; i < 8; i++) {
      due.push(await limits.slowDownFor("loginAccountSlowDown", email));
      expect(await limits.consume("loginAccountSlowDown", email)).toBeNull();
    }
    expect(due).toEqual([0, 0, 0, 10, 20, 40, 80, 120]);
    await limits.close();
  });
});
