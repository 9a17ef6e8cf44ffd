/** Every permission an admin can hold. The super admin holds them all. */
export const PERMISSIONS = [
  "manage_users",
  "manage_adverts",
  "manage_settings",
  "manage_withdrawals",
  "manage_memberships",
  "manage_notices",
  "manage_referrals",
  "view_reports",
  /** Linked accounts on /admin/risk: only the super admin grants it (not in the default set). */
  "review_risk",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const DEFAULT_ADMIN_PERMISSIONS: readonly Permission[] = [
  "manage_users",
  "manage_adverts",
  "manage_withdrawals",
  "manage_notices",
  "view_reports",
];

export const ROLES = ["user", "admin", "super_admin", "advertiser"] as const;
export type Role = (typeof ROLES)[number];

export type Actor = { role: Role; permissions: readonly string[] };

/** Admins and the super admin: the staff who run the platform. */
export function isStaff(role: Role): boolean {
  return role === "admin" || role === "super_admin";
}

export function hasPermission(actor: Actor, permission: Permission): boolean {
  if (actor.role === "super_admin") return true;
  return actor.role === "admin" && actor.permissions.includes(permission);
}

/** Where a signed-in person lands: login redirect, dashboard link, guard redirects. */
export function homePathFor(role: Role): "/superadmin" | "/admin" | "/dashboard" | "/advertiser" {
  if (role === "super_admin") return "/superadmin";
  if (role === "admin") return "/admin";
  if (role === "advertiser") return "/advertiser";
  return "/dashboard";
}
