/**
 * The arithmetic of a bar chart, kept apart from the markup: bar heights from values (kobo as
 * bigint stays exact), and which x-axis labels fit at each screen width.
 */

export type ChartValue = bigint | number;

const asBigint = (value: ChartValue): bigint =>
  typeof value === "bigint" ? value : BigInt(Math.max(0, Math.round(value * 1000)));

/** Values as comparable non-negative bigints (numbers kept to three decimals). */
function normalised(values: readonly ChartValue[]): bigint[] {
  const mixed = values.some((v) => typeof v === "number") && values.some((v) => typeof v === "bigint");
  return values.map((v) => {
    const b = typeof v === "bigint" && mixed ? v * 1000n : asBigint(v);
    return b < 0n ? 0n : b;
  });
}

/** The index of the first largest value; -1 when no value is above zero. */
export function maxIndex(values: readonly ChartValue[]): number {
  const all = normalised(values);
  let best = -1;
  all.forEach((v, i) => {
    if (v > 0n && (best === -1 || v > all[best]!)) best = i;
  });
  return best;
}

/**
 * Each value's bar height in pixels: the largest value fills `plotHeight`, zero is no bar, and any
 * value above zero gets at least `minHeight` so that a small day is still seen.
 */
export function barHeights(values: readonly ChartValue[], plotHeight: number, minHeight = 2): number[] {
  const all = normalised(values);
  const top = all.reduce((a, b) => (b > a ? b : a), 0n);
  if (top === 0n) return all.map(() => 0);
  const scale = BigInt(Math.round(plotHeight * 100));
  return all.map((v) => {
    if (v === 0n) return 0;
    const height = Number((v * scale + top / 2n) / top) / 100;
    return Math.min(plotHeight, Math.max(minHeight, height));
  });
}

/** `count` indexes thinned to at most `room`, evenly spread, keeping the first and the last. */
export function spreadIndexes(count: number, room: number): number[] {
  if (count <= 0) return [];
  if (count <= room) return Array.from({ length: count }, (_, i) => i);
  if (room <= 1) return [0];
  const step = (count - 1) / (room - 1);
  return Array.from({ length: room }, (_, i) => Math.round(i * step));
}

/** How many x-axis labels fit: on a phone (360 px), from `sm` (640 px), from `lg` (1024 px). */
export const LABEL_ROOM = { narrow: 4, medium: 7 } as const;

/** Whether the label of bar `index` (of `count`) is shown on a phone, a tablet and a wide screen. */
export function labelVisibility(index: number, count: number): { narrow: boolean; medium: boolean; wide: boolean } {
  return {
    narrow: spreadIndexes(count, LABEL_ROOM.narrow).includes(index),
    medium: spreadIndexes(count, LABEL_ROOM.medium).includes(index),
    wide: true,
  };
}

/** A value shown above a bar grows towards the middle of the chart, so it never leaves the plot. */
export function valueAnchor(index: number, count: number): "start" | "end" {
  return index < count / 2 ? "start" : "end";
}
