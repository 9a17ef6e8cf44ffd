import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatLagosDate,
  formatLagosDateTime,
  formatLagosMonthYear,
  lagosDay,
  lagosDayLabel,
  lagosDayStart,
  lagosDaysEnding,
  lagosMonth,
  lagosWeek,
  lagosYear,
} from "./lagos-time";

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

describe("lagosMonth and lagosYear (Lagos calendar)", () => {
  it("a month runs from the 1st at 00:00 Lagos (23:00 UTC the day before) to the next 1st", () => {
    const november = { start: new Date("2026-10-31T23:00:00Z"), end: new Date("2026-11-30T23:00:00Z") };
    expect(lagosMonth(new Date("2026-11-18T12:00:00Z"))).toEqual(november);
    expect(lagosMonth(new Date("2026-10-31T23:00:00Z"))).toEqual(november);
    expect(lagosMonth(new Date("2026-11-30T22:59:59.999Z"))).toEqual(november);
    expect(lagosMonth(new Date("2026-11-30T23:00:00Z")).start).toEqual(november.end);
    // December rolls into the next year; February of a leap year has 29 days.
    expect(lagosMonth(new Date("2026-12-15T12:00:00Z")).end).toEqual(new Date("2026-12-31T23:00:00Z"));
    expect(lagosMonth(new Date("2028-02-10T12:00:00Z")).end).toEqual(new Date("2028-02-29T23:00:00Z"));
  });

  it("a year runs from 1 January 00:00 Lagos, which is 23:00 UTC on 31 December", () => {
    const year2026 = { start: new Date("2025-12-31T23:00:00Z"), end: new Date("2026-12-31T23:00:00Z") };
    expect(lagosYear(new Date("2026-06-01T00:00:00Z"))).toEqual(year2026);
    expect(lagosYear(new Date("2025-12-31T23:00:00Z"))).toEqual(year2026);
    expect(lagosYear(new Date("2026-12-31T22:59:59.999Z"))).toEqual(year2026);
    expect(lagosYear(new Date("2026-12-31T23:00:00Z")).start).toEqual(year2026.end);
  });

  it("every instant lies in its own month and year, and each starts on a Lagos 1st", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01Z"), max: new Date("2100-01-01Z"), noInvalidDate: true }), (d) => {
        for (const { start, end } of [lagosMonth(d), lagosYear(d)]) {
          expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
          expect(d.getTime()).toBeLessThan(end.getTime());
          expect(lagosDay(start).endsWith("-01")).toBe(true);
          expect(lagosDay(end).endsWith("-01")).toBe(true);
        }
        expect(lagosDay(lagosYear(d).start).slice(5)).toBe("01-01");
      }),
    );
  });
});

describe("formatLagosDate / formatLagosDateTime", () => {
  it("prints the Lagos day and time with fixed month names", () => {
    expect(formatLagosDate("2026-09-30T23:30:00Z")).toBe("1 Oct 2026");
    expect(formatLagosDateTime(new Date("2026-09-05T13:05:00Z"))).toBe("5 Sep 2026, 14:05");
  });
});

describe("formatLagosMonthYear", () => {
  it("names the Lagos month in full, also in the hour where UTC is still in the month before", () => {
    expect(formatLagosMonthYear(new Date("2026-11-26T12:00:00Z"))).toBe("November 2026");
    expect(formatLagosMonthYear("2026-09-30T23:30:00Z")).toBe("October 2026");
    expect(formatLagosMonthYear("2026-12-31T23:00:00Z")).toBe("January 2027");
  });
});

describe("lagosDaysEnding, lagosDayStart and lagosDayLabel", () => {
  it("lists the Lagos days ending on the day of `at`, oldest first, across a month end", () => {
    expect(lagosDaysEnding(new Date("2026-12-01T23:30:00Z"), 4)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
    expect(lagosDaysEnding(new Date("2026-03-01T10:00:00Z"), 14)).toHaveLength(14);
    expect(lagosDaysEnding(new Date("2028-03-01T10:00:00Z"), 2)).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("starts a Lagos day at 23:00 UTC the day before", () => {
    expect(lagosDayStart("2026-11-13").toISOString()).toBe("2026-11-12T23:00:00.000Z");
    expect(lagosDayStart("2027-01-01").toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(() => lagosDayStart("13/11/2026")).toThrow(RangeError);
  });

  it("names a day briefly, as a chart axis shows it", () => {
    expect(lagosDayLabel("2026-11-03")).toBe("3 Nov");
    expect(lagosDayLabel("2027-01-21")).toBe("21 Jan");
  });
});
