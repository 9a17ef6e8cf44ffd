import { z } from "zod";
import { IMAGE_URL_MAX_LENGTH, type ImageUrlRules, isAcceptableImageUrl } from "~/domain/shared/image-url";

export const LOGO_URL_MESSAGE =
  "Enter an https:// image address on another site, or the path of one of this site's images (such as /logo.svg or /assets/…)";

/** The logo: an image of the app's own (`/logo.svg`, `/assets/…`) or an https:// image on another site (app/domain/shared/image-url.ts). */
export const logoUrlRules = (appOrigin: string | URL): ImageUrlRules => ({ appOrigin, allowAppAssets: true });

export function logoUrlSchema(appOrigin: string | URL) {
  const rules = logoUrlRules(appOrigin);
  return z
    .string()
    .trim()
    .min(1, "Logo URL is required")
    .max(IMAGE_URL_MAX_LENGTH, "Logo URL is too long")
    .refine((value) => isAcceptableImageUrl(value, rules), { message: LOGO_URL_MESSAGE });
}

/** The branding form; `appOrigin` is APP_URL's (images there are refused). */
export function brandingSchema(appOrigin: string | URL) {
  return z.object({
    appName: z.string().trim().min(1, "Application name is required").max(60, "Application name is too long"),
    logoUrl: logoUrlSchema(appOrigin),
  });
}
