import { describe, expect, it } from "vitest";
import { CHOICES, composeCheck, FAILED_CHECKS_TO_FLAG, STAND_IN_TITLES, TITLE_QUESTION } from "./attention-check";

const titled = (title: string) => ({ title, custom: null });

/** A fixed sequence of "random" numbers, repeated. */
const sequence =
  (...values: number[]) =>
  () => {
    const value = values.shift()!;
    values.push(value);
    return value;
  };

describe("composeCheck", () => {
  it("asks for the advert's title among three other titles: four distinct choices, the answer once, answerIndex on it", () => {
    const check = composeCheck(titled("Peak Milk"), ["Indomie Noodles", "Dangote Cement", "Glo Data Bundles"]);
    expect(check.question).toBe(TITLE_QUESTION);
    expect(check.choices).toHaveLength(CHOICES);
    expect(new Set(check.choices).size).toBe(CHOICES);
    expect(check.choices.filter((c) => c === "Peak Milk")).toHaveLength(1);
    expect(check.choices[check.answerIndex]).toBe("Peak Milk");
    expect([...check.choices].sort()).toEqual(["Dangote Cement", "Glo Data Bundles", "Indomie Noodles", "Peak Milk"]);
  });

  it("keeps only the first three other titles", () => {
    const check = composeCheck(titled("Peak Milk"), ["One", "Two", "Three", "Four", "Five"]);
    expect([...check.choices].sort()).toEqual(["One", "Peak Milk", "Three", "Two"]);
  });

  it("skips other titles equal to the answer (case and surrounding spaces ignored) and duplicates among them", () => {
    const check = composeCheck(titled("Peak Milk"), [
      "PEAK MILK",
      "  peak milk ",
      "Indomie Noodles",
      "indomie noodles ",
      "Dangote Cement",
      "Peak Milk",
      "Glo Data Bundles",
    ]);
    expect([...check.choices].sort()).toEqual(["Dangote Cement", "Glo Data Bundles", "Indomie Noodles", "Peak Milk"]);
    expect(check.choices[check.answerIndex]).toBe("Peak Milk");
  });

  it("trims the answer and the other titles it shows", () => {
    const check = composeCheck(titled("  Peak Milk "), [" Indomie Noodles", "Dangote Cement  ", "Glo"]);
    expect([...check.choices].sort()).toEqual(["Dangote Cement", "Glo", "Indomie Noodles", "Peak Milk"]);
    expect(check.choices[check.answerIndex]).toBe("Peak Milk");
  });

  it("tops up fewer than three other titles with the stand-in titles, in their order", () => {
    const one = composeCheck(titled("Peak Milk"), ["Indomie Noodles"]);
    expect([...one.choices].sort()).toEqual(
      ["Peak Milk", "Indomie Noodles", STAND_IN_TITLES[0], STAND_IN_TITLES[1]].sort(),
    );
    const none = composeCheck(titled("Peak Milk"), []);
    expect([...none.choices].sort()).toEqual(["Peak Milk", ...STAND_IN_TITLES.slice(0, 3)].sort());
    expect(none.choices[none.answerIndex]).toBe("Peak Milk");
  });

  it("skips a stand-in title that is the answer or already among the other titles", () => {
    const check = composeCheck(titled(STAND_IN_TITLES[0]), [STAND_IN_TITLES[1].toUpperCase()]);
    expect(check.choices).toHaveLength(CHOICES);
    expect([...check.choices].sort()).toEqual(
      [STAND_IN_TITLES[0], STAND_IN_TITLES[1].toUpperCase(), STAND_IN_TITLES[2], STAND_IN_TITLES[3]].sort(),
    );
    expect(check.choices[check.answerIndex]).toBe(STAND_IN_TITLES[0]);
  });

  it("an advert's own check asks its question among its answer and its three wrong answers, ignoring other titles", () => {
    const check = composeCheck(
      {
        title: "Peak Milk",
        custom: { question: "What colour is the tin?", answer: "Blue", wrongAnswers: ["Red", "Green", "Yellow"] },
      },
      ["Indomie Noodles", "Dangote Cement", "Glo Data Bundles"],
    );
    expect(check.question).toBe("What colour is the tin?");
    expect([...check.choices].sort()).toEqual(["Blue", "Green", "Red", "Yellow"]);
    expect(check.choices[check.answerIndex]).toBe("Blue");
    expect(check.choices).not.toContain("Peak Milk");
  });

  it("shuffles with the random given: the answer lands at different places", () => {
    const others = ["Indomie Noodles", "Dangote Cement", "Glo Data Bundles"];
    const low = composeCheck(titled("Peak Milk"), others, () => 0);
    const high = composeCheck(titled("Peak Milk"), others, () => 0.999);
    // Fisher–Yates with 0.999 swaps each item with itself: the order stays answer first.
    expect(high.choices).toEqual(["Peak Milk", ...others]);
    expect(high.answerIndex).toBe(0);
    // With 0 every step swaps with the first place: the answer ends last.
    expect(low.answerIndex).toBe(3);
    expect(low.choices[3]).toBe("Peak Milk");
    expect(new Set(low.choices)).toEqual(new Set(high.choices));

    const positions = new Set(
      [sequence(0), sequence(0.999), sequence(0.999, 0.999, 0), sequence(0.999, 0, 0.999), sequence(0.5, 0.5, 0.5)].map(
        (random) => {
          const check = composeCheck(titled("Peak Milk"), others, random);
          expect(check.choices[check.answerIndex]).toBe("Peak Milk");
          return check.answerIndex;
        },
      ),
    );
    expect(positions).toEqual(new Set([0, 1, 2, 3]));
  });

  it("is the same for the same random numbers", () => {
    const others = ["Indomie Noodles", "Dangote Cement", "Glo Data Bundles"];
    expect(composeCheck(titled("Peak Milk"), others, sequence(0.3, 0.7, 0.1))).toEqual(
      composeCheck(titled("Peak Milk"), others, sequence(0.3, 0.7, 0.1)),
    );
  });
});

it("three wrong picks in a day flag a member", () => {
  expect(FAILED_CHECKS_TO_FLAG).toBe(3);
});
