import { describe, expect, it } from "vitest";
import { brandingSchema, LOGO_URL_MESSAGE as LOGO_MESSAGE, logoUrlSchema } from "./validation";

const APP_URL = new URL("https://adnaira.ng");
const LogoUrlSchema = logoUrlSchema(APP_URL);
const BrandingSchema = brandingSchema(APP_URL);

describe("LogoUrlSchema", () => {
  it.each([
    "/logo.svg",
    "/assets/brand-Dx8f2.png",
    "https://cdn.example.com/logo.png",
    "https://cdn.example.com:8443/brand/logo.webp?v=2",
  ])("accepts %s", (value) => {
    expect(LogoUrlSchema.safeParse(value)).toEqual({ success: true, data: value });
  });

  it("trims surrounding spaces", () => {
    expect(LogoUrlSchema.parse("  /logo.svg \n")).toBe("/logo.svg");
    expect(LogoUrlSchema.parse(" https://cdn.example.com/logo.png ")).toBe("https://cdn.example.com/logo.png");
  });

  it.each([
    ["plain http", "http://cdn.example.com/logo.png"],
    ["javascript", "javascript:alert(1)"],
    ["javascript, mixed case", "JavaScript:alert(document.cookie)"],
    [
      "data URL",
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    ],
    ["data SVG", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["protocol-relative", "//evil.example/x.png"],
    ["protocol-relative with backslash", "/\\evil.example/x.png"],
    ["ftp", "ftp://files.example.com/logo.png"],
    ["file", "file:///etc/passwd"],
    ["vbscript", "vbscript:msgbox(1)"],
    ["bare file name", "logo.png"],
    ["relative path", "img/logo.png"],
    ["credentials", "https://user:pass@cdn.example.com/x.png"],
    ["user name only", "https://user@cdn.example.com/x.png"],
    ["https without a host", "https://"],
    ["path with a space", "/my logo.png"],
    ["an app route", "/admin/withdrawals/export.csv"],
    ["a path that is no image", "/img/brand.png"],
    ["an app route on the app's origin", "https://adnaira.ng/admin/withdrawals/export.csv"],
    ["upper-case scheme", "HTTPS://CDN.EXAMPLE.COM/logo.png"],
  ])("refuses %s", (_label, value) => {
    const result = LogoUrlSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(LOGO_MESSAGE);
  });

  it("refuses empty and blank values as required", () => {
    for (const value of ["", "   "]) {
      const result = LogoUrlSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain("Logo URL is required");
    }
  });

  it("accepts 500 characters and refuses 501", () => {
    const ok = "https://cdn.example.com/" + "a".repeat(500 - "https://cdn.example.com/".length);
    expect(ok).toHaveLength(500);
    expect(LogoUrlSchema.safeParse(ok).success).toBe(true);
    const path = "/assets/" + "a".repeat(500 - "/assets/.png".length) + ".png";
    expect(path).toHaveLength(500);
    expect(LogoUrlSchema.safeParse(path).success).toBe(true);

    const tooLong = ok + "b";
    const result = LogoUrlSchema.safeParse(tooLong);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("Logo URL is too long");
    expect(LogoUrlSchema.safeParse(path.replace("/assets/", "/assets/b")).success).toBe(false);
  });

  it("refuses non-strings", () => {
    for (const value of [undefined, null, 42, { href: "/logo.svg" }]) {
      expect(LogoUrlSchema.safeParse(value).success).toBe(false);
    }
  });
});

describe("BrandingSchema", () => {
  it("accepts a name and a logo, trimmed", () => {
    expect(BrandingSchema.parse({ appName: "  AdNaira  ", logoUrl: " /logo.svg " })).toEqual({
      appName: "AdNaira",
      logoUrl: "/logo.svg",
    });
  });

  it("requires the application name", () => {
    for (const appName of ["", "   ", undefined]) {
      const result = BrandingSchema.safeParse({ appName, logoUrl: "/logo.svg" });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["appName"]);
    }
    const blank = BrandingSchema.safeParse({ appName: " ", logoUrl: "/logo.svg" });
    expect(blank.error?.issues[0]?.message).toBe("Application name is required");
  });

  it("allows 60 characters of name and refuses 61", () => {
    expect(BrandingSchema.safeParse({ appName: "N".repeat(60), logoUrl: "/logo.svg" }).success).toBe(true);
    // Surrounding spaces do not count.
    expect(BrandingSchema.safeParse({ appName: ` ${"N".repeat(60)} `, logoUrl: "/logo.svg" }).success).toBe(true);
    const result = BrandingSchema.safeParse({ appName: "N".repeat(61), logoUrl: "/logo.svg" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["appName"], message: "Application name is too long" });
  });

  it("reports a bad logo on the logoUrl field", () => {
    const result = BrandingSchema.safeParse({ appName: "AdNaira", logoUrl: "javascript:alert(1)" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ path: ["logoUrl"], message: LOGO_MESSAGE });
    expect(BrandingSchema.safeParse({ appName: "AdNaira" }).success).toBe(false);
  });
});
