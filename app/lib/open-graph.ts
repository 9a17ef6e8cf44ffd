// Open Graph and Twitter card tags: what a link to the page shows when shared on WhatsApp,
// Facebook, X or Telegram. Crawlers need absolute addresses, so every URL is built on the
// site's public origin (APP_URL).

/** The share image under public/: 1200 × 630, made by scripts/share-image/make.js. */
export const SHARE_IMAGE = { path: "/share-image.png", width: 1200, height: 630 } as const;

export type OpenGraphPage = {
  appName: string;
  /** The site's public origin, e.g. "https://adnaira.ng". */
  origin: string;
  /** The page's path and query, e.g. "/register?ref=AB12CD34EF". */
  path: string;
  title: string;
  description: string;
};

/** One <meta> per tag, as React Router's `meta` export takes them. */
export function openGraphTags(page: OpenGraphPage) {
  const url = new URL(page.path, page.origin).href;
  const image = new URL(SHARE_IMAGE.path, page.origin).href;
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: page.appName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: `${page.appName}: earn naira by viewing adverts` },
    { property: "og:locale", content: "en_NG" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}

/** A referral code as the register page's address may carry it: letters and digits only, else none. */
export function referralCodeForLink(code: string): string | null {
  return /^[A-Z0-9]{1,32}$/.test(code) ? code : null;
}
