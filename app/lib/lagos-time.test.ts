import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatLagosDate, formatLagosDateTime, lagosDay, lagosWeek } from "./lagos-time";

describe("lagosDay (Africa/Lagos calendar day, UTC+1 all year)", () => {
  it("changes at Lagos midnight, which is 23:00 UTC", () => {
    expect(lagosDay(new Date("2026-03-14T22:59:59.999Z"))).toBe("2026-03-14");
    expect(lagosDay(new Date("2026-03-14T23:00:00.000Z"))).toBe("2026-03-15");
    expect(lagosDay(new Date("2026-03-15T00:30:00.000Z"))).toBe("2026-03-15");
  });

  it("rolls months, years and leap days", () => {
    expect(lagosDay(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
    expect(lagosDay(new Date("2026-12-31T22:59:59Z"))).toBe("2026-12-31");
    expect(lagosDay(new Date("2028-02-28T23:30:00Z"))).toBe("2028-02-29");
    expect(lagosDay(new Date("2026-06-30T23:15:00Z"))).toBe("2026-07-01");
  });

  it("has no daylight-saving jumps: it is always the UTC date of the instant plus one hour", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01Z"), max: new Date("2100-01-01Z"), noInvalidDate: true }), (d) => {
        expect(lagosDay(d)).toBe(new Date(d.getTime() + 3_600_000).toISOString().slice(0, 10));
      }),
    );
  });

  it("refuses an invalid date rather than inventing a day", () => {
    expect(() => lagosDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("lagosWeek (Sunday 00:00 to Sunday 00:00, Lagos time)", () => {
  it("starts at 23:00 UTC on the Saturday before", () => {
    // Wednesday 18 November 2026
    const week = { start: new Date("2026-11-14T23:00:00Z"), end: new Date("2026-11-21T23:00:00Z") };
    expect(lagosWeek(new Date("2026-11-18T12:00:00Z"))).toEqual(week);
    expect(lagosWeek(new Date("2026-11-14T23:00:00Z"))).toEqual(week);
    expect(lagosWeek(new Date("2026-11-21T22:59:59Z"))).toEqual(week);
    expect(lagosWeek(new Date("2026-11-21T23:00:00Z")).start).toEqual(week.end);
  });
});

describe("formatLagosDate / formatLagosDateTime", () => {
  it("prints the Lagos day and time with fixed month names", () => {
    expect(formatLagosDate("2026-09-30T23:30:00Z")).toBe("1 Oct 2026");
    expect(formatLagosDateTime(new Date("2026-09-05T13:05:00Z"))).toBe("5 Sep 2026, 14:05");
  });
});
