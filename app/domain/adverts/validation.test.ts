import { describe, expect, it } from "vitest";
import { advertFormSchema, assertAdvertInput, UPLOADED_IMAGE_LOST_MESSAGE } from "./validation";

const parseAdvertForm = (input: Record<string, unknown>) => {
  const result = advertFormSchema().safeParse(input);
  return result.success ? { status: "ok", value: result.data } : { status: "invalid" };
};

const valid = {
  title: "  Buy Indomie  ",
  description: "The taste of home.",
  rewardAmount: "25.50",
  maxClicks: "100",
  uploadedImage: "",
};

/** Every message of a refusal, by field (the form shows the first). */
const errorsOf = (input: Record<string, unknown>) => {
  const result = advertFormSchema().safeParse(input);
  if (result.success) throw new Error("expected a refusal");
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
  return out;
};

describe("advert form", () => {
  it("reads a valid form into kobo, a whole click count and no image", () => {
    expect(parseAdvertForm(valid)).toEqual({
      status: "ok",
      value: {
        title: "Buy Indomie",
        description: "The taste of home.",
        rewardKobo: 2_550n,
        maxClicks: 100,
        check: null,
        image: { uploadedImage: null, removeImage: false },
      },
    });
    expect(advertFormSchema().parse({ ...valid, uploadedImage: undefined }).image.uploadedImage).toBeNull();
  });

  it("reward: naira with at most 2 decimals, above zero, no floats", () => {
    const reward = (rewardAmount: string) => parseAdvertForm({ ...valid, rewardAmount });
    expect(reward("0.01")).toMatchObject({ status: "ok", value: { rewardKobo: 1n } });
    expect(reward("1,000")).toMatchObject({ status: "ok", value: { rewardKobo: 100_000n } });
    expect(reward("0.1")).toMatchObject({ status: "ok", value: { rewardKobo: 10n } });
    expect(errorsOf({ ...valid, rewardAmount: "1.005" }).rewardAmount).toEqual(["Use at most 2 decimal places."]);
    expect(errorsOf({ ...valid, rewardAmount: "0" }).rewardAmount).toEqual(["Reward must be more than ₦0.00."]);
    expect(errorsOf({ ...valid, rewardAmount: "0.00" }).rewardAmount).toEqual(["Reward must be more than ₦0.00."]);
    expect(errorsOf({ ...valid, rewardAmount: "-5" }).rewardAmount).toEqual(["Amount cannot be negative."]);
    expect(errorsOf({ ...valid, rewardAmount: "" }).rewardAmount).toEqual(["Enter an amount."]);
    expect(errorsOf({ ...valid, rewardAmount: "1e3" }).rewardAmount).toHaveLength(1);
  });

  it("max clicks: a whole number from 1 to 1,000,000", () => {
    expect(parseAdvertForm({ ...valid, maxClicks: " 1 " })).toMatchObject({ status: "ok", value: { maxClicks: 1 } });
    expect(parseAdvertForm({ ...valid, maxClicks: "1000000" })).toMatchObject({
      status: "ok",
      value: { maxClicks: 1_000_000 },
    });
    for (const bad of ["0", "-1", "1.5", "1e3", "", "ten", "1000001", "99999999999999999999"]) {
      expect(errorsOf({ ...valid, maxClicks: bad }).maxClicks, bad).toHaveLength(1);
    }
  });

  it("title and description are required, trimmed and bounded", () => {
    expect(errorsOf({ ...valid, title: "   " }).title).toEqual(["Title is required"]);
    expect(errorsOf({ ...valid, description: "" }).description).toEqual(["Description is required"]);
    expect(errorsOf({ ...valid, title: "x".repeat(121) }).title).toEqual([
      "Title is too long (120 characters at most)",
    ]);
    expect(errorsOf({ ...valid, description: "x".repeat(2001) }).description).toHaveLength(1);
  });

  it("image: an address a refused submit uploaded (never a typed URL), and Remove image", () => {
    const uploaded = `/images/${"0a".repeat(32)}`;
    expect(parseAdvertForm({ ...valid, uploadedImage: uploaded, removeImage: "on" })).toMatchObject({
      status: "ok",
      value: { image: { uploadedImage: uploaded, removeImage: true } },
    });
    for (const bad of [
      "https://cdn.example.ng/ad.png",
      "/images/ad.png",
      `${uploaded}.png`,
      `https://adnaira.ng${uploaded}`,
      "javascript:alert(1)",
    ]) {
      expect(errorsOf({ ...valid, uploadedImage: bad }).uploadedImage, bad).toEqual([UPLOADED_IMAGE_LOST_MESSAGE]);
    }
  });

  it("a script's advert: an uploaded image or a legacy https one, nothing else", () => {
    const advert = { title: "T", description: "D", rewardKobo: 100n, maxClicks: 1 };
    expect(() => assertAdvertInput({ ...advert, imageUrl: `/images/${"f".repeat(64)}` })).not.toThrow();
    expect(() => assertAdvertInput({ ...advert, imageUrl: "https://cdn.example.ng/a.png" })).not.toThrow();
    expect(() => assertAdvertInput({ ...advert, imageUrl: null })).not.toThrow();
    expect(() => assertAdvertInput({ ...advert })).not.toThrow();
    for (const bad of ["/logo.svg", "http://cdn.example.ng/a.png", `/images/${"F".repeat(64)}`]) {
      expect(() => assertAdvertInput({ ...advert, imageUrl: bad }), bad).toThrow(RangeError);
    }
  });

  it("reports every bad field at once", () => {
    expect(Object.keys(errorsOf({ title: "", description: "", rewardAmount: "x", maxClicks: "0" })).sort()).toEqual([
      "description",
      "maxClicks",
      "rewardAmount",
      "title",
    ]);
  });
});

