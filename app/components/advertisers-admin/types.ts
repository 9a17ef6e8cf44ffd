import type { AdvertiserStatus } from "~/domain/advertisers/validation";
import type { CampaignStatus } from "~/domain/campaigns/rules";

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

/** The campaign a payment reference names, for the Confirm a payment card. */
export type PaymentLookupView = {
  reference: string;
  campaign: {
    reference: string;
    title: string;
    businessName: string;
    advertiserDisplayId: string;
    budget: string;
    status: CampaignStatus;
    /** What confirming would do: fund the campaign, credit the advertiser's balance, or nothing. */
    confirms: "campaign" | "balance" | null;
  } | null;
};
