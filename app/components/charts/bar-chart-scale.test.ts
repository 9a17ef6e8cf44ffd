import { describe, expect, it } from "vitest";
import { barHeights, labelVisibility, maxIndex, spreadIndexes, valueAnchor } from "./bar-chart-scale";

describe("barHeights", () => {
  it("scales each value to the plot height, the largest filling it", () => {
    expect(barHeights([0, 5, 10], 100)).toEqual([0, 50, 100]);
    expect(barHeights([1n, 3n, 4n], 120)).toEqual([30, 90, 120]);
  });

  it("is all zero when nothing is above zero", () => {
    expect(barHeights([0, 0], 100)).toEqual([0, 0]);
    expect(barHeights([], 100)).toEqual([]);
  });

  it("keeps a small value visible: at least the minimum height, never more than the plot", () => {
    expect(barHeights([1n, 1_000_000n], 100)).toEqual([2, 100]);
    expect(barHeights([1n, 1_000_000n], 100, 4)).toEqual([4, 100]);
  });

  it("is exact for kobo amounts beyond a number's safe integers", () => {
    const huge = 2n ** 70n;
    expect(barHeights([huge, huge / 2n, huge / 4n], 200)).toEqual([200, 100, 50]);
  });

  it("treats a negative value as zero (a bar never points down)", () => {
    expect(barHeights([-5, 10], 100)).toEqual([0, 100]);
  });
});

describe("maxIndex", () => {
  it("is the index of the first largest value, or -1 when none is above zero", () => {
    expect(maxIndex([1n, 7n, 3n, 7n])).toBe(1);
    expect(maxIndex([0, 0])).toBe(-1);
    expect(maxIndex([])).toBe(-1);
  });
});

describe("spreadIndexes", () => {
  it("picks evenly spread indexes that always include the first and the last", () => {
    expect(spreadIndexes(14, 5)).toEqual([0, 3, 7, 10, 13]);
    expect(spreadIndexes(14, 4)).toEqual([0, 4, 9, 13]);
    expect(spreadIndexes(14, 7)).toEqual([0, 2, 4, 7, 9, 11, 13]);
  });

  it("keeps every index when there is room for all of them", () => {
    expect(spreadIndexes(4, 5)).toEqual([0, 1, 2, 3]);
    expect(spreadIndexes(1, 5)).toEqual([0]);
    expect(spreadIndexes(0, 5)).toEqual([]);
  });

  it("keeps only the first when just one label fits", () => {
    expect(spreadIndexes(14, 1)).toEqual([0]);
  });
});

describe("labelVisibility", () => {
  it("shows a few labels on a phone, more on a tablet and all of them on a wide screen", () => {
    const shown = Array.from({ length: 14 }, (_, i) => labelVisibility(i, 14));
    expect(shown.flatMap((v, i) => (v.narrow ? [i] : []))).toEqual([0, 4, 9, 13]);
    expect(shown.filter((v) => v.medium).length).toBe(7);
    expect(shown.every((v) => v.wide)).toBe(true);
    expect(shown[0]).toEqual({ narrow: true, medium: true, wide: true });
    expect(shown[13]).toEqual({ narrow: true, medium: true, wide: true });
    expect(shown[1]).toEqual({ narrow: false, medium: false, wide: true });
    expect(shown[2]).toEqual({ narrow: false, medium: true, wide: true });
    expect(shown[9]).toEqual({ narrow: true, medium: true, wide: true });
  });
});

describe("valueAnchor", () => {
  it("anchors a value label so that it stays inside the plot", () => {
    expect(valueAnchor(0, 14)).toBe("start");
    expect(valueAnchor(6, 14)).toBe("start");
    expect(valueAnchor(7, 14)).toBe("end");
    expect(valueAnchor(13, 14)).toBe("end");
  });
});