describe("an advert's own attention check", () => {
  const check = {
    checkQuestion: " What colour was the van? ",
    checkAnswer: "Red",
    checkWrong1: "Blue",
    checkWrong2: "Green",
    checkWrong3: "Yellow",
  };

  it("is all five fields, trimmed, or none (the title question)", () => {
    expect(advertFormSchema().parse({ ...valid, ...check }).check).toEqual({
      question: "What colour was the van?",
      answer: "Red",
      wrongAnswers: ["Blue", "Green", "Yellow"],
    });
    expect(advertFormSchema().parse(valid).check).toBeNull();
    expect(advertFormSchema().parse({ ...valid, checkQuestion: " ", checkAnswer: "" }).check).toBeNull();
  });

  it("names the first empty field when only some are filled", () => {
    expect(errorsOf({ ...valid, ...check, checkWrong2: "" })).toEqual({
      checkWrong2: ["Fill in the question, the right answer and three wrong answers, or leave all five empty"],
    });
    expect(errorsOf({ ...valid, checkAnswer: "Red" })).toHaveProperty("checkQuestion");
  });

  it("refuses two answers that are the same (case ignored) and over-long texts", () => {
    expect(errorsOf({ ...valid, ...check, checkWrong3: "red" })).toEqual({
      checkWrong3: ["The four answers must all be different"],
    });
    expect(errorsOf({ ...valid, ...check, checkAnswer: "x".repeat(81) })).toHaveProperty("checkAnswer");
    expect(errorsOf({ ...valid, ...check, checkQuestion: "x".repeat(151) })).toHaveProperty("checkQuestion");
  });

  it("is refused by assertAdvertInput when a caller skips the form with a broken one", () => {
    const input = { title: "T", description: "D", rewardKobo: 100n, maxClicks: 1, imageUrl: null };
    const wrongAnswers: [string, string, string] = ["Red", "Green", "Yellow"];
    expect(() => assertAdvertInput({ ...input, check: { question: "Q?", answer: "Red", wrongAnswers } })).toThrow(
      /check/,
    );
    expect(() =>
      assertAdvertInput({ ...input, check: { question: "Q?", answer: "Red", wrongAnswers: ["A", "B", "C"] } }),
    ).not.toThrow();
  });
});
