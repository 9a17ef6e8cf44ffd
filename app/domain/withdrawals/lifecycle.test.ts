import { describe, expect, it } from "vitest";
import { withdrawalStatus } from "~/db/schema";
import { WITHDRAWAL_STATUSES } from "./lifecycle";

describe("WITHDRAWAL_STATUSES", () => {
  it("are the database enum's values, in order", () => {
    expect(WITHDRAWAL_STATUSES).toEqual(withdrawalStatus.enumValues);
  });
});
