import { describe, expect, it } from "vitest";
import { readableNigerianPhone } from "./nigerian-phone";

describe("readableNigerianPhone", () => {
  it("groups a Nigerian number as people read it, locally or internationally, however it was stored", () => {
    for (const stored of ["+2348031234567", "2348031234567", "08031234567", " 0803-123-4567 "]) {
      expect(readableNigerianPhone(stored, "local")).toBe("0803 123 4567");
      expect(readableNigerianPhone(stored, "international")).toBe("+234 803 123 4567");
    }
  });

  it("leaves anything that is not a Nigerian number as it is", () => {
    expect(readableNigerianPhone(" +44 20 7946 0958 ", "local")).toBe("+44 20 7946 0958");
  });
});
