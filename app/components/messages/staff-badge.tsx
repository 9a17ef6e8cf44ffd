import { Badge } from "~/components/ui/badge";

/**
 * Beside the name of an admin or the super admin wherever messages show who wrote them. Shown
 * from the account's role (the server's `staff`), never from its name, which members cannot
 * make look like staff either.
 */
export function StaffBadge({ className }: { className?: string }) {
  return (
    <Badge tone="green" className={className} data-testid="staff-badge">
      Staff
    </Badge>
  );
}
