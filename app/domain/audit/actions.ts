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
  "withdrawal.start_processing",
  "withdrawal.reject",
  "withdrawal.complete",
  "withdrawal.export_payouts",
  "withdrawal.reexport_payouts",
  "upgrade.approve",
  "upgrade.reject",
  "referral_settings.update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
