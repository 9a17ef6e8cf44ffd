import { z } from "zod";

/** A logo is a path on this site ("/logo.svg") or an https:// image address; nothing else. */
export const LogoUrlSchema = z
  .string()
  .trim()
  .min(1, "Logo URL is required")
  .max(500, "Logo URL is too long")
  .refine(
    (value) => {
      if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
      try {
        const url = new URL(value);
        return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: "Enter a path starting with / (such as /logo.svg) or an https:// image address" },
  );

export const BrandingSchema = z.object({
  appName: z.string().trim().min(1, "Application name is required").max(60, "Application name is too long"),
  logoUrl: LogoUrlSchema,
});
