import { z } from "zod";
import type { StatusBadges } from "~/domain/shared/status-badges";
import { email, isOneLine, memberName, namesThePlatform, newPassword } from "~/domain/accounts/validation";
import { normalizeNigerianPhone } from "~/domain/shared/nigerian-phone";

export { normalizeNigerianPhone };

/** Form schemas and limits for advertisers (no server-only imports: pages use them for hints). */

export const ADVERTISER_STATUSES = ["pending", "approved", "rejected"] as const;
export type AdvertiserStatus = (typeof ADVERTISER_STATUSES)[number];

/** How an advertiser account's status reads, and its badge's colour, wherever it is shown. */
export const ADVERTISER_STATUS_BADGES = {
  pending: { label: "Pending", tone: "yellow" },
  approved: { label: "Approved", tone: "green" },
  rejected: { label: "Rejected", tone: "red" },
} as const satisfies StatusBadges<AdvertiserStatus>;

export const BUSINESS_NAME_MAX = 120;
export const REJECTION_REASON_MAX = 500;

export const PHONE_MESSAGE = "Enter a Nigerian phone number: 11 digits starting with 0, or +234 and 10 digits";

export const BUSINESS_NAME_PLATFORM_MESSAGE = 'Business name cannot include "AdNaira": it is the platform\'s own name';

/**
 * A business's name. "Support", "Staff" or "Admin" are ordinary words in a business's name
 * ("Staffing Solutions", "Admin Support Services Ltd") and only the platform's own name is
 * refused; the contact's name follows the members' rule.
 */
const businessName = z
  .string({ error: "Business name is required" })
  .trim()
  .min(1, "Business name is required")
  .max(BUSINESS_NAME_MAX, `Business name must be at most ${BUSINESS_NAME_MAX} characters`)
  .refine(isOneLine, "Business name must be on one line, without line breaks or invisible characters")
  .refine((name) => !namesThePlatform(name), BUSINESS_NAME_PLATFORM_MESSAGE);

const phone = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .max(32, PHONE_MESSAGE)
  .transform((typed, ctx) => {
    const normalized = normalizeNigerianPhone(typed);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** The /advertise form. The password rules are the member registration's. */
export const AdvertiserRegisterSchema = z.object({
  businessName,
  name: memberName("Contact name is required"),
  email,
  phone,
  password: newPassword,
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
});

export const REJECTION_REASON_REQUIRED = "Please give a reason for the rejection";

/** An admin's reason for rejecting a business: shown to it and mailed to it. */
export const rejectionReason = z
  .string({ error: REJECTION_REASON_REQUIRED })
  .trim()
  .min(1, REJECTION_REASON_REQUIRED)
  .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`);
