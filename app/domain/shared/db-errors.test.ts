import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./db-errors";

describe("isUniqueViolation", () => {
  const pgError = { code: "23505", constraint: "users_email_unique" };
  it("recognises 23505, also when wrapped, optionally by constraint name", () => {
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation(pgError, "users_email_unique")).toBe(true);
    expect(isUniqueViolation(pgError, "users_displayId_unique")).toBe(false);
    expect(isUniqueViolation(new Error("query failed", { cause: pgError }), "users_email_unique")).toBe(true);
  });
  it("ignores other errors", () => {
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
