import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, koboToPlainNaira } from "./csv";

describe("koboToPlainNaira", () => {
  it.each([
    [0n, "0.00"],
    [1n, "0.01"],
    [1_960n, "19.60"],
    [123_456_789n, "1234567.89"],
    [100_000_000_000_000n, "1000000000000.00"],
  ])("is naira with two decimals, no sign, no grouping: %s kobo", (kobo, text) => {
    expect(koboToPlainNaira(kobo)).toBe(text);
  });

  it("refuses negative amounts (a payout is never negative)", () => {
    expect(() => koboToPlainNaira(-1n)).toThrow(RangeError);
  });
});

describe("csvCell (RFC 4180 + formula neutralising)", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Adaeze Okafor")).toBe("Adaeze Okafor");
    expect(csvCell("0123456789")).toBe("0123456789");
    expect(csvCell("19.60")).toBe("19.60");
    expect(csvCell("")).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("Okafor, Adaeze")).toBe('"Okafor, Adaeze"');
    expect(csvCell('Ada "Ada" Eze')).toBe('"Ada ""Ada"" Eze"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("carriage\rreturn")).toBe('"carriage\rreturn"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'],
    ["+2348012345678", "'+2348012345678"],
    ["-1+1", "'-1+1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["＝1+1", "'＝1+1"],
  ])("neutralises a cell starting like a formula: %j", (value, neutralised) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    expect(unquoted).toBe(neutralised);
  });

  it("quotes a neutralised cell when it also needs quoting", () => {
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("never lets a cell start with a formula character or break out of its field", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        const cell = csvCell(value);
        const body = cell.startsWith('"') ? cell.slice(1, -1) : cell;
        expect(/^[=+\-@\t\r＝＋－＠]/.test(body)).toBe(false);
        if (!cell.startsWith('"')) expect(/[",\r\n]/.test(cell)).toBe(false);
        else expect(body.replaceAll('""', "").includes('"')).toBe(false);
      }),
    );
  });
});
