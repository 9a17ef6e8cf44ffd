import { describe, expect, it } from "vitest";
import { budgetPreview } from "./budget-preview";
import {
  CAMPAIGN_REPORT_CSV_HEADER,
  campaignReportCsv,
  campaignStart,
  fillReportDays,
  nextDay,
  REPORT_MAX_DAYS,
} from "./report";

describe("the report's days", () => {
  it("runs from the first day to the last, zeros between, keeping any day with views", () => {
    const rows = [{ day: "2026-11-03", views: 2, rewardsKobo: 2_000n, feesKobo: 400n }];
    const days = fillReportDays(rows, "2026-11-01", "2026-11-04");
    expect(days.map((d) => d.day)).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"]);
    expect(days[2]).toBe(rows[0]);
    expect(days[0]).toEqual({ day: "2026-11-01", views: 0, rewardsKobo: 0n, feesKobo: 0n });
    // A view before the range widens it.
    expect(fillReportDays(rows, "2026-11-04", "2026-11-05").map((d) => d.day)).toEqual([
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
    ]);
    expect(fillReportDays([], "2026-11-05", "2026-11-04")).toEqual([]);
  });

  it("crosses months and leap days, and keeps at most a year", () => {
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    const days = fillReportDays([], "2020-01-01", "2026-11-26");
    expect(days).toHaveLength(REPORT_MAX_DAYS);
    expect(days.at(-1)!.day).toBe("2026-11-26");
  });
});

describe("the report's CSV", () => {
  it("has a header and one row a day: views, rewards, fees and spend in naira with two decimals", () => {
    const csv = campaignReportCsv([
      { day: "2026-11-25", views: 0, rewardsKobo: 0n, feesKobo: 0n },
      { day: "2026-11-26", views: 3, rewardsKobo: 3_050n, feesKobo: 610n },
    ]);
    expect(csv).toBe(
      `${CAMPAIGN_REPORT_CSV_HEADER}\r\n2026-11-25,0,0.00,0.00,0.00\r\n2026-11-26,3,30.50,6.10,36.60\r\n`,
    );
    expect(campaignReportCsv([])).toBe(`${CAMPAIGN_REPORT_CSV_HEADER}\r\n`);
  });
});

describe("the budget preview", () => {
  it("is rewards + the fee on each, from the typed reward and views", () => {
    expect(budgetPreview("12.50", "8", 2000)).toEqual({
      status: "ok",
      feePerViewKobo: 250n,
      rewardsKobo: 10_000n,
      feeKobo: 2_000n,
      budgetKobo: 12_000n,
      feePercent: "20%",
      viewsWanted: 8,
    });
    expect(budgetPreview("1,000", "3", 1250)).toMatchObject({ budgetKobo: 337_500n });
    // The fee rounds up as the campaign's will: 0.5% of ₦1.00 is 0.5 kobo, charged as 1.
    expect(budgetPreview("1", "10", 50)).toMatchObject({ feePerViewKobo: 1n, feeKobo: 10n, budgetKobo: 1_010n });
  });

  it("refuses a reward under ₦1.00, whatever the views say", () => {
    for (const [reward, views] of [
      ["0.99", "10"],
      ["0", "10"],
      ["0.01", ""],
    ])
      expect(budgetPreview(reward!, views!, 2000)).toEqual({ status: "reward-below-minimum", minKobo: 100n });
    expect(budgetPreview("1.00", "1", 2000)).toMatchObject({ status: "ok", budgetKobo: 120n });
  });

  it("is incomplete until both read as numbers", () => {
    for (const [reward, views] of [
      ["", "10"],
      ["10", ""],
      ["abc", "10"],
      ["10", "0"],
      ["10", "1.5"],
      ["10", "-1"],
      ["10", "99999999"],
    ])
      expect(budgetPreview(reward!, views!, 2000)).toEqual({ status: "incomplete" });
  });
});

describe("campaignStart", () => {
  const day = (iso: string) => new Date(iso);
  it("is the activation, or the first day when that comes later; null before activation", () => {
    expect(campaignStart({ startsAt: null, activatedAt: null })).toBeNull();
    expect(campaignStart({ startsAt: day("2026-03-01T23:00:00Z"), activatedAt: null })).toBeNull();
    expect(campaignStart({ startsAt: null, activatedAt: day("2026-03-04T10:00:00Z") })).toEqual(
      day("2026-03-04T10:00:00Z"),
    );
    // Activated after its first day: it started when activated.
    expect(campaignStart({ startsAt: day("2026-03-01T23:00:00Z"), activatedAt: day("2026-03-04T10:00:00Z") })).toEqual(
      day("2026-03-04T10:00:00Z"),
    );
    // Activated before its first day: it starts on that day.
    expect(campaignStart({ startsAt: day("2026-03-09T23:00:00Z"), activatedAt: day("2026-03-04T10:00:00Z") })).toEqual(
      day("2026-03-09T23:00:00Z"),
    );
  });
});
