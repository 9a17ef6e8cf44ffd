import { describe, expect, it } from "vitest";
import { advertAchievements } from "./achievements";

describe("advert achievements", () => {
  it("Ad View Master at 10 advert views, Elite Viewer at 50", () => {
    const names = (views: number) => advertAchievements(views).map((a) => a.name);
    expect(names(0)).toEqual([]);
    expect(names(9)).toEqual([]);
    expect(names(10)).toEqual(["Ad View Master"]);
    expect(names(49)).toEqual(["Ad View Master"]);
    expect(names(50)).toEqual(["Ad View Master", "Elite Viewer"]);
    expect(names(500)).toEqual(["Ad View Master", "Elite Viewer"]);
  });
});
