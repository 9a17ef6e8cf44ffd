import { z } from "zod";

/** Form schemas shared by route actions (parsing) and pages (hints). No server-only imports. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const RegisterSchema = z.object({
  name: z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(100, "Name is too long"),
  email,
  password: newPassword,
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  referralCode: z
    .string()
    .trim()
    .max(32, "Referral code not found")
    .transform((v) => v.toUpperCase())
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX * 4),
});

export const EmailOnlySchema = z.object({ email });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
  confirmPassword: z.string().min(1, "Please confirm your password"),
});

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(PASSWORD_MAX * 4),
  newPassword,
  confirmPassword: z.string().min(1, "Please confirm your new password"),
});

export const TokenSchema = z.object({ token: z.string().min(1).max(200) });

/** Field errors keyed by form field name, first message only. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

export const ProfileNameSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long"),
});

export const CreateAdminSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name is too long"),
  email,
  password: newPassword,
});
