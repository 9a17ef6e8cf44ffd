import { useEffect, useRef } from "react";
import { formatLagosDate } from "~/lib/lagos-time";
import { ManagePermissionsDialog } from "~/components/admin/manage-permissions-dialog";
import { PermissionChips } from "~/components/admin/permissions";
import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { ResponsiveList, type ListColumn } from "~/components/ui/responsive-list";
import { PERMISSIONS } from "~/domain/permissions/permissions";

export type AdminSummary = {
  id: string;
  displayId: string;
  name: string;
  email: string;
  permissions: string[];
  joined: string;
};

const COLUMNS: ListColumn<AdminSummary>[] = [
  { header: "Admin", cell: (admin) => <AdminName admin={admin} /> },
  { header: "Joined", cell: (admin) => formatLagosDate(admin.joined), className: "whitespace-nowrap text-gray-700" },
  { header: "Permissions", cell: (admin) => <AdminPermissions admin={admin} /> },
  { header: <span className="sr-only">Actions</span>, cell: (admin) => <AdminActions admin={admin} /> },
];

/**
 * "Active Administrators": one row per admin with Manage (permissions dialog) and Deactivate. A
 * table from the medium breakpoint up; on a phone one card per admin.
 */
export function AdminList({ admins }: { admins: AdminSummary[] }) {
  const headingRef = useFocusAfterRemoval(admins.map((a) => a.id));
  return (
    <Card aria-labelledby="active-admins-heading">
      <CardTitle id="active-admins-heading" ref={headingRef} tabIndex={-1} className="focus:outline-none">
        Active Administrators
      </CardTitle>
      <ResponsiveList
        className="mt-4"
        rows={admins}
        rowKey={(admin) => admin.id}
        columns={COLUMNS}
        caption="Active Administrators"
        empty={<p>No active administrators yet.</p>}
        rowTestId={() => "admin-row"}
        cardTestId={() => "admin-card"}
        card={(admin) => <AdminCard admin={admin} />}
      />
    </Card>
  );
}

function AdminName({ admin }: { admin: AdminSummary }) {
  return (
    <div className="grid min-w-0 gap-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-gray-900">{admin.name}</span>
        <span className="font-mono text-xs text-gray-600">{admin.displayId}</span>
      </p>
      <p className="break-all text-sm text-gray-700">{admin.email}</p>
    </div>
  );
}

function AdminPermissions({ admin }: { admin: AdminSummary }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-xs text-gray-600">
        {admin.permissions.length} of {PERMISSIONS.length} permissions
      </p>
      <PermissionChips permissions={admin.permissions} />
    </div>
  );
}

/** An admin on a phone: who, since when, what they may do, and the buttons. */
function AdminCard({ admin }: { admin: AdminSummary }) {
  return (
    <div className="grid gap-3">
      <div className="grid min-w-0 gap-1">
        <AdminName admin={admin} />
        <p className="text-xs text-gray-600">
          Joined {formatLagosDate(admin.joined)} · {admin.permissions.length} of {PERMISSIONS.length} permissions
        </p>
        <div className="mt-1">
          <PermissionChips permissions={admin.permissions} />
        </div>
      </div>
      <AdminActions admin={admin} />
    </div>
  );
}

function AdminActions({ admin }: { admin: AdminSummary }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ManagePermissionsDialog admin={admin} />
      <ConfirmAction
        trigger={
          <Button type="button" variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
            Deactivate<span className="sr-only"> {admin.name}</span>
          </Button>
        }
        title="Deactivate this admin?"
        description={
          <>
            {admin.name} ({admin.email}) will be signed out at once and can no longer sign in. Their audit history is
            kept.
          </>
        }
        confirmLabel="Deactivate"
        fields={{ intent: "deactivate", adminId: admin.id }}
        destructive
      />
    </div>
  );
}

/**
 * When a row disappears (an admin was deactivated) the button that opened the confirmation goes
 * with it and focus would fall to the page body; move it to the list heading instead.
 */
function useFocusAfterRemoval(ids: string[]) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key = ids.join(",");
  const previous = useRef(key);
  useEffect(() => {
    const before = previous.current.split(",").filter(Boolean);
    previous.current = key;
    const now = new Set(key.split(","));
    if (!before.some((id) => !now.has(id))) return;
    // After Radix's own focus-return attempt (which targets the removed button).
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) headingRef.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [key]);
  return headingRef;
}
