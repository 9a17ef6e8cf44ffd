/** Every kind of audited admin action (also the audit page's filter and labels). */
export const AUDIT_ACTIONS = [
  "admin.create",
  "admin.permissions",
  "admin.deactivate",
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
