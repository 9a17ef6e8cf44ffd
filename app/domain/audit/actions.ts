import type { BadgeTone, StatusBadges } from "~/domain/shared/status-badges";

/** Every kind of audited admin action (also the audit page's filter and labels). */
export const AUDIT_ACTIONS = [
  "admin.create",
  "admin.permissions",
  "admin.deactivate",
  /** The super admin removed an admin's second factor (a lost phone): they enrol again at their next sign-in. */
  "admin.reset_second_factor",
  "user.approve",
  "user.restrict",
  "user.unrestrict",
  "settings.update",
  "advert.create",
  "advert.update",
  "advert.delete",
  "bank_details.update",
  /** The member froze their payouts (the link in the bank-details-changed mail; the member is the actor). */
  "payouts.freeze",
  "payouts.release",
  /** Decisions on linked accounts (/admin/risk). */
  "risk.trust",
  "risk.restrict_all",
  "risk.void_rewards",
  "risk.reject_withdrawals",
  "withdrawal.start_processing",
  "withdrawal.reject",
  "withdrawal.complete",
  "withdrawal.export_payouts",
  "withdrawal.reexport_payouts",
  "withdrawal.transfer",
  /** Queued to pay via Paystack by the automatic payout, right after the member's request (the member is the actor). */
  "withdrawal.auto_pay",
  "upgrade.approve",
  "upgrade.reject",
  /** An admin tried to approve the upgrade of a member they referred: refused, nothing changed. */
  "upgrade.approve_refused",
  /** Approved with no admin: the payment provider confirmed the member's online payment (the member is the actor). */
  "upgrade.paid_online",
  "referral_settings.update",
  "referral.release",
  "referral.void",
  /** An admin tried to release a held reward that would pay themselves: refused, nothing changed. */
  "referral.release_refused",
  "membership_prices.update",
  "membership_benefits.update",
  "receiving_account.update",
  "notice.create",
  "notice.update",
  "notice.delete",
  "report.export_daily",
  "advertiser.approve",
  "advertiser.reject",
  "advertiser.restrict",
  "advertiser.unrestrict",
  "campaign.confirm_payment",
  /** Funded with no admin: the payment provider confirmed the advertiser's online payment (the advertiser is the actor). */
  "campaign.paid_online",
  "campaign.activate",
  "campaign.reject",
  /** An entry on /admin/reconciliation marked resolved, with the admin's note. */
  "reconciliation.resolve",
  /** A payment held for an admin refunded through the provider, from /admin/reconciliation. */
  "payment.refund",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * How each action reads in the audit log and a member's history: its words and its badge's tone
 * (the one `{ label, tone }` map beside the vocabulary, as for statuses). A new action in
 * `AUDIT_ACTIONS` must get its row here, or TypeScript refuses the map.
 */
export const AUDIT_ACTION_BADGES: StatusBadges<AuditAction> = {
  "admin.create": { label: "Admin created", tone: "green" },
  "admin.permissions": { label: "Admin permissions changed", tone: "blue" },
  "admin.deactivate": { label: "Admin deactivated", tone: "red" },
  "admin.reset_second_factor": { label: "Admin's two-step verification reset", tone: "yellow" },
  "user.approve": { label: "User approved", tone: "green" },
  "user.restrict": { label: "User restricted", tone: "red" },
  "user.unrestrict": { label: "User unrestricted", tone: "gray" },
  "settings.update": { label: "Settings updated", tone: "blue" },
  "advert.create": { label: "Advert created", tone: "gray" },
  "advert.update": { label: "Advert updated", tone: "gray" },
  "advert.delete": { label: "Advert deleted", tone: "gray" },
  "bank_details.update": { label: "Bank details changed", tone: "gray" },
  "payouts.freeze": { label: "Payouts frozen by the member", tone: "gray" },
  "payouts.release": { label: "Payouts released", tone: "gray" },
  "risk.trust": { label: "Linked accounts trusted", tone: "gray" },
  "risk.restrict_all": { label: "Linked accounts restricted", tone: "gray" },
  "risk.void_rewards": { label: "Linked accounts' held rewards voided", tone: "gray" },
  "risk.reject_withdrawals": { label: "Linked accounts' pending withdrawals rejected", tone: "gray" },
  "withdrawal.start_processing": { label: "Withdrawal processing", tone: "blue" },
  "withdrawal.reject": { label: "Withdrawal rejected", tone: "red" },
  "withdrawal.complete": { label: "Withdrawal completed", tone: "green" },
  "withdrawal.export_payouts": { label: "Payout CSV downloaded", tone: "gray" },
  "withdrawal.reexport_payouts": { label: "Payout CSV downloaded again", tone: "yellow" },
  "withdrawal.transfer": { label: "Withdrawal queued to pay via Paystack", tone: "blue" },
  "withdrawal.auto_pay": { label: "Withdrawal queued to pay via Paystack automatically", tone: "blue" },
  "upgrade.approve": { label: "Upgrade approved", tone: "green" },
  "upgrade.reject": { label: "Upgrade rejected", tone: "red" },
  "upgrade.approve_refused": { label: "Upgrade approval refused: own referral", tone: "yellow" },
  "upgrade.paid_online": { label: "Upgrade paid online (approved on Paystack's confirmation)", tone: "green" },
  "referral_settings.update": { label: "Referral settings updated", tone: "blue" },
  "referral.release": { label: "Held referral reward released", tone: "green" },
  "referral.void": { label: "Held referral reward voided", tone: "red" },
  "referral.release_refused": { label: "Held reward release refused: own referral", tone: "yellow" },
  "membership_prices.update": { label: "Membership prices updated", tone: "blue" },
  "membership_benefits.update": { label: "Membership benefits updated", tone: "blue" },
  "receiving_account.update": { label: "Receiving account changed", tone: "yellow" },
  "notice.create": { label: "Notice created", tone: "green" },
  "notice.update": { label: "Notice updated", tone: "gray" },
  "notice.delete": { label: "Notice deleted", tone: "red" },
  "report.export_daily": { label: "Daily report downloaded", tone: "gray" },
  "advertiser.approve": { label: "Advertiser approved", tone: "gray" },
  "advertiser.reject": { label: "Advertiser rejected", tone: "gray" },
  "advertiser.restrict": { label: "Advertiser restricted", tone: "red" },
  "advertiser.unrestrict": { label: "Advertiser unrestricted", tone: "gray" },
  "campaign.confirm_payment": { label: "Campaign payment confirmed", tone: "gray" },
  "campaign.paid_online": { label: "Campaign paid online (funded on Paystack's confirmation)", tone: "green" },
  "campaign.activate": { label: "Campaign activated", tone: "gray" },
  "campaign.reject": { label: "Campaign rejected", tone: "gray" },
  "reconciliation.resolve": { label: "Reconciliation entry resolved", tone: "blue" },
  "payment.refund": { label: "Payment refunded via Paystack", tone: "yellow" },
};

/** The words for a recorded action; an action no longer in the vocabulary reads as its code. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_BADGES, action) ? AUDIT_ACTION_BADGES[action as AuditAction].label : action;

/** The tone of a recorded action's badge; gray for an action no longer in the vocabulary. */
export const auditActionTone = (action: string): BadgeTone =>
  Object.hasOwn(AUDIT_ACTION_BADGES, action) ? AUDIT_ACTION_BADGES[action as AuditAction].tone : "gray";
