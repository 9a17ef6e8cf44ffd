import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lagosDay } from "./lagos-day";

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
