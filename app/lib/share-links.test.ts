import { describe, expect, it } from "vitest";
import { shareLinks, shareMessage } from "./share-links";

const LINK = "https://adnaira.example.ng/register?ref=AB12CD34EF";

/** The query parameters of a share address, decoded. */
const params = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe("shareLinks", () => {
  it("names the app in a short message", () => {
    expect(shareMessage("NairaAds")).toBe("Join me on NairaAds and earn naira by viewing adverts:");
  });

  it("builds each network's share address with the message and the link", () => {
    const links = shareLinks(LINK, "AdNaira");
    const message = "Join me on AdNaira and earn naira by viewing adverts:";
    expect(links.map((l) => [l.network, l.label])).toEqual([
      ["whatsapp", "Share on WhatsApp"],
      ["telegram", "Share on Telegram"],
      ["x", "Share on X"],
      ["facebook", "Share on Facebook"],
    ]);
    const [whatsapp, telegram, x, facebook] = links.map((l) => l.href);
    expect(whatsapp!.startsWith("https://wa.me/?text=")).toBe(true);
    expect(params(whatsapp!)).toEqual({ text: `${message} ${LINK}` });
    expect(telegram!.startsWith("https://t.me/share/url?")).toBe(true);
    expect(params(telegram!)).toEqual({ url: LINK, text: message });
    expect(x!.startsWith("https://x.com/intent/post?")).toBe(true);
    expect(params(x!)).toEqual({ text: message, url: LINK });
    expect(facebook!.startsWith("https://www.facebook.com/sharer/sharer.php?")).toBe(true);
    expect(params(facebook!)).toEqual({ u: LINK });
  });

  it("encodes the link so its own query cannot spill into the share address", () => {
    const [whatsapp, telegram] = shareLinks(`${LINK}&x=1#top`, "Ad & Naira").map((l) => l.href);
    expect(whatsapp).not.toContain("?ref=");
    expect(telegram).toContain(`url=${encodeURIComponent(`${LINK}&x=1#top`)}`);
    expect(params(telegram!).text).toBe("Join me on Ad & Naira and earn naira by viewing adverts:");
  });
});
