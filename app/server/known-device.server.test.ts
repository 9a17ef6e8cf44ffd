import { parseCookie, parseSetCookie } from "cookie";
import { sign } from "cookie-signature";
import { describe, expect, it } from "vitest";
import {
  createKnownDeviceCookie,
  KNOWN_DEVICE_MAX_ACCOUNTS,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  type KnownDeviceAccount,
} from "./known-device.server";

const SECRET = "server-cookie-secret-for-tests-0123456789ab";
const cookie = createKnownDeviceCookie(SECRET, { secure: false });

const ada: KnownDeviceAccount = { id: "ada_id_0000000000000A", passwordHash: "$argon2id$v=19$ada-hash" };
const bayo: KnownDeviceAccount = { id: "bayo_id_000000000000B", passwordHash: "$argon2id$v=19$bayo-hash" };

const NOW = new Date("2031-03-01T12:00:00Z");
const daysLater = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000);

/** The Cookie header a browser sends back after receiving this Set-Cookie header. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;
const valueOf = (header: string) => parseCookie(header)["adnaira_device"]!;
const withValue = (value: string) => `adnaira_device=${encodeURIComponent(value)}`;

describe("known-device cookie", () => {
  it("recognizes the browser for the account it signed in to, and for no other", () => {
    const header = sentBack(cookie.remember(null, ada, NOW));
    expect(cookie.present(header)).toBe(true);
    expect(cookie.recognizes(header, ada, NOW)).toBe(true);
    expect(cookie.recognizes(header, bayo, NOW)).toBe(false);
    // Bayo's hash with Ada's id is still not Ada as she is.
    expect(cookie.recognizes(header, { id: ada.id, passwordHash: bayo.passwordHash }, NOW)).toBe(false);
  });

  it("stops counting once the account's password hash changes (a password change or reset)", () => {
    const header = sentBack(cookie.remember(null, ada, NOW));
    expect(cookie.recognizes(header, { ...ada, passwordHash: "$argon2id$v=19$new-hash" }, NOW)).toBe(false);
  });

  it("expires a year after it was issued; signing in again renews it", () => {
    const header = sentBack(cookie.remember(null, ada, NOW));
    expect(cookie.recognizes(header, ada, daysLater(364))).toBe(true);
    expect(cookie.recognizes(header, ada, daysLater(366))).toBe(false);
    const renewed = sentBack(cookie.remember(header, ada, daysLater(300)));
    expect(cookie.recognizes(renewed, ada, daysLater(366))).toBe(true);
  });

  it("refuses a tampered entry, one signed with another secret, and garbage", () => {
    const value = valueOf(sentBack(cookie.remember(null, ada, NOW)));
    const lastChar = value.at(-1) === "A" ? "B" : "A";
    const tampered = [
      value.slice(0, -1) + lastChar, // signature changed
      value.replace(/\.(\d+)\./, (_m, issued: string) => `.${Number(issued) + 1}.`), // issue time moved
      value.replace(ada.id, bayo.id), // another account's id
      sign(`${ada.id}.${Math.floor(NOW.getTime() / 1000)}`, `known-device:another-secret:${ada.passwordHash}`),
      sign(`${ada.id}.${Math.floor(NOW.getTime() / 1000)}`, SECRET), // the server secret without the account's hash
      `${ada.id}.${Math.floor(NOW.getTime() / 1000)}`, // no signature at all
      "not-a-device-cookie",
      "~~~",
    ];
    for (const forged of tampered) {
      expect(cookie.recognizes(withValue(forged), ada, NOW), forged).toBe(false);
    }
    expect(cookie.recognizes(null, ada, NOW)).toBe(false);
    expect(cookie.present("adnaira_session=abc")).toBe(false);
    // Someone else's secret does not verify ours, and ours does not verify theirs.
    const otherServer = createKnownDeviceCookie("another-server-secret-0123456789abcdefghij", { secure: false });
    expect(otherServer.recognizes(withValue(value), ada, NOW)).toBe(false);
  });

  it("holds several accounts of one shared phone, newest first, and at most five", () => {
    const accounts = Array.from({ length: KNOWN_DEVICE_MAX_ACCOUNTS + 2 }, (_, i) => ({
      id: `member_${String(i).padStart(13, "0")}`,
      passwordHash: `$argon2id$v=19$hash-${i}`,
    }));
    let header: string | null = null;
    for (const account of accounts) header = sentBack(cookie.remember(header, account, NOW));
    const kept = accounts.filter((account) => cookie.recognizes(header, account, NOW));
    expect(kept).toEqual(accounts.slice(-KNOWN_DEVICE_MAX_ACCOUNTS));
    expect(header!.length).toBeLessThan(1024);

    // Signing in again to a remembered account moves it first, without a second entry.
    const again = sentBack(cookie.remember(header, accounts[3]!, NOW));
    expect(valueOf(again).split("~")).toHaveLength(KNOWN_DEVICE_MAX_ACCOUNTS);
    expect(valueOf(again).startsWith(`${accounts[3]!.id}.`)).toBe(true);
    expect(accounts.slice(-KNOWN_DEVICE_MAX_ACCOUNTS).every((account) => cookie.recognizes(again, account, NOW))).toBe(
      true,
    );
  });

  it("is HttpOnly, SameSite=Lax, long-lived, and Secure with the __Host- prefix over https", () => {
    const plain = parseSetCookie(cookie.remember(null, ada, NOW));
    expect(plain).toMatchObject({
      name: "adnaira_device",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
    });
    expect(plain.secure).toBeFalsy();
    const secure = parseSetCookie(createKnownDeviceCookie(SECRET, { secure: true }).remember(null, ada, NOW));
    expect(secure).toMatchObject({ name: "__Host-adnaira_device", httpOnly: true, secure: true, sameSite: "lax" });
  });
});
