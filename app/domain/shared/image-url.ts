/**
 * Image addresses that admins type (the logo, advert images) and every visitor's browser then
 * loads. A browser loads an <img> with a GET carrying the visitor's cookies (SameSite=Lax lets
 * them through to the same site), so an image address that is one of the app's own routes
 * makes every visitor request that route signed in: one admin could make others act without
 * knowing. Accepted here, and nothing else:
 *   - an `https://` address on a host other than APP_URL's (a CDN, the brand's own site);
 *   - with `allowAppAssets`, a path to one of the app's own static image files: a top-level file
 *     (`/logo.svg`, public/) or one under `/assets/` (the build's), ending in an image extension;
 *   - with `allowUploads`, an uploaded image's address, `/images/<64 hex>` (a GET that only reads
 *     a stored picture: docs/decisions/024-advert-image-uploads.md).
 * Never a route of the app (`/admin/…`, `https://<APP_URL host>/…`), `//host`, `javascript:`,
 * `data:`, relative paths, credentials, whitespace or control characters.
 *
 * Checked on save (a clear field error) and again on render (a value stored before this rule,
 * or written some other way, shows the default logo or no image): see `displayImageUrl`.
 * Pure: the settings page's live preview uses it in the browser too.
 */

export const IMAGE_URL_MAX_LENGTH = 500;

export type ImageUrlRules = {
  /** The app's public origin (APP_URL): images there are refused. */
  appOrigin: string | URL;
  /** Allow paths to the app's own static image files (`/logo.svg`, `/assets/…`). */
  allowAppAssets: boolean;
  /** Allow an uploaded image's address (`/images/<sha-256>`). */
  allowUploads?: boolean;
};

/** Where an uploaded image is served: `/images/<sha-256 of its stored bytes>`. */
export const UPLOADED_IMAGE_PATH = /^\/images\/[0-9a-f]{64}$/;

export const isUploadedImagePath = (value: string) => UPLOADED_IMAGE_PATH.test(value);

const IMAGE_EXTENSION = "(?:svg|png|jpe?g|gif|webp|avif|ico)";
/** Path segments start with a letter, digit, `_` or `-` (so never `.` or `..`); no `%`, `?` or `#`. */
const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]*";
const APP_ASSET_PATH = new RegExp(`^/(?:assets/(?:${SEGMENT}/)*)?${SEGMENT}\\.${IMAGE_EXTENSION}$`);

const hasControlCharacter = (value: string) =>
  [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const hostOf = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "");

/** Whether `value` (already trimmed) is an acceptable image address under `rules`. */
export function isAcceptableImageUrl(value: string, rules: ImageUrlRules): boolean {
  // No whitespace, control characters or backslashes anywhere (browsers strip or rewrite them).
  if (value.length === 0 || value.length > IMAGE_URL_MAX_LENGTH || /[\s\\]/.test(value) || hasControlCharacter(value))
    return false;
  if (value.startsWith("/")) {
    return Boolean(
      (rules.allowUploads && isUploadedImagePath(value)) || (rules.allowAppAssets && APP_ASSET_PATH.test(value)),
    );
  }
  // The scheme in lower case, as the adverts table's CHECK reads it.
  if (!value.startsWith("https://")) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.hostname.length === 0 || url.username || url.password) return false;
  const app = typeof rules.appOrigin === "string" ? new URL(rules.appOrigin) : rules.appOrigin;
  return hostOf(url.hostname) !== hostOf(app.hostname);
}

/** The address to render, or `fallback` when it is missing or not acceptable (see the module comment). */
export function displayImageUrl<F extends string | null>(
  value: string | null | undefined,
  rules: ImageUrlRules,
  fallback: F,
): string | F {
  return value && isAcceptableImageUrl(value, rules) ? value : fallback;
}
