import { describe, expect, it } from "vitest";
import { monthParam, monthPeriod, statementMonths } from "./statement-period";

describe("a statement's period", () => {
  it("is a Lagos calendar month: from 00:00 Lagos on the 1st (23:00 UTC the day before) to the next", () => {
    expect(monthPeriod("2026-11")).toEqual({
      start: new Date("2026-10-31T23:00:00.000Z"),
      end: new Date("2026-11-30T23:00:00.000Z"),
    });
    expect(monthPeriod("2026-12")?.end).toEqual(new Date("2026-12-31T23:00:00.000Z"));
    expect(monthPeriod(undefined)).toBeNull();
  });

  it("reads ?month= as YYYY-MM and anything else as the whole statement", () => {
    expect(monthParam.parse("2026-01")).toBe("2026-01");
    for (const bad of ["2026-13", "2026-1", "26-01", "2026-01-01", "", "x"])
      expect(monthParam.parse(bad)).toBeUndefined();
  });

  it("offers the months from the first line's to now, newest first, across a year's end", () => {
    // 31 Oct 23:30 UTC is already 1 November in Lagos.
    const months = statementMonths(new Date("2025-10-31T23:30:00Z"), new Date("2026-01-15T12:00:00Z"));
    expect(months).toEqual([
      { value: "2026-01", label: "January 2026" },
      { value: "2025-12", label: "December 2025" },
      { value: "2025-11", label: "November 2025" },
    ]);
    expect(statementMonths(null, new Date())).toEqual([]);
  });
});
