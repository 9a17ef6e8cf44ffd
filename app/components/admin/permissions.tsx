import { Badge } from "~/components/ui/badge";
import { PERMISSIONS, type Permission } from "~/domain/permissions/permissions";

/** How each permission reads on screen. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  manage_users: "Manage users",
  manage_adverts: "Manage adverts",
  manage_settings: "Manage settings",
  manage_withdrawals: "Manage withdrawals",
  manage_memberships: "Manage memberships",
  manage_notices: "Manage notices",
  manage_referrals: "Manage referrals",
  review_risk: "Review linked accounts",
  view_reports: "View reports",
};

/**
 * The eight permissions as native checkboxes named `permissions`, so the form posts them
 * (one value per ticked box) with or without JavaScript.
 */
export function PermissionCheckboxes({
  idPrefix,
  checked,
  error,
  legend = "Permissions",
}: {
  idPrefix: string;
  checked: readonly string[];
  error?: string;
  legend?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PERMISSIONS.map((permission) => {
          const id = `${idPrefix}-${permission}`;
          return (
            <label
              key={permission}
              htmlFor={id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm text-gray-900 hover:bg-gray-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                id={id}
                type="checkbox"
                name="permissions"
                value={permission}
                defaultChecked={checked.includes(permission)}
                className="h-5 w-5 shrink-0 accent-brand-600 focus:outline-none"
              />
              {PERMISSION_LABELS[permission]}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An admin's permissions as small chips, in the canonical order. */
export function PermissionChips({ permissions }: { permissions: readonly string[] }) {
  const held = PERMISSIONS.filter((p) => permissions.includes(p));
  if (held.length === 0) return <p className="text-sm text-gray-600">No permissions</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Permissions">
      {held.map((p) => (
        <li key={p}>
          <Badge tone="green">{PERMISSION_LABELS[p]}</Badge>
        </li>
      ))}
    </ul>
  );
}
