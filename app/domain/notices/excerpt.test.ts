import { describe, expect, it } from "vitest";
import { noticeExcerpt } from "./excerpt";

describe("noticeExcerpt", () => {
  it("keeps a short notice whole, its lines joined by spaces", () => {
    expect(noticeExcerpt("Payouts run on Friday.\n\nThank you!")).toBe("Payouts run on Friday. Thank you!");
  });

  it("cuts a long notice at the last whole word that fits, with an ellipsis", () => {
    expect(noticeExcerpt("one two three four five", 12)).toBe("one two…");
    expect(noticeExcerpt("Payouts, then adverts", 9)).toBe("Payouts…");
  });

  it("cuts a single long word at the limit, and never inside an emoji", () => {
    expect(noticeExcerpt("https://example.ng/a/very/long/path", 10)).toBe("https://ex…");
    expect(noticeExcerpt("🎉🎉🎉🎉🎉🎉", 4)).toBe("🎉🎉🎉🎉…");
  });
});
