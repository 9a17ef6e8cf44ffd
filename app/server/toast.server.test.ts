import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import type { Toast } from "~/lib/toast";
import { createToastCookie } from "./toast.server";

const SECRET = "a-test-secret-of-some-length-0123456789";
const toast: Toast = {
  id: "t1",
  type: "success",
  title: "Reward Earned!",
  description: "You earned ₦25.00 — well done",
};
const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;

describe("the toast cookie", () => {
  const cookie = createToastCookie(SECRET, { secure: false });

  it("round-trips a toast, non-ASCII text included", () => {
    expect(cookie.parse(cookieHeader(cookie.serialize(toast)))).toEqual(toast);
  });

  it("writes exactly what React Router's createCookie with the same secret writes, and reads it", async () => {
    const reactRouter = createCookie("adnaira_toast", { secrets: [SECRET], httpOnly: true, maxAge: 60 });
    const ours = cookie.serialize(toast);
    expect(cookieHeader(ours)).toBe(cookieHeader(await reactRouter.serialize(toast)));
    expect(await reactRouter.parse(cookieHeader(ours))).toEqual(toast);
  });

  it("is HttpOnly, SameSite=Lax, path /, one minute; Secure when asked", () => {
    const attributes = cookie.serialize(toast).split("; ").slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=60", "Path=/", "HttpOnly", "SameSite=Lax"]));
    expect(attributes).not.toContain("Secure");
    expect(createToastCookie(SECRET, { secure: true }).serialize(toast)).toContain("; Secure");
  });

  it("refuses a tampered, unsigned or differently signed value", () => {
    const value = decodeURIComponent(cookieHeader(cookie.serialize(toast)).slice("adnaira_toast=".length));
    const [data, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const forged = Buffer.from(JSON.stringify({ ...toast, title: "Send us your PIN" })).toString("base64");
    const header = (v: string) => `adnaira_toast=${encodeURIComponent(v)}`;
    expect(cookie.parse(header(`${forged}.${signature}`))).toBeNull();
    expect(cookie.parse(header(data))).toBeNull();
    expect(createToastCookie("another-secret", { secure: false }).parse(header(value))).toBeNull();
  });

  it("reads nothing from a missing or malformed header, and clears with Max-Age=0", () => {
    expect(cookie.parse(null)).toBeNull();
    expect(cookie.parse("other=1")).toBeNull();
    expect(cookie.parse("adnaira_toast=")).toBeNull();
    expect(cookie.clear()).toMatch(/^adnaira_toast=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
