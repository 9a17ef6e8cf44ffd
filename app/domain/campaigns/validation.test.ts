import { describe, expect, it } from "vitest";
import { REWARD_BELOW_MINIMUM_MESSAGE } from "./rules";
import { campaignFormSchema, END_BEFORE_START_MESSAGE } from "./validation";

const schema = campaignFormSchema();
const form = (overrides: Record<string, string> = {}) => ({
  title: "Fresh bread",
  description: "Hot loaves",
  uploadedImage: "",
  rewardAmount: "10",
  viewsWanted: "100",
  startDate: "",
  endDate: "",
  ...overrides,
});

describe("the campaign form", () => {
  it("reads naira into kobo, views as a whole number, and no dates as an open campaign", () => {
    expect(schema.parse(form())).toEqual({
      title: "Fresh bread",
      description: "Hot loaves",
      image: { uploadedImage: null, removeImage: false },
      rewardKobo: 1_000n,
      viewsWanted: 100,
      startsAt: null,
      endsAt: null,
      check: null,
    });
  });

  it("takes the advertiser's own attention check: all five fields or none", () => {
    const check = {
      checkQuestion: "Which loaf?",
      checkAnswer: "Agege",
      checkWrong1: "Sliced",
      checkWrong2: "Wheat",
      checkWrong3: "Rye",
    };
    expect(schema.parse(form(check)).check).toEqual({
      question: "Which loaf?",
      answer: "Agege",
      wrongAnswers: ["Sliced", "Wheat", "Rye"],
    });
    expect(schema.safeParse(form({ ...check, checkWrong1: "" })).success).toBe(false);
  });

  it("runs from Lagos midnight of the start day to Lagos midnight after the end day", () => {
    const parsed = schema.parse(form({ startDate: "2026-12-01", endDate: "2026-12-01" }));
    expect(parsed.startsAt?.toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(parsed.endsAt?.toISOString()).toBe("2026-12-01T23:00:00.000Z");
  });

  it("refuses an end before the start, impossible dates, bad views, a reward under ₦1.00 and an image address not uploaded", () => {
    const errorsOf = (overrides: Record<string, string>) => {
      const result = schema.safeParse(form(overrides));
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(errorsOf({ startDate: "2026-12-02", endDate: "2026-12-01" })).toEqual({ endDate: END_BEFORE_START_MESSAGE });
    expect(errorsOf({ startDate: "2026-02-30" })).toHaveProperty("startDate");
    // A typo'd year is refused next to the field, never a crash.
    expect(errorsOf({ endDate: "9999-12-31" })).toHaveProperty("endDate");
    expect(errorsOf({ startDate: "1999-12-31" })).toHaveProperty("startDate");
    expect(errorsOf({ viewsWanted: "0" })).toHaveProperty("viewsWanted");
    expect(errorsOf({ viewsWanted: "2.5" })).toHaveProperty("viewsWanted");
    expect(errorsOf({ rewardAmount: "0" })).toEqual({ rewardAmount: REWARD_BELOW_MINIMUM_MESSAGE });
    expect(errorsOf({ rewardAmount: "0.99" })).toEqual({ rewardAmount: "Reward per view must be at least ₦1.00." });
    expect(errorsOf({ rewardAmount: "1.00" })).toEqual({});
    expect(errorsOf({ uploadedImage: "https://cdn.example.com/a.png" })).toHaveProperty("uploadedImage");
    expect(errorsOf({ uploadedImage: "/admin" })).toHaveProperty("uploadedImage");
    expect(errorsOf({ uploadedImage: `/images/${"c".repeat(64)}` })).toEqual({});
  });
});
