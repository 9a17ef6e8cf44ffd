import { describe, expect, it } from "vitest";
import { PERMISSIONS, type Actor } from "~/domain/permissions/permissions";
import { adminNavLinks, adminQuickActions, quickActionIcon } from "./admin-screens";

const admin = (permissions: string[]): Actor => ({ role: "admin", permissions });

describe("the admin screens", () => {
  it("give the super admin every screen in the navigation, and every quick action with the spec's words", () => {
    const root: Actor = { role: "super_admin", permissions: [] };
    expect(adminNavLinks(root).map((l) => l.label)).toEqual([
      "Dashboard",
      "Users",
      "Adverts",
      "Advertisers",
      "Campaigns",
      "Withdrawals",
      "Memberships",
      "Referrals",
      "Notices",
      "Messages",
      "Settings",
      "Linked Accounts",
      "Audit Log",
    ]);
    expect(adminQuickActions(root)).toEqual([
      { to: "/admin/users", label: "Manage Users" },
      { to: "/admin/adverts", label: "Manage Adverts" },
      { to: "/admin/advertisers", label: "Advertisers" },
      { to: "/admin/campaigns", label: "Manage Campaigns" },
      { to: "/admin/withdrawals", label: "Withdrawal Requests" },
      { to: "/admin/memberships", label: "Manage Memberships" },
      { to: "/admin/referrals", label: "Referral Settings" },
      { to: "/admin/notices", label: "Manage Notices" },
      { to: "/admin/settings", label: "Application Settings" },
      { to: "/admin/risk", label: "Linked Accounts" },
      { to: "/admin/audit", label: "Audit Log" },
    ]);
  });

  it("offer an admin a quick action exactly for each screen of their navigation that has one, with its icon", () => {
    for (const permission of PERMISSIONS) {
      const actor = admin([permission]);
      const nav = adminNavLinks(actor).map((l) => l.to);
      const quick = adminQuickActions(actor).map((a) => a.to);
      expect({ permission, quick }).toEqual({
        permission,
        quick: nav.filter((to) => to !== "/admin" && to !== "/messages"),
      });
      for (const to of quick) expect(quickActionIcon(to), to).toBeDefined();
    }
  });

  it("offer an admin without permissions the dashboard and messages only, and members nothing", () => {
    expect(adminNavLinks(admin([])).map((l) => l.to)).toEqual(["/admin", "/messages"]);
    expect(adminQuickActions(admin([]))).toEqual([]);
    expect(adminNavLinks({ role: "user", permissions: [...PERMISSIONS] })).toEqual([]);
    expect(adminQuickActions({ role: "user", permissions: [...PERMISSIONS] })).toEqual([]);
  });
});
