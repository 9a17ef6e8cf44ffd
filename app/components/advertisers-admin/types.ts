import type { AdvertiserStatus } from "~/domain/advertisers/validation";

/** An advertiser as the admin's list shows it (figures and dates formatted on the server). */
export type AdvertiserRowView = {
  id: string;
  displayId: string;
  businessName: string;
  name: string;
  email: string;
  emailConfirmed: boolean;
  phone: string;
  status: AdvertiserStatus;
  rejectionReason: string | null;
  /** Restricted by an admin: cannot sign in. */
  isRestricted: boolean;
  joined: string;
  balance: string;
};
