import { describe, expect, it } from "vitest";
import { leaderboardName } from "./leaderboard-periods";

describe("leaderboardName", () => {
  it("is the first name and the last name's initial", () => {
    expect(leaderboardName("Ada Obi")).toBe("Ada O.");
    expect(leaderboardName("Ada Chioma Obi")).toBe("Ada O.");
    expect(leaderboardName("  Ada   obi  ")).toBe("Ada O.");
    expect(leaderboardName("Ngozi Ọkafor")).toBe("Ngozi Ọ.");
    expect(leaderboardName("Tunde (Obi)")).toBe("Tunde O.");
  });

  it("keeps a one-word name as it is", () => {
    expect(leaderboardName("Ada")).toBe("Ada");
    expect(leaderboardName(" Ada ")).toBe("Ada");
    expect(leaderboardName("Ada ...")).toBe("Ada");
  });
});
