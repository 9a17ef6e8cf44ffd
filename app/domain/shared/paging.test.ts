import { describe, expect, it } from "vitest";
import { likeEscape, listHref, pageParam, pageWindow } from "./paging";

describe("pageParam", () => {
  it("reads ?page= as a whole number from 1, anything else as page 1", () => {
    expect(pageParam.parse("3")).toBe(3);
    for (const junk of [undefined, "", "0", "-4", "2.5", "abc", "100001"])
      expect(pageParam.parse(junk), String(junk)).toBe(1);
  });
});

describe("pageWindow", () => {
  it("clamps the page asked for to 1…pageCount, an empty list being one empty page", () => {
    expect(pageWindow(7, 2, 3)).toEqual({ page: 2, pageCount: 3, total: 7, offset: 3, limit: 3 });
    expect(pageWindow(7, 99, 3)).toMatchObject({ page: 3, offset: 6 });
    expect(pageWindow(7, 0, 3)).toMatchObject({ page: 1, offset: 0 });
    expect(pageWindow(7, undefined, 3)).toMatchObject({ page: 1 });
    expect(pageWindow(7, Number.NaN, 3)).toMatchObject({ page: 1 });
    expect(pageWindow(0, 5, 50)).toEqual({ page: 1, pageCount: 1, total: 0, offset: 0, limit: 50 });
    expect(pageWindow(100, 2, 50)).toMatchObject({ page: 2, pageCount: 2 });
  });
});

describe("likeEscape", () => {
  it("takes LIKE wildcards and the escape character literally", () => {
    expect(likeEscape("50%_off\\")).toBe("50\\%\\_off\\\\");
    expect(likeEscape("Ada")).toBe("Ada");
  });
});

describe("listHref", () => {
  it("keeps the parameters that are set, leaves out empty ones and page 1", () => {
    expect(listHref({ q: "ada obi", filter: "pending", page: 2 })).toBe("?q=ada+obi&filter=pending&page=2");
    expect(listHref({ q: "", filter: undefined, page: 1 })).toBe(".");
    expect(listHref({ page: 2 }, "/admin/adverts")).toBe("/admin/adverts?page=2");
    expect(listHref({ page: 1 }, "/admin/adverts")).toBe("/admin/adverts");
  });
});
