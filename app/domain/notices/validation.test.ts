import { describe, expect, it } from "vitest";
import { createNoticeSchema, editNoticeSchema, NOTICE_FIELD_MESSAGES as M } from "./validation";

const errorsOf = (values: Record<string, string>) => {
  const parsed = createNoticeSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the notice forms", () => {
  it("trims, keeps line breaks (CRLF as one) and takes an audience", () => {
    expect(createNoticeSchema.parse({ title: "  Hi  ", content: " a\r\nb\n\nc ", audience: "user" })).toEqual({
      title: "Hi",
      content: "a\nb\n\nc",
      audience: "user",
    });
  });

  it("says what is wrong next to each field", () => {
    expect(errorsOf({ title: "   ", content: "\n", audience: "all" })).toEqual({
      title: M.titleBlank,
      content: M.contentBlank,
    });
    expect(errorsOf({ title: "x".repeat(201), content: "y".repeat(5001), audience: "all" })).toEqual({
      title: M.titleLong,
      content: M.contentLong,
    });
    expect(errorsOf({ title: "a\nb", content: "a\u0000b", audience: "everyone" })).toMatchObject({
      title: M.titleControl,
      content: M.contentControl,
      audience: M.audience,
    });
  });

  it("counts characters as the database does (an emoji is one)", () => {
    expect(errorsOf({ title: "😀".repeat(200), content: "😀".repeat(5000), audience: "all" })).toEqual({});
  });

  it("the edit form also needs the notice and the version it was opened with", () => {
    const ok = editNoticeSchema.safeParse({
      title: "t",
      content: "c",
      audience: "all",
      noticeId: "abc",
      updatedAt: "2026-01-02T03:04:05.678Z",
    });
    expect(ok.success && ok.data.updatedAt.getTime()).toBe(Date.parse("2026-01-02T03:04:05.678Z"));
    expect(
      editNoticeSchema.safeParse({ title: "t", content: "c", audience: "all", noticeId: "abc", updatedAt: "soon" })
        .success,
    ).toBe(false);
  });
});
