import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  burnPasswordCheck,
  COMMON_PASSWORD_COUNT,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from "./passwords.server";

describe("common passwords", () => {
  it("knows at least 10,000 leaked passwords", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it("recognises common passwords in any case", () => {
    for (const p of ["password1", "PASSWORD1", "PassWord1", "123456", "qwerty", "iloveyou"]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });

  it("accepts a long random password", () => {
    expect(isCommonPassword(randomBytes(24).toString("base64url"))).toBe(false);
    expect(isCommonPassword("Ikeja-mango-tree-1987-blue")).toBe(false);
  });
});

describe("password hashing", () => {
  it("uses argon2id with a fresh salt and verifies only the right password", async () => {
    const a = await hashPassword("Lekki-toll-gate-42");
    const b = await hashPassword("Lekki-toll-gate-42");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "Lekki-toll-gate-42")).toBe(true);
    expect(await verifyPassword(b, "Lekki-toll-gate-42")).toBe(true);
    expect(await verifyPassword(a, "lekki-toll-gate-42")).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch instead of throwing", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
  });

  it("burnPasswordCheck completes without revealing anything", async () => {
    await expect(burnPasswordCheck("whatever")).resolves.toBeUndefined();
  });
});
