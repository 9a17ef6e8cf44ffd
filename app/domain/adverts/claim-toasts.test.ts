import { describe, expect, it } from "vitest";
import { ACCOUNT_NOT_APPROVED, advertToast } from "./claim-toasts";

describe("what a member is told", () => {
  it("uses the fixed texts for approval and rewards", () => {
    expect(ACCOUNT_NOT_APPROVED).toEqual({
      type: "error",
      title: "Account Not Approved",
      description: "Your account needs to be approved by an admin to interact with adverts.",
    });
    expect(advertToast({ status: "not-approved" })).toEqual(ACCOUNT_NOT_APPROVED);
    expect(advertToast({ status: "ok", rewardKobo: 2_550n })).toEqual({
      type: "success",
      title: "Reward Earned!",
      description: "You earned ₦25.50 for viewing this advert.",
    });
  });

  it("names the daily limit", () => {
    expect(advertToast({ status: "daily-limit", limit: 20 })).toEqual({
      type: "error",
      title: "Daily Limit Reached",
      description: "You have reached your daily limit of 20 advert views. Come back tomorrow!",
    });
    expect(advertToast({ status: "daily-limit", limit: 1 }).description).toBe(
      "You have reached your daily limit of 1 advert view. Come back tomorrow!",
    );
  });

  it("explains every other refusal", () => {
    expect(advertToast({ status: "too-early", secondsLeft: 4 })).toMatchObject({
      title: "Keep Watching",
      description: "Please view the advert for 4 more seconds to earn the reward.",
    });
    expect(advertToast({ status: "too-early", secondsLeft: 1 }).description).toContain("1 more second ");
    for (const status of ["already-claimed", "no-slots", "not-found", "not-started", "not-member"] as const) {
      const toast = advertToast({ status });
      expect(toast.type).toBe("error");
      expect(toast.title.length).toBeGreaterThan(0);
      expect(toast.description?.length).toBeGreaterThan(0);
    }
    expect(advertToast({ status: "already-claimed" }).title).toBe("Already Rewarded");
    expect(advertToast({ status: "no-slots" }).title).toBe("Advert Completed");
  });

  it("says a view ended by opening another advert ended, rather than asking to keep watching", () => {
    expect(advertToast({ status: "view-ended" })).toEqual({
      type: "error",
      title: "View Ended",
      description: "You opened another advert, so this view ended.",
    });
  });
});
