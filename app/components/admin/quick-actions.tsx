import { UserCheck } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { quickActionIcon, type AdminScreenLink } from "./admin-screens";

/** The admin dashboard's Quick Actions: a button per screen the admin may open (adminQuickActions). */
export function AdminQuickActions({ actions }: { actions: AdminScreenLink[] }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Quick Actions</h2>
      {actions.length > 0 ? (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {actions.map((action) => {
            const Icon = quickActionIcon(action.to) ?? UserCheck;
            return (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className="flex min-h-12 items-center gap-3 rounded-md border border-gray-200 px-4 py-3 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <Icon className="h-5 w-5 text-brand-600" aria-hidden />
                  {action.label}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600">
          You have no admin permissions yet. Ask the super admin to grant some.
        </p>
      )}
    </Card>
  );
}
