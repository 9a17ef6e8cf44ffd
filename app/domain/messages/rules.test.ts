import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, MESSAGE_FIELD_TEXTS, SendMessageSchema } from "./rules";

const parse = (values: Record<string, string>) => SendMessageSchema.safeParse(values);
const firstMessage = (values: Record<string, string>) => {
  const r = parse(values);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("SendMessageSchema", () => {
  it("upper-cases and trims the ID, trims the message and keeps its line breaks", () => {
    expect(parse({ recipientId: "  u7kq2m9xd ", content: "\r\n  Hi\r\n\r\nthere  \n" })).toMatchObject({
      success: true,
      data: { recipientId: "U7KQ2M9XD", content: "Hi\n\nthere" },
    });
  });

  it("refuses blanks, NUL and over 2,000 characters (counted as characters)", () => {
    expect(firstMessage({ recipientId: " ", content: "x" })).toBe(MESSAGE_FIELD_TEXTS.recipientBlank);
    expect(firstMessage({ recipientId: "U1", content: " \n " })).toBe(MESSAGE_FIELD_TEXTS.contentBlank);
    expect(firstMessage({ recipientId: "U1", content: "a\0b" })).toBe(MESSAGE_FIELD_TEXTS.contentNul);
    expect(firstMessage({ recipientId: "U1", content: "x".repeat(2001) })).toBe(MESSAGE_FIELD_TEXTS.contentTooLong);
    expect(parse({ recipientId: "U1", content: "x".repeat(2000) }).success).toBe(true);
    // 2,000 emoji are 4,000 UTF-16 units but 2,000 characters.
    expect(parse({ recipientId: "U1", content: "😀".repeat(2000) }).success).toBe(true);
  });
});

describe("cursor", () => {
  it("round-trips and refuses anything malformed", () => {
    const cursor = { micros: 1764117000123456n, id: "V1StGXR8_Z5jdHi6B-myT" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ["", "abc", "12.", ".id", "1.2.3", "12.a b", "1".repeat(19) + ".x", "12.x\0"]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });
});
