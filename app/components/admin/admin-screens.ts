import {
  BadgeCheck,
  Building2,
  ClipboardCheck,
  FileClock,
  Gift,
  Link2,
  Megaphone,
  Settings,
  ShieldCheck,
  Users,
  Wallet,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { hasPermission, isStaff, type Actor, type Permission } from "~/domain/permissions/permissions";

/** A link to an admin screen: the admin navigation's, or a dashboard quick action's. */
export type AdminScreenLink = { to: string; label: string };

type AdminScreen = AdminScreenLink & {
  /** What its page's guard checks; none: every admin and the super admin. */
  permission?: Permission;
  /** Its button among the dashboard's Quick Actions (the spec's words), if it has one. */
  quickAction?: { label: string; icon: LucideIcon };
};

/**
 * Every admin screen, once, in the navigation's order: the admin navigation and the dashboard's
 * Quick Actions are both read from here. Messages is the staff's own inbox, shared with members.
 */
const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: "/admin", label: "Dashboard" },
  {
    to: "/admin/users",
    label: "Users",
    permission: "manage_users",
    quickAction: { label: "Manage Users", icon: Users },
  },
  {
    to: "/admin/adverts",
    label: "Adverts",
    permission: "manage_adverts",
    quickAction: { label: "Manage Adverts", icon: Megaphone },
  },
  {
    to: "/admin/advertisers",
    label: "Advertisers",
    permission: "manage_adverts",
    quickAction: { label: "Advertisers", icon: Building2 },
  },
  {
    to: "/admin/campaigns",
    label: "Campaigns",
    permission: "manage_adverts",
    quickAction: { label: "Manage Campaigns", icon: ClipboardCheck },
  },
  {
    to: "/admin/withdrawals",
    label: "Withdrawals",
    permission: "manage_withdrawals",
    quickAction: { label: "Withdrawal Requests", icon: Wallet },
  },
  {
    to: "/admin/memberships",
    label: "Memberships",
    permission: "manage_memberships",
    quickAction: { label: "Manage Memberships", icon: BadgeCheck },
  },
  {
    to: "/admin/referrals",
    label: "Referrals",
    permission: "manage_referrals",
    quickAction: { label: "Referral Settings", icon: Gift },
  },
  {
    to: "/admin/notices",
    label: "Notices",
    permission: "manage_notices",
    quickAction: { label: "Manage Notices", icon: FileClock },
  },
  { to: "/messages", label: "Messages" },
  {
    to: "/admin/settings",
    label: "Settings",
    permission: "manage_settings",
    quickAction: { label: "Application Settings", icon: Settings },
  },
  {
    to: "/admin/risk",
    label: "Linked Accounts",
    permission: "review_risk",
    quickAction: { label: "Linked Accounts", icon: Link2 },
  },
  {
    to: "/admin/audit",
    label: "Audit Log",
    permission: "view_reports",
    quickAction: { label: "Audit Log", icon: ShieldCheck },
  },
];

/** The screens this admin (or the super admin, who holds every permission) may open. */
function screensFor(actor: Actor): AdminScreen[] {
  if (!isStaff(actor.role)) return [];
  return ADMIN_SCREENS.filter((s) => !s.permission || hasPermission(actor, s.permission));
}

/** The admin navigation's links for this admin. */
export function adminNavLinks(actor: Actor): AdminScreenLink[] {
  return screensFor(actor).map(({ to, label }) => ({ to, label }));
}

/** The dashboard's Quick Actions for this admin: the screens they may open that have one. */
export function adminQuickActions(actor: Actor): AdminScreenLink[] {
  return screensFor(actor).flatMap(({ to, quickAction }) => (quickAction ? [{ to, label: quickAction.label }] : []));
}

/** A quick action's icon, by its screen's address. */
export function quickActionIcon(to: string): LucideIcon | undefined {
  return ADMIN_SCREENS.find((s) => s.to === to)?.quickAction?.icon;
}
