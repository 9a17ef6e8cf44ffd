import { describe, expect, it } from "vitest";
import { withdrawalStatus } from "~/db/schema";
import { WITHDRAWAL_LIFECYCLE, WITHDRAWAL_STATUSES } from "./lifecycle";

describe("WITHDRAWAL_STATUSES", () => {
  it("are the database enum's values, in order", () => {
    expect(WITHDRAWAL_STATUSES).toEqual(withdrawalStatus.enumValues);
  });
});

describe("WITHDRAWAL_LIFECYCLE", () => {
  it("holds every status once, in the order a withdrawal goes through them", () => {
    expect([...WITHDRAWAL_LIFECYCLE].sort()).toEqual([...WITHDRAWAL_STATUSES].sort());
    expect(WITHDRAWAL_LIFECYCLE).toEqual(["pending", "processing", "sent", "completed", "rejected"]);
  });
});
