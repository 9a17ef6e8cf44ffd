import { PermissionCheckboxes } from "~/components/admin/permissions";
import type { Toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { useFetcherDialog } from "~/components/ui/use-fetcher-dialog";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

export type ManagedAdmin = { id: string; name: string; displayId: string; permissions: readonly string[] };

/**
 * "Manage" button and its "Manage Permissions" dialog. Posts intent=set-permissions to the
 * route's action through a fetcher; stays open (buttons disabled) until the server answers,
 * closes when the change is accepted, and stays open on a refusal so nothing is lost.
 * Radix returns focus to the "Manage" button on close.
 */
export function ManagePermissionsDialog({ admin }: { admin: ManagedAdmin }) {
  const { open, onOpenChange, fetcher, busy } = useFetcherDialog<{ ok: boolean; toast?: Toast }>();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          Manage<span className="sr-only"> permissions for {admin.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Manage Permissions</DialogTitle>
        <DialogDescription>
          Choose what {admin.name} <span className="font-mono">({admin.displayId})</span> can do. Changes apply from
          their next page load.
        </DialogDescription>
        <fetcher.Form method="post" className="grid gap-5">
          <input type="hidden" name="intent" value="set-permissions" />
          <input type="hidden" name="adminId" value={admin.id} />
          <PermissionCheckboxes
            idPrefix={`manage-${admin.id}`}
            checked={admin.permissions}
            legend={`Permissions for ${admin.name}`}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
