import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every route. tests/authorization-matrix.test.ts must hold a row for each path here. */
export default [
  index("routes/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  // The second factor (decision 030): the sign-in step after the password, staff's enrolment, and
  // the re-check a money action asks for.
  route("login/verify", "routes/auth/second-factor/verify.tsx"),
  route("login/enrol", "routes/auth/second-factor/enrol.tsx"),
  route("login/confirm", "routes/auth/second-factor/confirm.tsx"),
  route("login/passkey", "routes/auth/second-factor/passkey.ts"),
  route("register", "routes/auth/register.tsx"),
  route("advertise", "routes/auth/advertise.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("confirm-email", "routes/auth/confirm-email.tsx"),
  route("resend-confirmation", "routes/auth/resend-confirmation.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  // Public information pages, signed in or not (linked from the footer).
  route("help", "routes/help/help.tsx"),
  route("terms", "routes/help/terms.tsx"),
  route("privacy", "routes/help/privacy.tsx"),
  route("contact", "routes/help/contact.tsx"),

  route("dashboard", "routes/user/dashboard.tsx"),
  // The profile page's data (a layout), the page, and one route per form on it: each form posts
  // to its own action, and a refused submit without JavaScript renders the page from there.
  layout("routes/user/profile/layout.tsx", [
    route("profile", "routes/user/profile/page.tsx"),
    route("profile/name", "routes/user/profile/name.tsx"),
    route("profile/password", "routes/user/profile/password.tsx"),
    route("profile/bank-details", "routes/user/profile/bank-details.tsx"),
    route("profile/withdraw", "routes/user/profile/withdraw.tsx"),
  ]),
  // The upgrade page's data (a layout), the page with the request form's action, and the cancel
  // form's action: as the profile's forms, each form posts to its own route.
  layout("routes/user/membership/layout.tsx", [
    route("membership/upgrade", "routes/user/membership/upgrade.tsx"),
    route("membership/upgrade/cancel", "routes/user/membership/cancel.tsx"),
    route("membership/upgrade/pay", "routes/user/membership/pay.tsx"),
  ]),
  // Where Paystack's checkout sends the member back: GET shows, POST checks.
  route("membership/upgrade/paid", "routes/user/membership/paid.tsx"),
  // Two-step verification, recovery codes and passkeys (decision 030): the page's data (a layout),
  // the page, and one route per form.
  layout("routes/user/security/layout.tsx", [
    route("security", "routes/user/security/page.tsx"),
    route("security/turn-on", "routes/user/security/turn-on.tsx"),
    route("security/recovery-codes", "routes/user/security/recovery-codes.tsx"),
    route("security/turn-off", "routes/user/security/turn-off.tsx"),
  ]),
  route("security/passkeys", "routes/user/security/passkeys.ts"),
  route("messages", "routes/user/messages.tsx"),
  route("notices", "routes/user/notices.tsx"),
  route("referrals", "routes/user/referrals.tsx"),
  route("statement", "routes/user/statement/page.tsx"),
  route("statement/csv", "routes/user/statement/csv.ts"),
  route("adverts/:advertId", "routes/user/advert.tsx"),
  // The bank-details-changed mail's link: GET shows, POST freezes (members and advertisers).
  route("payouts/freeze", "routes/user/freeze-payouts.tsx"),

  route("advertiser", "routes/advertiser/home.tsx"),
  route("advertiser/campaigns", "routes/advertiser/campaigns.tsx"),
  route("advertiser/campaigns/:campaignId", "routes/advertiser/campaign.tsx"),
  route("advertiser/campaigns/:campaignId/report.csv", "routes/advertiser/report-export.ts"),
  // Where Paystack's checkout sends the advertiser back: GET shows, POST checks.
  route("advertiser/campaigns/:campaignId/paid", "routes/advertiser/campaign-paid.tsx"),
  // The advertiser's payouts: the page's data (a layout), the page, and one route per form.
  layout("routes/advertiser/payouts/layout.tsx", [
    route("advertiser/payouts", "routes/advertiser/payouts/page.tsx"),
    route("advertiser/payouts/bank-details", "routes/advertiser/payouts/bank-details.tsx"),
    route("advertiser/payouts/withdraw", "routes/advertiser/payouts/withdraw.tsx"),
  ]),

  // The admin pages share a layout: the admin navigation, with the screens the admin may open.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    // Manage Adverts' data (a layout): the page, whose create/edit form posts to itself (also
    // at /new, the create dialog open), and the delete decision's route.
    layout("routes/admin/adverts/layout.tsx", [
      route("admin/adverts", "routes/admin/adverts/page.tsx"),
      route("admin/adverts/new", "routes/admin/adverts/page.tsx", { id: "routes/admin/adverts-new" }),
      route("admin/adverts/delete", "routes/admin/adverts/delete.tsx"),
    ]),
    // Campaigns: the page's data (a layout), the page, and one route per decision form.
    layout("routes/admin/campaigns/layout.tsx", [
      route("admin/campaigns", "routes/admin/campaigns/page.tsx"),
      route("admin/campaigns/activate", "routes/admin/campaigns/activate.tsx"),
      route("admin/campaigns/reject", "routes/admin/campaigns/reject.tsx"),
      route("admin/campaigns/confirm-payment", "routes/admin/campaigns/confirm-payment.tsx"),
    ]),
    route("admin/users", "routes/admin/users.tsx"),
    // A member's page (not a screen of the navigation: Manage Users and the lists link to it).
    route("admin/users/:userId", "routes/admin/user.tsx"),
    route("admin/users/:userId/release-payouts", "routes/admin/release-payouts.tsx"),
    // Application Settings' data (a layout), the page, and one route per form on it.
    layout("routes/admin/settings/layout.tsx", [
      route("admin/settings", "routes/admin/settings/page.tsx"),
      route("admin/settings/branding", "routes/admin/settings/branding.tsx"),
      route("admin/settings/limits", "routes/admin/settings/limits.tsx"),
      route("admin/settings/fee", "routes/admin/settings/fee.tsx"),
      route("admin/settings/auto-payout", "routes/admin/settings/auto-payout.tsx"),
      route("admin/settings/linked-accounts", "routes/admin/settings/linked-accounts.tsx"),
      route("admin/settings/withdrawals", "routes/admin/settings/withdrawals.tsx"),
      route("admin/settings/support", "routes/admin/settings/support.tsx"),
    ]),
    route("admin/notices", "routes/admin/notices.tsx"),
    // The referral page's data (a layout), the page, and one route per form on it.
    layout("routes/admin/referrals/layout.tsx", [
      route("admin/referrals", "routes/admin/referrals/page.tsx"),
      route("admin/referrals/settings", "routes/admin/referrals/settings.tsx"),
      route("admin/referrals/review", "routes/admin/referrals/review.tsx"),
    ]),
    route("admin/withdrawals", "routes/admin/withdrawals.tsx"),
    layout("routes/admin/memberships/layout.tsx", [
      route("admin/memberships", "routes/admin/memberships/page.tsx"),
      route("admin/memberships/benefits", "routes/admin/memberships/benefits.tsx"),
    ]),
    route("admin/audit", "routes/admin/audit.tsx"),
    // Linked accounts: the review's data (a layout), the page, and its decision's route.
    layout("routes/admin/risk/layout.tsx", [
      route("admin/risk", "routes/admin/risk/page.tsx"),
      route("admin/risk/decide", "routes/admin/risk/decide.tsx"),
    ]),
    // Reconciliation: the page's data (a layout), the page, and the Mark resolved form's route.
    layout("routes/admin/reconciliation/layout.tsx", [
      route("admin/reconciliation", "routes/admin/reconciliation/page.tsx"),
      route("admin/reconciliation/resolve", "routes/admin/reconciliation/resolve.tsx"),
      route("admin/reconciliation/refund", "routes/admin/reconciliation/refund.tsx"),
    ]),
    // Advertisers: the page's data (a layout), the page, and one route per decision form.
    layout("routes/admin/advertisers/layout.tsx", [
      route("admin/advertisers", "routes/admin/advertisers/page.tsx"),
      route("admin/advertisers/approve", "routes/admin/advertisers/approve.tsx"),
      route("admin/advertisers/reject", "routes/admin/advertisers/reject.tsx"),
      route("admin/advertisers/restriction", "routes/admin/advertisers/restriction.tsx"),
    ]),
  ]),
  route("admin/withdrawals/export.csv", "routes/admin/withdrawals-export.ts"),
  route("admin/withdrawals/pay", "routes/admin/withdrawals-pay.ts"),
  route("admin/reports/daily.csv", "routes/admin/reports-export.ts"),
  route("superadmin", "routes/superadmin.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
