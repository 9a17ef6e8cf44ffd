import { useEffect, useRef } from "react";
import { formatLagosDate } from "~/lib/lagos-time";
import { ManagePermissionsDialog } from "~/components/admin/manage-permissions-dialog";
import { PermissionChips } from "~/components/admin/permissions";
import { ConfirmAction } from "~/components/confirm-action";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { PERMISSIONS } from "~/domain/permissions/permissions";

export type AdminSummary = {
  id: string;
  displayId: string;
  name: string;
  email: string;
  permissions: string[];
  joined: string;
};

/** "Active Administrators": one row per admin with Manage (permissions dialog) and Deactivate. */
export function AdminList({ admins }: { admins: AdminSummary[] }) {
  const headingRef = useFocusAfterRemoval(admins.map((a) => a.id));
  return (
    <Card aria-labelledby="active-admins-heading">
      <CardTitle id="active-admins-heading" ref={headingRef} tabIndex={-1} className="focus:outline-none">
        Active Administrators
      </CardTitle>
      {admins.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">No active administrators yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200">
          {admins.map((admin) => (
            <AdminRow key={admin.id} admin={admin} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AdminRow({ admin }: { admin: AdminSummary }) {
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="admin-row">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium text-gray-900">{admin.name}</span>
          <span className="font-mono text-xs text-gray-600">{admin.displayId}</span>
        </p>
        <p className="break-all text-sm text-gray-700">{admin.email}</p>
        <p className="text-xs text-gray-600">
          Joined {formatLagosDate(admin.joined)} · {admin.permissions.length} of {PERMISSIONS.length} permissions
        </p>
        <div className="mt-1">
          <PermissionChips permissions={admin.permissions} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col lg:flex-row">
        <ManagePermissionsDialog admin={admin} />
        <ConfirmAction
          trigger={
            <Button type="button" variant="outline">
              Reset 2-step<span className="sr-only"> verification of {admin.name}</span>
            </Button>
          }
          title="Reset this admin's two-step verification?"
          description={
            <>
              For a lost phone: {admin.name}&apos;s authenticator app, recovery codes and passkeys stop working, they
              are signed out at once, and they set up two-step verification again at their next login.
            </>
          }
          confirmLabel="Reset"
          fields={{ intent: "reset-second-factor", adminId: admin.id }}
        />
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
    </li>
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
