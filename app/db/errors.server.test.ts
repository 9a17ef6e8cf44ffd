import { describe, expect, it } from "vitest";
import { databaseErrorOf, isCheckViolation, isDatabaseUnavailable, isUniqueViolation } from "./errors.server";

const wrapped = (cause: unknown) => new Error("Failed query: insert into …", { cause });

describe("databaseErrorOf", () => {
  it("finds the database's code and message behind the errors that wrap it", () => {
    const pgError = Object.assign(new Error("duplicate key value"), { code: "23505" });
    expect(databaseErrorOf(pgError)?.code).toBe("23505");
    expect(databaseErrorOf(wrapped(wrapped(pgError)))?.code).toBe("23505");
    expect(databaseErrorOf(wrapped(pgError))).toEqual({ code: "23505", message: "duplicate key value" });
  });
  it("answers undefined when no error in the chain has a code", () => {
    expect(databaseErrorOf(new Error("boom"))).toBeUndefined();
    expect(databaseErrorOf(undefined)).toBeUndefined();
    expect(databaseErrorOf({ code: 42 })).toBeUndefined();
  });
  it("looks at most five errors deep", () => {
    let err: unknown = { code: "23505" };
    for (let i = 0; i < 5; i++) err = wrapped(err);
    expect(databaseErrorOf(err)).toBeUndefined();
  });
});

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

describe("isCheckViolation", () => {
  it("recognises 23514 on the named constraint, by name or in the message, also when wrapped", () => {
    expect(
      isCheckViolation(wrapped({ code: "23514", constraint: "balance_non_negative" }), "balance_non_negative"),
    ).toBe(true);
    expect(
      isCheckViolation(
        { code: "23514", message: 'violates check constraint "balance_non_negative"' },
        "balance_non_negative",
      ),
    ).toBe(true);
    expect(isCheckViolation({ code: "23514", constraint: "other" }, "balance_non_negative")).toBe(false);
    expect(isCheckViolation({ code: "23505", constraint: "balance_non_negative" }, "balance_non_negative")).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it("counts a lost connection, by code or by the driver's message, at any depth", () => {
    expect(isDatabaseUnavailable(wrapped(wrapped({ code: "ECONNREFUSED" })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: "23505" }))).toBe(false);
  });
});
