import { describe, expect, it } from "vitest";
import { DEFAULT_ADMIN_PERMISSIONS, hasPermission, homePathFor, PERMISSIONS } from "./permissions";

describe("permissions", () => {
  it("lists the nine permissions, including manage_referrals and review_risk", () => {
    expect([...PERMISSIONS].sort()).toEqual(
      [
        "manage_users",
        "manage_adverts",
        "manage_settings",
        "manage_withdrawals",
        "manage_memberships",
        "manage_notices",
        "manage_referrals",
        "view_reports",
        "review_risk",
      ].sort(),
    );
  });

  it("gives a new admin the default set", () => {
    expect([...DEFAULT_ADMIN_PERMISSIONS].sort()).toEqual(
      ["manage_users", "manage_adverts", "manage_withdrawals", "manage_notices", "view_reports"].sort(),
    );
  });

  it("the super admin holds every permission, whatever is stored", () => {
    for (const p of PERMISSIONS) {
      expect(hasPermission({ role: "super_admin", permissions: [] }, p), p).toBe(true);
    }
  });

  it("an ordinary user holds none, even with permissions stored on the row", () => {
    for (const p of PERMISSIONS) {
      expect(hasPermission({ role: "user", permissions: [] }, p), p).toBe(false);
      expect(hasPermission({ role: "user", permissions: [...PERMISSIONS] }, p), p).toBe(false);
    }
  });

  it("an admin holds exactly the permissions granted", () => {
    const admin = { role: "admin" as const, permissions: ["manage_users", "view_reports"] };
    for (const p of PERMISSIONS) {
      expect(hasPermission(admin, p), p).toBe(p === "manage_users" || p === "view_reports");
    }
    expect(hasPermission({ role: "admin", permissions: [] }, "manage_users")).toBe(false);
  });

  it("sends each role to its home page", () => {
    expect(homePathFor("super_admin")).toBe("/superadmin");
    expect(homePathFor("admin")).toBe("/admin");
    expect(homePathFor("user")).toBe("/dashboard");
  });
});
