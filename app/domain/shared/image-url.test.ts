import { describe, expect, it } from "vitest";
import { displayImageUrl, IMAGE_URL_MAX_LENGTH, isAcceptableImageUrl, type ImageUrlRules } from "./image-url";

const APP = "https://adnaira.ng";
const logo: ImageUrlRules = { appOrigin: APP, allowAppAssets: true };
const advert: ImageUrlRules = { appOrigin: new URL(APP), allowAppAssets: false, allowUploads: true };
const UPLOADED = `/images/${"ab12".repeat(16)}`;

describe("isAcceptableImageUrl", () => {
  it.each([
    "https://cdn.example.com/logo.png",
    "https://cdn.example.com:8443/brand/logo.webp?v=2#x",
    "https://images.adnaira-cdn.ng/a.svg",
    "https://adnaira.ng.evil.example/logo.png", // another host, however it is named
    "https://sub.adnaira.ng/logo.png", // another origin (a CDN on a subdomain)
  ])("accepts the https image %s on another host, for logos and adverts", (value) => {
    expect(isAcceptableImageUrl(value, logo)).toBe(true);
    expect(isAcceptableImageUrl(value, advert)).toBe(true);
  });

  it.each(["/logo.svg", "/favicon.ico", "/assets/logo-Dx8f2.png", "/assets/brand/mark.v2.webp"])(
    "accepts the app's own static image %s where paths are allowed (logos), not for adverts",
    (value) => {
      expect(isAcceptableImageUrl(value, logo)).toBe(true);
      expect(isAcceptableImageUrl(value, advert)).toBe(false);
    },
  );

  it("accepts an uploaded image's address where uploads are allowed (adverts), not for logos", () => {
    expect(isAcceptableImageUrl(UPLOADED, advert)).toBe(true);
    expect(isAcceptableImageUrl(UPLOADED, logo)).toBe(false);
    for (const near of [
      `${UPLOADED}0`,
      UPLOADED.toUpperCase(),
      `${UPLOADED}.png`,
      `${UPLOADED}?x`,
      "/images/abc",
      `/images/../${"a".repeat(64)}`,
    ]) {
      expect(isAcceptableImageUrl(near, advert)).toBe(false);
    }
  });

  it.each([
    ["the payout export", "/admin/withdrawals/export.csv"],
    ["an app page", "/admin/withdrawals"],
    ["the logout route", "/logout"],
    ["the claim route", "/adverts/abc/claim"],
    ["the root", "/"],
    ["an image name with a query", "/logo.svg?batch=PB23456789"],
    ["an image name with a fragment", "/logo.svg#x"],
    ["a dot segment out of the assets", "/assets/../admin/withdrawals/export.csv"],
    ["an encoded dot segment", "/assets/%2e%2e/admin.png"],
    ["a hidden file", "/.env.png"],
    ["an image name in a route's folder", "/admin/logo.png"],
    ["another case than the files' (not served as a file)", "/ASSETS/LOGO.PNG"],
    ["a data request", "/admin/withdrawals.data"],
    ["protocol-relative", "//evil.example/x.png"],
    ["protocol-relative with a backslash", "/\\evil.example/x.png"],
    ["the app's origin", "https://adnaira.ng/admin/withdrawals/export.csv"],
    ["the app's origin, its logo", "https://adnaira.ng/logo.svg"],
    ["the app's host in capitals", "https://ADNAIRA.NG/logo.svg"],
    ["the app's host with a trailing dot", "https://adnaira.ng./logo.svg"],
    ["the app's host on another port", "https://adnaira.ng:8443/logo.svg"],
    ["plain http", "http://cdn.example.com/logo.png"],
    ["upper-case scheme", "HTTPS://cdn.example.com/logo.png"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["data, base64", "data:image/png;base64,iVBORw0KGgo="],
    ["blob", "blob:https://adnaira.ng/1234"],
    ["file", "file:///etc/passwd"],
    ["relative", "logo.png"],
    ["relative with a dot", "./logo.png"],
    ["relative parent", "../admin/withdrawals/export.csv"],
    ["credentials", "https://user:pass@cdn.example.com/x.png"],
    ["a user name", "https://user@cdn.example.com/x.png"],
    ["no host", "https://"],
    ["a space", "https://cdn.example.com/my logo.png"],
    ["a tab inside the scheme", "ht\ttps://cdn.example.com/x.png"],
    ["a newline", "https://cdn.example.com/x.png\n"],
    ["a control character", "https://cdn.example.com/x\u0000.png"],
    ["empty", ""],
  ])("refuses %s (%s)", (_label, value) => {
    expect(isAcceptableImageUrl(value, logo)).toBe(false);
    expect(isAcceptableImageUrl(value, advert)).toBe(false);
  });

  it("refuses images on the app's host, whatever APP_URL's scheme and port", () => {
    const dev: ImageUrlRules = { appOrigin: "http://localhost:3000", allowAppAssets: true };
    expect(isAcceptableImageUrl("https://localhost/admin/withdrawals/export.csv", dev)).toBe(false);
    expect(isAcceptableImageUrl("https://localhost:3000/logo.svg", dev)).toBe(false);
    expect(isAcceptableImageUrl("https://cdn.example.com/logo.svg", dev)).toBe(true);
    // IPv4 in another notation is the same host once parsed.
    const byIp: ImageUrlRules = { appOrigin: "http://127.0.0.1:3000", allowAppAssets: true };
    expect(isAcceptableImageUrl("https://2130706433/admin/withdrawals/export.csv", byIp)).toBe(false);
    expect(isAcceptableImageUrl("https://0x7f.1/x.png", byIp)).toBe(false);
  });

  it(`accepts ${IMAGE_URL_MAX_LENGTH} characters and refuses one more`, () => {
    const longest =
      "https://cdn.example.com/" + "a".repeat(IMAGE_URL_MAX_LENGTH - "https://cdn.example.com/.png".length) + ".png";
    expect(longest).toHaveLength(IMAGE_URL_MAX_LENGTH);
    expect(isAcceptableImageUrl(longest, logo)).toBe(true);
    expect(isAcceptableImageUrl(longest.replace("/a", "/aa"), logo)).toBe(false);
  });
});

describe("displayImageUrl", () => {
  it("renders an acceptable address as it is", () => {
    expect(displayImageUrl("https://cdn.example.com/logo.png", logo, "/logo.svg")).toBe(
      "https://cdn.example.com/logo.png",
    );
    expect(displayImageUrl("/assets/mark.png", logo, "/logo.svg")).toBe("/assets/mark.png");
  });

  it("renders the fallback for a stored address that is not acceptable, or none", () => {
    for (const stored of [
      "/admin/withdrawals/export.csv",
      "https://adnaira.ng/admin/withdrawals/export.csv",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(displayImageUrl(stored, logo, "/logo.svg")).toBe("/logo.svg");
      expect(displayImageUrl(stored, advert, null)).toBeNull();
    }
  });
});
