// Share links for a member's referral link: plain addresses that open each network's own share
// page, so they work before (or without) JavaScript.

export type ShareNetwork = "whatsapp" | "telegram" | "x" | "facebook";

export type ShareLink = {
  network: ShareNetwork;
  /** The link's accessible name: "Share on WhatsApp". */
  label: string;
  /** The text the link shows. */
  text: string;
  href: string;
};

/** The message shared with the link: short, and naming the app. */
export function shareMessage(appName: string): string {
  return `Join me on ${appName} and earn naira by viewing adverts:`;
}

/**
 * The share pages of WhatsApp, Telegram, X and Facebook for `link`, with the app's message.
 * WhatsApp takes one text (message and link together); Telegram and X take the link and the
 * text apart; Facebook takes only the link (it reads the page's Open Graph tags for the rest).
 */
export function shareLinks(link: string, appName: string): ShareLink[] {
  const message = shareMessage(appName);
  const q = encodeURIComponent;
  return [
    {
      network: "whatsapp",
      label: "Share on WhatsApp",
      text: "WhatsApp",
      href: `https://wa.me/?text=${q(`${message} ${link}`)}`,
    },
    {
      network: "telegram",
      label: "Share on Telegram",
      text: "Telegram",
      href: `https://t.me/share/url?url=${q(link)}&text=${q(message)}`,
    },
    {
      network: "x",
      label: "Share on X",
      text: "X",
      href: `https://x.com/intent/post?text=${q(message)}&url=${q(link)}`,
    },
    {
      network: "facebook",
      label: "Share on Facebook",
      text: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${q(link)}`,
    },
  ];
}
